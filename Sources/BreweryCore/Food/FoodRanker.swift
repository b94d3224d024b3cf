/// Ranks beers by how well their food pairings match a ``FoodQuery``: all words in one
/// pairing beats words spread over several, which beats some of the words; ties go to
/// the lower id. Only the query's postings are read.
///
/// Score: +4 when one pairing holds every word in its own form, +2 when one holds every
/// word in some form (related `-ed` forms: `roasted` for `roast`), +1 when the words are
/// all there over several pairings (bands 7, 3, 1); plus the idf-weighted share of words
/// matched (0…1, related forms half), plus ≤ 0.08 for that share held in one pairing
/// (more of the words together beats the same words spread), plus a tightness bonus
/// ≤ 0.02 (the best pairing is mostly query words, several pairings mention them).
public struct FoodRanker: Sendable {
    /// How the results relate to the query.
    public enum Match: String, Sendable, Codable {
        /// Some beer has one pairing holding every query word.
        case all
        /// No pairing holds every word: the results have some of the words, all of them
        /// spread over several pairings, or a word's kind for a word no pairing holds
        /// (``Result/unheldWord``).
        case partial
        /// Nothing matched.
        case none
    }

    /// One ranked beer.
    public struct Hit: Sendable, Equatable {
        /// Beer index.
        public var index: Int
        /// The score (see the type's documentation).
        public var score: Float
        /// Query words this beer's pairings hold (as the query typed them, after correction).
        public var matchedWords: [String]
        /// Whether one pairing holds every query word.
        public var allInOnePairing: Bool
        /// Whether the pairings together hold every query word.
        public var allWords: Bool
        /// Index of the pairing that matched best.
        public var bestPairing: Int
        /// The concept members the best pairing matched for query words it does not
        /// hold as typed (`shellfish` → `king prawn`).
        public var matchedAs: [MatchedMember] = []
        /// When no one pairing holds every word: per word of ``matchedWords``, the index
        /// of the beer's first pairing that holds it (empty otherwise).
        public var wordPairings: [Int] = []

        /// A query term and the member of its concept that matched.
        public struct MatchedMember: Sendable, Equatable {
            public var term: String
            public var member: String
        }
    }

    /// A query term read as a food concept, and the members it matched as.
    public struct Expansion: Sendable, Equatable {
        /// The words typed.
        public var term: String
        /// The concept's name.
        public var concept: String
        /// Members that some pairing holds (beside a diet, a pairing of the diet),
        /// members before related ones, the most common first.
        public var members: [String]
    }

    /// The ranking and what to say about it.
    public struct Result: Sendable, Equatable {
        /// The dish as it was understood.
        public var query: FoodQuery
        /// How the best beers met it.
        public var match: Match
        /// Matching beers, best first (after filters; all of them when no limit).
        public var hits: [Hit]
        /// Number of beers that matched before the limit.
        public var totalMatches: Int
        /// Closest vocabulary words, when nothing matched.
        public var suggestions: [String]
        /// The query terms read as food concepts (empty when none was).
        public var expansions: [Expansion] = []
        /// The word no pairing holds that was read as the concept it is a member of
        /// ("gelato" as dessert, one of ``expansions``): the hits are of its kind, not it,
        /// so the match is at most partial. Nil when no word was read so.
        public var unheldWord: String? = nil

        /// The words of the dish no pairing holds: the query's unknown ones and the word
        /// read as its kind, which every front end lists alike.
        public var unknownWords: [String] { query.unknownWords + (unheldWord.map { [$0] } ?? []) }
    }

    /// The most a beer can score: the top band, every word matched in one pairing, the
    /// whole tightness bonus.
    public static let highestScore: Float = 7 + 1 + 0.1

    let catalogue: Catalogue
    /// Real words, never corrected into others (nil: any unknown word may be a typo).
    let dictionary: WordList?
    /// The food concepts a query's words may name.
    let knowledge: FoodKnowledge
    /// From this many beers, a query of several words is walked on every core.
    package var parallelThreshold = 32_768
    /// Machine words of a ``BeerSet`` (64 beers each) in one run of a parallel walk's stripe.
    package var stripeRunWords = 64
    /// Whether a dish of several words walks its concepts' best members first, when they
    /// alone can settle the top k (the ranking is the same either way).
    package var walksBestMembersFirst = true

    /// A ranker over `catalogue`; a query word of `dictionary` is never corrected.
    public init(catalogue: Catalogue, dictionary: WordList? = nil) {
        self.init(catalogue: catalogue, dictionary: dictionary, knowledge: .standard)
    }

    /// A ranker over `catalogue` whose queries may name the concepts of `knowledge`.
    package init(catalogue: Catalogue, dictionary: WordList? = nil, knowledge: FoodKnowledge) {
        self.catalogue = catalogue
        self.dictionary = dictionary
        self.knowledge = knowledge
    }

    /// Ranks beers for `text`.
    ///
    /// - Parameters:
    ///   - text: the dish as typed (`"spicy chicken tacos"`).
    ///   - filter: which beers may be recommended.
    ///   - limit: how many hits to return; `nil` for all.
    /// - Complexity: O(n/64·m) bitset work for n beers and m words, plus scoring the beers
    ///   that hold every word (and, when those are fewer than `limit`, the others); a beer
    ///   whose upper bound cannot beat the current k-th is not scored.
    /// - Returns: the hits, best first, with what was matched and how many beers matched in all.
    /// - Throws: ``ScoringError`` for a query with no food words or too many.
    public func rank(_ text: String, filter: BeerFilter = BeerFilter(), limit: Int? = 10) throws(ScoringError) -> Result {
        try rank(text, filter: filter, limit: limit, execution: .automatic)
    }

    /// Ranks beers for `text`, on one thread or on every core as `execution` says (the
    /// ranking is the same either way; see ``Walk``).
    package func rank(
        _ text: String, filter: BeerFilter = BeerFilter(), limit: Int? = 10, execution: SearchExecution
    ) throws(ScoringError) -> Result {
        let food = catalogue.food
        let asked = dishSegments(text)
        let query = try FoodQuery(
            segments: asked.flatMap(\.words).map { .word($0) }, vocabulary: food.vocabulary, dictionary: dictionary,
            knowledge: knowledge)
        // A word in no pairing, of no dictionary and no concept, one typo from a concept's
        // name, is that name ("shelfish").
        // (A word of a name as typed, "bangers" of "bangers and mash", is no typo.)
        var typed: [String: String] = [:]
        let words = asked.flatMap { segment -> [String] in
            guard case .word(let w) = segment else { return segment.words }
            guard food.vocabulary.concept(forWord: w) == nil, dictionary?.contains(w) != true, !knowledge.knows(w),
                let name = knowledge.nearestName(to: w)
            else { return [w] }
            typed[name] = w
            return [name]
        }
        let segments = knowledge.segments(of: words)
        // The words of the dish no pairing holds, read as their kind.
        if let (read, phrase) = unheldWordsRead(segments),
            let kind = try rank(
                read, asKindOf: phrase, typedAs: Self.typedForm(of: phrase, in: text), query: query, typed: typed,
                filter: filter, limit: limit, execution: execution)
        {
            return kind
        }
        let asTyped = try rank(segments, query: query, typed: typed, filter: filter, limit: limit, execution: execution)
        // A dish of concepts' names alone that no pairing holds whole, its concepts met
        // in no one pairing ("fried rice": "fried" is every fried food), is read as the
        // concept holding it as a member that none of its words names: Chinese food.
        let dish = segments.flatMap(\.words)
        let phrase = dish.joined(separator: " ")
        if asTyped.match != .all, segments.count > 1, let named = namedConcepts(segments),
            let id = knowledge.concept(ofMember: dish, excluding: named),
            let kind = try rank(
                [.concept(words: dish, concepts: [id])], asKindOf: phrase,
                typedAs: Self.typedForm(of: phrase, in: text), query: query, typed: typed,
                filter: filter, limit: limit, execution: execution)
        {
            return kind
        }
        return asTyped
    }

    /// The beers for a dish whose words `phrase` are read as their kind in `read`, when
    /// some pairing holds a member of it; a partial match, since no beer pairs with the
    /// words themselves (``Result/unheldWord``). Nil when no pairing holds a member.
    /// The words are said as the user typed them, `shown` ("toad in the hole", not the
    /// "toad hole" read): the query's term carries them, so every part of the result that
    /// names the term says them.
    private func rank(
        _ read: [FoodKnowledge.Segment], asKindOf phrase: String, typedAs shown: String, query: FoodQuery,
        typed: [String: String], filter: BeerFilter, limit: Int?, execution: SearchExecution
    ) throws(ScoringError) -> Result? {
        // A dish not of the course apart (a savoury one) finds that course's members of
        // its kind below the others: cottage pie is no banoffee pie.
        let dish = read.flatMap(\.words)
        let courseApartLast =
            knowledge.courseApart.map { c in
                !read.contains(where: { $0.concepts.contains(c) }) && !knowledge.isOf(c, dish: dish)
            } ?? false
        // A dish the knowledge holds in several kinds finds the members of the kind read
        // that are of its other kinds first (nasi goreng, Asian food and a rice dish, finds
        // sushi and fried rice before sashimi), when some pairing the filter passes holds
        // one; else the kind's members as they are.
        let narrowing = read.first { $0.words.joined(separator: " ") == phrase }.flatMap { segment in
            segment.concepts.first.flatMap { KindNarrowing(dish: segment.words, readAs: $0, in: knowledge) }
        }
        var kind = try rank(
            read, query: query, typed: typed, said: [phrase: shown], filter: filter, limit: limit,
            execution: execution, courseApartLast: courseApartLast, kindAlsoOf: narrowing)
        if let narrowing, let top = kind.hits.first,
            !top.matchedAs.contains(where: { narrowing.isShared(FoodText.words($0.member), in: knowledge) })
        {
            kind = try rank(
                read, query: query, typed: typed, said: [phrase: shown], filter: filter, limit: limit,
                execution: execution, courseApartLast: courseApartLast)
        }
        guard kind.expansions.contains(where: { $0.term == shown && !$0.members.isEmpty }) else { return nil }
        kind.unheldWord = shown
        if kind.match == .all { kind.match = .partial }
        return kind
    }

    /// `phrase` (words without their stop words) as typed in `text`, with the stop words
    /// between its words: "toad in the hole" for "toad hole". `phrase` itself when its
    /// words are not in `text` in a row (a typo read as a name, two words read as one).
    static func typedForm(of phrase: String, in text: String) -> String {
        let raw = FoodText.rawWords(text)
        let words = phrase.split(separator: " ").map(String.init)
        guard let head = words.first else { return phrase }
        for start in raw.indices where raw[start] == head {
            var (j, k) = (start + 1, 1)
            while k < words.count, j < raw.count {
                if raw[j] == words[k] {
                    k += 1
                } else if !FoodText.stopWords.contains(raw[j]) {
                    break
                }
                j += 1
            }
            if k == words.count { return raw[start..<j].joined(separator: " ") }
        }
        return phrase
    }

    /// The concepts `segments` name, when every segment names some and none is a diet
    /// (which holds for the whole dish: "veggie burger" is no kind of its own); else nil.
    private func namedConcepts(_ segments: [FoodKnowledge.Segment]) -> Set<Int>? {
        var named: Set<Int> = []
        for segment in segments {
            let ids = segment.concepts
            guard !ids.isEmpty, !ids.contains(where: { knowledge.concepts[$0].hasExclusions }) else { return nil }
            named.formUnion(ids)
        }
        return named
    }

    /// The dish with the words no pairing holds, side by side, read as the concept they
    /// are a member of together, and those words; nil when they are none: "gelato" as the
    /// desserts, "patatas bravas" as Spanish food, "general tso chicken" as Chinese chicken
    /// dishes, "pepperoni pizza" as cured-meat pizzas, "spaghetti carbonara" (each a
    /// member of pasta) as pasta, and "cottage pie" (a British dish, a pie) as British food
    /// beside the pies. Words that are no member together and of different kinds name a
    /// dish of their own, which their kinds would not be: they are left as typed.
    /// A word the pairings hold ("lobster" of "lobster roll") says what the dish is
    /// made of, and stays as typed.
    private func unheldWordsRead(
        _ segments: [FoodKnowledge.Segment]
    ) -> (read: [FoodKnowledge.Segment], phrase: String)? {
        let vocabulary = catalogue.food.vocabulary
        let unheld = segments.indices.filter { i in
            if case .word(let w) = segments[i] { vocabulary.concept(forWord: w) == nil } else { false }
        }
        guard let first = unheld.first, let last = unheld.last, unheld.count == last - first + 1 else { return nil }
        let run = unheld.flatMap { segments[$0].words }
        // A member together, else words all members of one kind ("spaghetti carbonara"),
        // else the kind of the whole dish that none of its other words names.
        let kinds = Set(run.map { knowledge.concept(ofMember: [$0]) })
        guard
            let id = knowledge.concept(ofMember: run) ?? (kinds.count == 1 ? kinds.first! : nil)
                ?? knowledge.concept(ofMember: segments.flatMap(\.words), excluding: Set(segments.flatMap(\.concepts)))
        else { return nil }
        var read = segments
        read.replaceSubrange(first...last, with: [.concept(words: run, concepts: [id])])
        return (read, run.joined(separator: " "))
    }

    /// Ranks beers for a dish read as `segments`: by its concepts when it names one and
    /// is short enough to expand, else as typed (`query`). `said`: concept segments' words
    /// as typed (``FoodQuery/init(segments:vocabulary:dictionary:knowledge:typed:said:)``).
    /// `courseApartLast`: the course
    /// apart's members rank as related ones in the other concepts; `kindAlsoOf`: the
    /// members of a kind read that are of none of the dish's other kinds do too (``rankByConcepts(_:typed:said:filter:limit:courseApartLast:kindAlsoOf:)``).
    private func rank(
        _ segments: [FoodKnowledge.Segment], query: FoodQuery, typed: [String: String], said: [String: String] = [:],
        filter: BeerFilter, limit: Int?, execution: SearchExecution, courseApartLast: Bool = false,
        kindAlsoOf: KindNarrowing? = nil
    ) throws(ScoringError) -> Result {
        if segments.contains(where: { if case .concept = $0 { true } else { false } }),
            segments.count <= Self.mostWordsExpanded
        {
            // Several words that some pairing holds as typed are answered as typed, unless
            // one is a diet (a concept with exclusions), which holds for every match
            // (``rankByConcepts(_:typed:said:filter:limit:courseApartLast:kindAlsoOf:)``): "vegan cheese" lists no dairy.
            let diet = segments.contains {
                if case .concept(_, let ids) = $0 {
                    ids.contains { knowledge.concepts[$0].hasExclusions }
                } else {
                    false
                }
            }
            if segments.count > 1, !diet,
                segments.allSatisfy({ if case .concept(let w, _) = $0 { w.count == 1 } else { true } }),
                query.unknownWords.isEmpty, query.corrections.isEmpty
            {
                let literal = rankLiterally(query, filter: filter, limit: limit, execution: execution)
                if literal.match == .all { return literal }
            }
            return try rankByConcepts(
                segments, typed: typed, said: said, filter: filter, limit: limit, courseApartLast: courseApartLast,
                kindAlsoOf: kindAlsoOf)
        }
        return rankLiterally(query, filter: filter, limit: limit, execution: execution)
    }

    /// The food words of `text` (``FoodText/words(_:)``) read as concept names and words,
    /// without the words of a request (``FoodText/requestWords``) outside a concept's
    /// name, unless nothing else is left.
    func dishSegments(_ text: String) -> [FoodKnowledge.Segment] {
        let segments = knowledge.segments(of: joiningCompounds(FoodText.rawWords(text)))
        let kept = segments.filter { if case .word(let w) = $0 { !FoodText.requestWords.contains(w) } else { true } }
        return kept.isEmpty ? segments : kept
    }

    /// `words` (all of them, stop words too) with two written apart read as the one word
    /// the pairings write them as ("fish cakes" as the "fishcakes" of "Thai fishcakes",
    /// "cheese cake", "sea food"), unless fewer pairings hold that word than hold both
    /// words apart (then they are read as typed); stop words are then left out.
    func joiningCompounds(_ words: [String]) -> [String] {
        let food = catalogue.food
        var out: [String] = []
        var i = 0
        while i < words.count {
            if i + 1 < words.count, let joined = food.vocabulary.concept(forWord: words[i] + words[i + 1]),
                food.postings(of: joined).count >= placesHolding(words[i], words[i + 1])
            {
                out.append(words[i] + words[i + 1])
                i += 2
            } else {
                if !FoodText.stopWords.contains(words[i]) { out.append(words[i]) }
                i += 1
            }
        }
        return out
    }

    /// How many pairings hold both words (in any of their forms; pairings past a beer's
    /// eighth count as one).
    private func placesHolding(_ a: String, _ b: String) -> Int {
        let food = catalogue.food
        guard let ca = food.vocabulary.concept(forWord: a), let cb = food.vocabulary.concept(forWord: b) else {
            return 0
        }
        // Both postings are ascending places (beer << 3 | pairing): a merge counts the shared ones.
        let (pa, pb) = (food.postings(of: ca), food.postings(of: cb))
        var (x, y, shared) = (pa.startIndex, pb.startIndex, 0)
        while x < pa.endIndex && y < pb.endIndex {
            if pa[x] == pb[y] {
                shared += 1
                x += 1
                y += 1
            } else if pa[x] < pb[y] {
                x += 1
            } else {
                y += 1
            }
        }
        return shared
    }

    /// The most query words (or concept names) read for concepts: a longer query is a
    /// dish described, read as typed (and walking every member of several concepts is
    /// what costs most at a million beers).
    package static let mostWordsExpanded = 2

    /// What a dish-form word weighs beside the words of what the dish is made of, as a
    /// share of its idf: for "lobster roll" the lobster dishes come before other rolls.
    package static let formWeight: Float = 0.5

    /// Per query word, 1, or ``formWeight`` for a dish-form word when some word is not one.
    static func slotWeights(forms: [Bool]) -> [Float] {
        let scaled = forms.contains(false)
        return forms.map { scaled && $0 ? formWeight : 1 }
    }

    /// Whether a query word, as typed or corrected, names a dish's form
    /// (``FoodKnowledge/forms``), in the singular or plural.
    func isForm(_ term: FoodQuery.Term) -> Bool {
        let w = TextFolding.fold(term.correctedTo ?? term.original)
        return knowledge.forms.contains(w) || FoodVocabulary.inflectionBases(of: w).contains(where: knowledge.forms.contains)
    }

    /// The words of `query` resolved for the literal ranking: the scorer, and per resolved
    /// word (slot) its beers and (term index, concept).
    func literalScorer(_ query: FoodQuery) -> (scorer: CandidateScorer, slotBeers: [BeerSet], resolved: [(Int, Int32)]) {
        let food = catalogue.food
        let resolved = query.terms.enumerated().compactMap { (i, t) in t.concept.map { (i, $0) } }
        let m = query.terms.count
        let everyWordKnown = resolved.count == m

        // Which query slots each concept serves: as the word's own form (strong) or as a
        // related form (weak). A related concept that is itself a query word stays strong.
        let cCount = food.vocabulary.conceptCount
        var strongSlots = [UInt32](repeating: 0, count: cCount)
        var weakSlots = [UInt32](repeating: 0, count: cCount)
        // (At most FoodQuery.maximumWords slots, so the masks never overflow.)
        for (slot, (_, c)) in resolved.enumerated() { strongSlots[Int(c)] |= 1 << UInt32(slot) }
        // What a word that names a concept is not, unless the query says it too: the
        // "cake" of "lemon cake" is in no pairing of crab cakes ("cake -crab").
        var absentSlots = [UInt32](repeating: 0, count: cCount)
        let said = Set(query.terms.flatMap { FoodKnowledge.forms(of: $0.correctedTo ?? $0.folded) })
        for (slot, (i, _)) in resolved.enumerated() {
            let t = query.terms[i]
            for a in knowledge.absentWords(ofName: t.correctedTo ?? t.folded)
            where FoodKnowledge.forms(of: a).isDisjoint(with: said) {
                if let ac = food.vocabulary.concept(forWord: a) { absentSlots[Int(ac)] |= 1 << UInt32(slot) }
            }
        }
        // The beers of each slot: the word's concept or any related one (in a pairing of
        // none of the concepts it keeps out).
        let keptOut = absentSlots.reduce(0, |)
        var slotBeers: [BeerSet] = []
        for (slot, (_, c)) in resolved.enumerated() {
            // A slot with words kept out gets its beers below, from its places.
            let whole = keptOut & (1 << UInt32(slot)) == 0
            var set = whole ? food.beers(of: c) : BeerSet(capacity: catalogue.count)
            for r in food.vocabulary.relatedConcepts[Int(c)] where strongSlots[Int(r)] == 0 {
                weakSlots[Int(r)] |= 1 << UInt32(slot)
                if whole { set.formUnion(food.beers(of: r)) }
            }
            slotBeers.append(set)
        }
        for (slot, (_, c)) in resolved.enumerated() where keptOut & (1 << UInt32(slot)) != 0 {
            // The beers with a place of the word (or a related form) that holds none of
            // the words kept out, whose places are a bitset the catalogue keeps.
            let bit = UInt32(1) << UInt32(slot)
            let absent = absentPlaces(
                absentSlots.indices.filter { absentSlots[$0] & bit != 0 }.map {
                    food.postingsStart[$0]..<food.postingsStart[$0 + 1]
                })
            for form in [c] + food.vocabulary.relatedConcepts[Int(c)]
            where (strongSlots[Int(form)] | weakSlots[Int(form)]) & bit != 0 {
                for x in food.postings(of: form) where absent[Int(x >> 6)] & (1 << UInt64(x & 63)) == 0 {
                    slotBeers[slot].insert(Int(x >> 3))
                }
            }
        }
        // Each word's idf, a dish form's at ``formWeight``.
        let weights = Self.slotWeights(forms: resolved.map { isForm(query.terms[$0.0]) })
        let idfs = zip(resolved, weights).map { food.idf[Int($0.0.1)] * $0.1 }
        // A form in a pairing of nothing else asked for is set aside in a query of a dish
        // and its form ("lobster roll"; "chicken and leek pie" when no pairing holds
        // "leek"), as the concept ranking does; a longer query is a dish described, and
        // every beer holding all its words stays above the rest (so the walk needs no
        // look at the beers holding fewer).
        let formSlots =
            resolved.count <= Self.mostWordsExpanded
            ? weights.enumerated().reduce(UInt32(0)) { $1.1 < 1 ? $0 | 1 << UInt32($1.0) : $0 } : 0
        let scorer = CandidateScorer(
            food: food, strongSlots: strongSlots, weakSlots: weakSlots, absentSlots: absentSlots, keepsOut: keptOut != 0,
            idfs: idfs,
            idfTotal: max(idfs.reduce(0, +), 1e-6), wordCount: m, everyWordKnown: everyWordKnown,
            formSlots: formSlots)
        return (scorer, slotBeers, resolved)
    }

    /// Ranks beers for `query` by its words as typed (no concepts).
    func rankLiterally(_ query: FoodQuery, filter: BeerFilter, limit: Int?, execution: SearchExecution) -> Result {
        let food = catalogue.food
        // More than every beer is every beer: no limit reaches an allocation unchecked.
        let k = limit.map { min(max($0, 0), catalogue.count) } ?? 0
        let (scorer, slotBeers, resolved) = literalScorer(query)
        let m = query.terms.count
        let idfs = scorer.idfs
        let n = catalogue.count

        let features = catalogue.features
        let unfiltered = filter.isEmpty
        var matching = BeerSet(capacity: n)
        for set in slotBeers { matching.formUnion(set) }
        var total = 0
        if unfiltered {
            total = matching.count
        } else {
            for b in matching.members where filter.passes(b, features) { total += 1 }
        }

        // Score only what can reach the top: beers with every word first (they outrank
        // all others), the rest only when those are fewer than the limit. The loops below
        // walk the sets with iterators and keep their state in one local struct: a local
        // function capturing the running k-th would pay dynamic exclusivity checks on
        // every beer.
        var picker = CandidatePicker(k: k, limited: limit != nil, ids: catalogue.ids)
        var anyAll = false
        if limit != nil, m == 1, resolved.count == 1 {
            // One word: walk its postings (and its related forms'), merged by beer. The
            // entries of a beer say which of its pairings mention the word: how many (for
            // the tightness bonus) and the shortest of them (for the share of query words)
            // bound its score tightly, read sequentially.
            let c = resolved[0].1
            let all = food.postings
            var heads = [food.postingsStart[Int(c)]]
            var ends = [food.postingsStart[Int(c) + 1]]
            for r in food.vocabulary.relatedConcepts[Int(c)] where scorer.strongSlots[Int(r)] == 0 {
                heads.append(food.postingsStart[Int(r)])
                ends.append(food.postingsStart[Int(r) + 1])
            }
            let lists = heads.count
            // The plain bound depends only on how many pairings hold the word: worked out
            // once (by the same function, so the same floats) rather than per beer.
            let plain = (0...8).map { scorer.upperBound(0, tierBound: 7, pairingsBound: $0) }
            let ascending = catalogue.idIndex.ascending
            // One pass with the lists' pointers (per-beer array access paid uniqueness
            // checks; per-beer closures their own set-up).
            heads.withUnsafeMutableBufferPointer { heads in
                ends.withUnsafeBufferPointer { ends in
                    all.withUnsafeBufferPointer { all in
                        while !picker.settled(best: plain[8], ascending: ascending) {
                            var b = Int.max
                            for i in 0..<lists where heads[i] < ends[i] { b = min(b, Int(all[heads[i]] >> 3)) }
                            if b == Int.max { break }
                            var pairings: UInt8 = 0
                            for i in 0..<lists {
                                var h = heads[i]
                                while h < ends[i] && Int(all[h] >> 3) == b {
                                    pairings |= 1 << UInt8(all[h] & 7)
                                    h += 1
                                }
                                heads[i] = h
                            }
                            guard unfiltered || filter.passes(b, features) else { continue }
                            let count = pairings.nonzeroBitCount
                            guard picker.reaches(plain[count], b) else { continue }
                            let bound = scorer.upperBound(
                                b, tierBound: 7, pairingsBound: count, shareBound: scorer.shareBound(b, pairings: pairings))
                            picker.consider(b, bound: bound, scorer: scorer)
                        }
                    }
                }
            }
            anyAll = total > 0  // every match holds the one word (or a related form)
        } else if limit == nil || slotBeers.isEmpty {
            // Every match is wanted (or none can be): no pruning to do.
            for b in matching.members where unfiltered || filter.passes(b, features) {
                picker.consider(b, bound: .infinity, scorer: scorer)
            }
        } else {
            let parallel: Bool
            switch execution {
            case .automatic: parallel = n >= parallelThreshold
            case .serial: parallel = false
            case .parallel: parallel = true
            }
            let walk = Walk(
                catalogue: catalogue, scorer: scorer, filter: filter, slotBeers: slotBeers, idfs: idfs, k: k,
                runWords: stripeRunWords, parallelRest: execution == .parallel ? 0 : Walk.usualParallelRest)
            picker = walk.run(parallel: parallel)
        }
        let candidates = picker.candidates

        // Rank compact candidates; build word lists only for the ones returned.
        var chosen: [Candidate]
        if limit != nil {
            chosen = picker.top.sorted().map { candidates[Int($0.index)] }
        } else {
            chosen = candidates
            let ids = catalogue.ids
            chosen.sort { a, b in a.score != b.score ? a.score > b.score : ids[Int(a.index)] < ids[Int(b.index)] }
        }
        let hits = chosen.map { c -> Hit in
            var words: [String] = []
            var wordPairings: [Int] = []
            for (slot, (termIndex, _)) in resolved.enumerated() where c.union & (1 << slot) != 0 {
                let t = query.terms[termIndex]
                words.append(t.correctedTo ?? t.original)
                if !c.allInOnePairing { wordPairings.append(scorer.pairing(of: Int(c.index), holding: slot) ?? 0) }
            }
            return Hit(
                index: Int(c.index), score: c.score, matchedWords: words, allInOnePairing: c.allInOnePairing,
                allWords: c.allWords, bestPairing: Int(c.bestPairing), wordPairings: wordPairings)
        }
        if !anyAll {
            // Words spread over several pairings are not an answer to "pumpkin soup".
            anyAll = picker.anyAllInOnePairing  // every beer scored passed the filter
        }
        let match: Match = total == 0 ? .none : (anyAll ? .all : .partial)
        var suggestions: [String] = []
        if total == 0 {
            // A real word is no typo: nothing is suggested for it.
            for t in query.terms
            where t.concept == nil && dictionary?.contains(t.folded) != true
                && !knowledge.knows(t.folded)
            {
                suggestions += food.vocabulary.suggestions(for: t.folded)
            }
        }
        return Result(query: query, match: match, hits: hits, totalMatches: total, suggestions: suggestions)
    }

    /// The beers scored so far and the best k of them, with the k-th best kept at hand
    /// so a beer whose bound cannot reach it is never scored.
    struct CandidatePicker: Sendable {
        var top: TopK
        /// The scored beers that entered the top k (all of them without a k).
        var candidates: [Candidate] = []
        /// Whether some beer scored has one pairing holding every word.
        private(set) var anyAllInOnePairing = false
        /// The k-th best so far (score, id); −∞ until k beers are in.
        private(set) var kthScore = -Float.infinity
        private(set) var kthID = Int32.max
        /// Whether there is a k (else every beer considered is kept).
        let limited: Bool
        let ids: AlignedBuffer<Int32>
        /// Where one stripe of a parallel walk puts what it scores (``Walk``): the walk's
        /// one top k, shared by the stripes. Without it, this picker keeps its own.
        let sink: SharedCandidatePicker?

        init(k: Int, limited: Bool, ids: AlignedBuffer<Int32>, sink: SharedCandidatePicker? = nil) {
            top = TopK(k: sink == nil ? k : 0)
            self.limited = limited
            self.ids = ids
            self.sink = sink
        }

        /// Whether no beer still to come can enter the top k: the k-th best is already
        /// `best`, the highest bound there is, and (ids `ascending` with the index) every
        /// later beer would lose the tie.
        @inline(__always)
        func settled(best: Float, ascending: Bool) -> Bool { limited && ascending && kthScore >= best }

        /// Whether a beer `b` whose score is at most `bound` may still enter the top k.
        @inline(__always)
        func reaches(_ bound: Float, _ b: Int) -> Bool {
            !limited || bound > kthScore || (bound == kthScore && ids[b] <= kthID)
        }

        /// Scores beer `b` unless `bound` (no lower than its score) cannot reach the k-th.
        @inline(__always)
        mutating func consider(_ b: Int, bound: Float, scorer: CandidateScorer) {
            guard reaches(bound, b) else { return }
            take(scorer.score(b))
        }

        /// Keeps scored beer `c` if it enters the top k (every one without a k); with a
        /// ``sink``, hands it over if it still reaches the walk's k-th.
        @inline(__always)
        mutating func take(_ c: Candidate) {
            anyAllInOnePairing = anyAllInOnePairing || c.allInOnePairing
            if let sink {
                guard reaches(c.score, Int(c.index)) else { return }
                if let (score, id) = sink.take(c) { raiseKth(score, id) }
                return
            }
            guard limited else { return candidates.append(c) }
            guard top.offer(ScoredBeer(index: Int32(candidates.count), id: ids[Int(c.index)], score: c.score)) else { return }
            candidates.append(c)
            if let t = top.threshold { raiseKth(t.score, t.id) }
        }

        /// Makes (`score`, `id`) the k-th to reach if it is better than the one kept.
        @inline(__always)
        private mutating func raiseKth(_ score: Float, _ id: Int32) {
            if score > kthScore || (score == kthScore && id < kthID) { (kthScore, kthID) = (score, id) }
        }

        /// Takes the ``sink``'s k-th best, which other stripes may have raised (nothing
        /// without a sink).
        @inline(__always)
        mutating func sync() {
            guard let sink, let (score, id) = sink.kth else { return }
            raiseKth(score, id)
        }

        /// Counts a beer with every word in one pairing that another picker scored.
        mutating func noteAllInOnePairing(_ any: Bool) {
            anyAllInOnePairing = anyAllInOnePairing || any
        }
    }

    /// Beers waiting to be scored together (``CandidateScorer/score(batch:into:)``).
    struct BeerBatch {
        private var beers = InlineArray<16, Int32>(repeating: 0)
        private var count = 0

        /// Adds beer `b`; true when the batch is full.
        @inline(__always)
        mutating func add(_ b: Int) -> Bool {
            beers[count] = Int32(b)
            count += 1
            return count == CandidateScorer.batchSize
        }

        /// Scores the beers waiting into `picker`, and empties the batch.
        mutating func score(with scorer: CandidateScorer, into picker: inout CandidatePicker) {
            guard count > 0 else { return }
            let n = count
            count = 0
            withUnsafeTemporaryAllocation(of: Candidate.self, capacity: n) { scored in
                beers.span.withUnsafeBufferPointer { all in
                    scorer.score(batch: UnsafeBufferPointer(rebasing: all[..<n]), into: scored.baseAddress!)
                }
                for c in scored.prefix(n) { picker.take(c) }
            }
        }
    }

    /// A scored beer before its details are built.
    struct Candidate: Sendable {
        var index: Int32
        var score: Float
        var union: UInt32
        var bestPairing: UInt8
        var allInOnePairing: Bool
        var allWords: Bool
    }
}
