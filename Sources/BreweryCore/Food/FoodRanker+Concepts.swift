extension FoodRanker {
    /// A member of a query term's concept, resolved against the catalogue's vocabulary.
    struct ResolvedMember {
        /// The query term (bit of the masks) it serves.
        var slot: Int
        /// ``FoodKnowledge/Grade`` raw value: 3 typed, 2 member, 1 related.
        var grade: UInt32
        /// As the knowledge writes it.
        var text: String
        /// Per word, the vocabulary concepts that stand for it.
        var words: [[Int32]]
        var absent: [[Int32]]
        /// Its beers ≥ this many (the rarest word's postings), for ordering the display.
        var reach: Int
        /// Per word, the postings (ranges of ``FoodIndex/postings``) of its concepts; and
        /// those of the absent words.
        var ranges: [[Range<Int>]] = []
        var absentRanges: [Range<Int>] = []
        /// A member that is not simple: its places, ascending (see ``places(of:)``),
        /// unless every word is common (``joined``).
        var places: [UInt32] = []
        /// Every word common: its places are joined as the walk goes, not found before.
        var joined = false

        /// One word and nothing absent: its places are its concepts' postings.
        var isSimple: Bool { words.count == 1 && absent.isEmpty }
    }

    /// A beer scored for a query with concepts.
    struct ConceptCandidate {
        var index: Int32
        var score: Float
        /// Slots some pairing matches (2 bits each: the best grade).
        var union: UInt32
        var bestPairing: UInt8
        /// The grade of each slot (2 bits each) in the best pairing.
        var bestGrades: UInt32
        var allInOnePairing: Bool
        var allWords: Bool
    }

    /// A member of several words whose rarest has more places than this is joined as the
    /// walk goes (``PlaceWalker``) rather than leapfrogged whole (``places(of:)``).
    static let commonWordPlaces = 16_384

    /// Beers per chunk of the accumulation: its per-(beer, pairing) cells fit in cache.
    static let conceptChunk = 4096

    /// The highest band a pairing with some word matched through its concept reaches
    /// (see ``rankByConcepts(_:typed:said:filter:limit:courseApartLast:kindAlsoOf:)``): every word as typed scores 8 or more,
    /// anything else less.
    static let expandedBandCap: Float = 6.8

    /// Ranks beers for a query some of whose words name food concepts (``FoodKnowledge``).
    ///
    /// Each query term is a slot. A pairing serves a slot with the best grade among the
    /// slot's members it holds: the words typed (3), a member (2), a related one (1). A
    /// beer's score follows the literal ranking's bands by the mean grade of its best
    /// pairing: every slot in one pairing scores 3 + 2·(mean − 1) — 7 as typed, below
    /// 6.8 otherwise (5 through members, 3 through related ones) —, every slot over
    /// several pairings 1 to 2, some slots 0; plus the share of grades reached (0…1) and
    /// 0.1 over the best pairing's length in words (a pairing that is the member itself,
    /// "Oysters", is the clearest instance). So what was typed ranks above any expansion,
    /// and a member above a related one. Ties go to the lower id.
    ///
    /// One concept alone is walked grade by grade, best first, and stops once the top k
    /// can no longer change. Several slots walk the best members first when they settle
    /// the top k (``rankByGrades(_:slotShares:formCells:required:every:byGrade:filter:limit:)``),
    /// else every member's places, in chunks of ``conceptChunk`` beers, with no allocation
    /// per beer, scoring only beers with every slot when k of them pass the filter. The
    /// matches are counted on bitsets.
    ///
    /// `courseApartLast`, for a dish read as its kind that is not of the course apart
    /// (``FoodKnowledge/courseApart``): the other concepts' members that are instances of
    /// it (``FoodKnowledge/Member/isOfCourseApart``) rank as related ones. `kindAlsoOf`,
    /// for a dish read as its kind that the knowledge holds in other kinds too: the kind's
    /// members that are instances of none of `others` rank as related ones.
    func rankByConcepts(
        _ segments: [FoodKnowledge.Segment], typed: [String: String] = [:], said: [String: String] = [:],
        filter: BeerFilter, limit: Int?, courseApartLast: Bool = false, kindAlsoOf: KindNarrowing? = nil
    ) throws(ScoringError) -> Result {
        let food = catalogue.food
        let vocabulary = food.vocabulary
        let query = try FoodQuery(
            segments: segments, vocabulary: vocabulary, dictionary: dictionary, knowledge: knowledge, typed: typed,
            said: said)
        var conceptsOfPhrase: [String: [Int]] = [:]
        for case .concept(let words, let ids) in segments { conceptsOfPhrase[words.joined(separator: " ")] = ids }

        let slotCount = query.terms.count
        var members: [ResolvedMember] = []
        // Per concept typed: its slot, words, name and members in display order.
        var expanded: [(slot: Int, term: String, concept: String, members: [ResolvedMember])] = []
        // Each word's vocabulary concept, looked up once: the members of a concept share
        // its exclusions, a long list, and a look-up tries spelling variants.
        var conceptOfWord: [String: Int32?] = [:]
        // What the concepts named exclude holds for the whole dish: each slot's members
        // lack the other slots' concepts' exclusions ("vegan burger": no beef burger).
        let excludedBySlot = query.terms.map { t -> (words: [String], dishes: [[String]]) in
            guard t.conceptName != nil, let ids = conceptsOfPhrase[t.correctedTo ?? t.folded] else { return ([], []) }
            return (ids.flatMap { knowledge.concepts[$0].excluded }, ids.flatMap { knowledge.concepts[$0].excludedDishes })
        }
        for (slot, t) in query.terms.enumerated() {
            let others = excludedBySlot.enumerated().filter { $0.offset != slot }.map(\.element)
            let othersExclude = others.flatMap(\.words)
            let othersDishes = others.flatMap(\.dishes)
            let excludedWord = Set(othersExclude)
            if t.conceptName != nil, let ids = conceptsOfPhrase[t.correctedTo ?? t.folded] {
                // Members of several concepts of one name, in the knowledge's order.
                var slotExpanded: [(position: Int, member: ResolvedMember)] = []
                let typed = t.correctedTo ?? t.folded
                for id in ids {
                    // The name typed first, so another name reading as it ("mushrooms" for
                    // "mushroom") is found to add nothing below.
                    let own = knowledge.concepts[id].members
                    let isTyped = { (m: FoodKnowledge.Member) in
                        m.grade == .typed && FoodKnowledge.sameWords(typed: typed, name: m.words)
                    }
                    for var m in own.filter(isTyped) + own.filter({ !isTyped($0) }) {
                        // Another name of the concept is a member: only what was typed ranks first.
                        if m.grade == .typed && !isTyped(m) { m.grade = .member }
                        if m.grade == .member, courseApartLast, m.isOfCourseApart {
                            m.grade = .related
                        }
                        if m.grade == .member, let kindAlsoOf, id == kindAlsoOf.kind,
                            !kindAlsoOf.isShared(m.words, in: knowledge)
                        {
                            m.grade = .related
                        }
                        // A member that is what another concept of the dish excludes is not
                        // one here ("vegetarian burger": no cheeseburger); the typed word stays.
                        if m.grade != .typed,
                            m.words.contains(where: excludedWord.contains)
                                || othersDishes.contains(where: { $0.allSatisfy(m.words.contains) })
                        {
                            continue
                        }
                        m = FoodKnowledge.excluding(othersExclude, dishes: othersDishes, from: m)
                        for var r in resolve(m, slot: slot, concepts: &conceptOfWord) {
                            // Another name that reads as the words typed ("soups" for "soup") adds nothing.
                            if m.grade != .typed,
                                members.contains(where: { $0.slot == slot && $0.grade == 3 && $0.words == r.words })
                            {
                                continue
                            }
                            if !r.isSimple {
                                if r.words.count > 1 && r.reach > Self.commonWordPlaces {
                                    r.joined = true
                                } else {
                                    r.places = places(of: r)
                                    if r.places.isEmpty { continue }
                                }
                            }
                            members.append(r)
                            if m.grade != .typed { slotExpanded.append((slotExpanded.count, r)) }
                        }
                    }
                }
                slotExpanded.sort {
                    ($0.member.grade, $0.member.reach, -$0.position) > ($1.member.grade, $1.member.reach, -$1.position)
                }
                if !slotExpanded.isEmpty {
                    expanded.append((slot, t.shown, t.conceptName ?? t.original, slotExpanded.map(\.member)))
                }
            } else if let c = t.concept {
                let word = t.correctedTo ?? t.original
                let postings = { (c: Int32) in food.postingsStart[Int(c)]..<food.postingsStart[Int(c) + 1] }
                // The other concepts' exclusions, but for the word itself ("vegan cheese" is cheese).
                let absent = othersExclude.compactMap { concept(of: $0, known: &conceptOfWord) }.filter { $0 != c }
                    .map { [$0] + vocabulary.relatedConcepts[Int($0)] }
                let absentRanges = absent.flatMap { $0.map(postings) }
                let forms = [c] + vocabulary.relatedConcepts[Int(c)]
                for (i, f) in forms.enumerated() {
                    var r = ResolvedMember(
                        slot: slot, grade: i == 0 ? 3 : 2, text: i == 0 ? word : vocabulary.conceptLabel[Int(f)],
                        words: [[f]], absent: absent, reach: 0, ranges: [[postings(f)]], absentRanges: absentRanges)
                    if !r.isSimple {
                        r.reach = r.ranges[0][0].count
                        r.places = places(of: r)
                        if r.places.isEmpty { continue }
                    }
                    members.append(r)
                }
            }
        }

        // The beers of each slot: any of them is a match; only those with every slot can
        // hold every word, in one pairing or over several. A concept with exclusions (a
        // diet: vegetarian, vegan) is a condition on the whole dish: a beer matching the
        // other words alone ("burger": a beef burger) is no match for "vegan burger".
        let required = excludedBySlot.indices.filter { !excludedBySlot[$0].words.isEmpty || !excludedBySlot[$0].dishes.isEmpty }
        var matching = BeerSet(capacity: catalogue.count)
        var every: BeerSet?
        var requiredBeers: BeerSet?
        // Per slot, beers its typed members and its members may match (``BeersMatched``).
        var byGrade: [BeersMatched] = []
        for slot in 0..<slotCount {
            let matched = beersMatching(members.filter { $0.slot == slot }, graded: slotCount > 1)
            byGrade.append(matched)
            let beers = matched.all
            matching.formUnion(beers)
            if every == nil { every = beers } else { every!.formIntersection(beers) }
            if required.contains(slot) {
                if requiredBeers == nil { requiredBeers = beers } else { requiredBeers!.formIntersection(beers) }
            }
        }
        if let requiredBeers { matching.formIntersection(requiredBeers) }
        // Beside a diet, a slot's members are named only where a pairing of the diet holds them.
        let requiredMembers = required.map { slot in members.filter { $0.slot == slot } }
        let expansions = expanded.compactMap { e -> Expansion? in
            let shown = shownMembers(e.members, heldWith: required.contains(e.slot) ? [] : requiredMembers)
            return shown.isEmpty ? nil : Expansion(term: e.term, concept: e.concept, members: shown)
        }
        let unfiltered = filter.isEmpty
        var total = 0
        if unfiltered {
            total = matching.count
        } else {
            for b in matching.members where filter.passes(b, catalogue.features) { total += 1 }
        }
        var suggestions: [String] = []
        if total == 0 {
            for t in query.terms
            where t.concept == nil && t.conceptName == nil && dictionary?.contains(t.folded) != true
                && !knowledge.knows(t.folded)
            {
                suggestions += vocabulary.suggestions(for: t.folded)
            }
        }

        let ranked =
            slotCount == 1
            ? rankOneConcept(members, filter: filter, limit: limit)
            : rankSlots(
                members, forms: query.terms.map(isForm),
                required: required, every: every ?? matching, byGrade: byGrade, filter: filter, limit: limit)
        // A member that is the word asked for (a curry for "curry", found as "curried")
        // says nothing the pairing does not.
        let foldedTerms = query.terms.map { TextFolding.fold($0.correctedTo ?? $0.original) }
        let hits = ranked.candidates.map { c -> Hit in
            var words: [String] = []
            var matchedAs: [Hit.MatchedMember] = []
            var wordPairings: [Int] = []
            for (slot, t) in query.terms.enumerated() where (c.union >> UInt32(slot * 2)) & 3 != 0 {
                words.append(t.correctedTo ?? t.original)
                if !c.allInOnePairing { wordPairings.append(firstPairing(of: Int(c.index), holding: slot, members) ?? 0) }
                let g = (c.bestGrades >> UInt32(slot * 2)) & 3
                guard g > 0, g < 3 else { continue }
                if let m = members.first(where: {
                    $0.slot == slot && $0.grade == g && holds(Int(c.index), pairing: Int(c.bestPairing), $0)
                }), TextFolding.fold(m.text) != foldedTerms[slot] {
                    matchedAs.append(Hit.MatchedMember(term: t.shown, member: m.text))
                }
            }
            return Hit(
                index: Int(c.index), score: c.score, matchedWords: words, allInOnePairing: c.allInOnePairing,
                allWords: c.allWords, bestPairing: Int(c.bestPairing), matchedAs: matchedAs, wordPairings: wordPairings)
        }
        let match: Match = total == 0 ? .none : (ranked.anyAllInOnePairing ? .all : .partial)
        return Result(
            query: query, match: match, hits: hits, totalMatches: total, suggestions: suggestions, expansions: expansions)
    }

    /// The beers the members of one slot match.
    struct BeersMatched {
        /// Those some member matches.
        var all: BeerSet
        /// Those a typed member may match, and those a typed member or a member may
        /// match: each holds every beer matched so, and may hold more (a member of common
        /// words counts on each beer holding all its words, checked on none). Empty when
        /// not asked for.
        var typed: BeerSet
        var members: BeerSet
    }

    /// The beers some member matches, and when `graded`, those its typed members and its
    /// members may match: a one-word member's are its concepts' sets (no place is
    /// walked), another's its places; a member of common words is checked only on the
    /// beers that hold all its words and that no other member has matched.
    private func beersMatching(_ members: [ResolvedMember], graded isGraded: Bool = false) -> BeersMatched {
        let food = catalogue.food
        let n = catalogue.count
        // By grade: typed, member, related (all in the last unless graded).
        var graded = [BeerSet](repeating: BeerSet(capacity: isGraded ? n : 0), count: 2) + [BeerSet(capacity: n)]
        for m in members where !m.joined {
            let g = isGraded ? 3 - Int(m.grade) : 2
            if m.isSimple {
                for c in m.words[0] { add(c, to: &graded[g]) }
            } else {
                for p in m.places { graded[g].insert(Int(p >> 3)) }
            }
        }
        var matched = BeersMatched(all: graded[2], typed: graded[0], members: graded[1])
        if isGraded {
            matched.members.formUnion(matched.typed)
            matched.all.formUnion(matched.members)
        }
        guard members.contains(where: \.joined) else { return matched }
        var matching = matched.all
        var all = BeerSet(capacity: n)
        var some = BeerSet(capacity: n)
        // Per concept, the member's words it stands for (a bit each; 0x80 absent).
        var bits = [UInt8](repeating: 0, count: food.vocabulary.conceptCount)
        for m in members where m.joined {
            all.removeAll()
            for c in m.words[0] { add(c, to: &all) }
            for w in m.words.dropFirst() {
                some.removeAll()
                for c in w { add(c, to: &some) }
                all.formIntersection(some)
            }
            if isGraded && m.grade == 3 { matched.typed.formUnion(all) }
            if isGraded && m.grade >= 2 { matched.members.formUnion(all) }
            for (j, w) in m.words.enumerated() { for c in w { bits[Int(c)] |= 1 << UInt8(j) } }
            for w in m.absent { for c in w { bits[Int(c)] |= 0x80 } }
            let full = UInt8((1 << m.words.count) - 1)
            bits.withUnsafeBufferPointer { bits in
                for b in all.members where !matching.contains(b) {
                    var held = (UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0))
                    withUnsafeMutableBytes(of: &held) { held in
                        food.forEachPairingConcept(ofBeer: b) { p, c in held[p] |= bits[Int(c)] }
                        if held.contains(full) { matching.insert(b) }
                    }
                }
            }
            for w in m.words + m.absent { for c in w { bits[Int(c)] = 0 } }
        }
        matched.all = matching
        return matched
    }

    /// Adds the beers of concept `c` to `set`.
    private func add(_ c: Int32, to set: inout BeerSet) {
        if let frequent = catalogue.food.frequentBeers[Int(c)] {
            set.formUnion(frequent)
        } else {
            set.insert(postings: catalogue.food.postings(of: c))
        }
    }

    /// The places that postings `ranges` hold, one bit each (place `x` at bit `x % 64` of
    /// word `x / 64`), kept by the catalogue (``AbsentPlaceCache``) for the next query
    /// with the same ones.
    func absentPlaces(_ ranges: [Range<Int>]) -> [UInt64] {
        catalogue.absentPlaces.places(of: ranges) {
            let postings = catalogue.food.postings
            var bits = [UInt64](repeating: 0, count: (catalogue.count * 8 + 63) / 64)
            for r in ranges {
                for i in r { bits[Int(postings[i] >> 6)] |= 1 << UInt64(postings[i] & 63) }
            }
            return bits
        }
    }

    /// The places (``FoodIndex/postings`` entries) of a member of several words, or with
    /// absent words: where one pairing holds every word and no absent one. Found by
    /// leapfrogging: each word's next place at or past the candidate (a galloping search
    /// in each of its concepts' postings) until all agree, so the cost follows the
    /// rarest word, not the commonest.
    /// The absent words' places are a bitset kept by the catalogue (``AbsentPlaceCache``)
    /// for the next member and the next query with the same ones: a concept's exclusions
    /// are every one of its members' (``FoodKnowledge``).
    private func places(of m: ResolvedMember) -> [UInt32] {
        // One stream per concept of each word (group g for word g).
        var streams: [(group: Int, at: Int, end: Int)] = []
        for (g, word) in m.ranges.enumerated() {
            for r in word where !r.isEmpty { streams.append((g, r.lowerBound, r.upperBound)) }
        }
        let words = m.ranges.count
        var out: [UInt32] = []
        // The places of the absent words, one bit each: looked up once per candidate
        // rather than searched in every absent word's postings.
        var absent: [UInt64] = []
        catalogue.food.postings.withUnsafeBufferPointer { postings in
            if !m.absentRanges.isEmpty { absent = absentPlaces(m.absentRanges) }
            if streams.count == 1 {
                // One word of one form (a concept's excluded words on a one-word member):
                // its postings, less the absent places, with no stream to leapfrog.
                out.reserveCapacity(streams[0].end - streams[0].at)
                for i in streams[0].at..<streams[0].end {
                    let x = postings[i]
                    guard out.last.map({ $0 < x }) ?? true else { continue }
                    if absent.isEmpty || absent[Int(x >> 6)] & (1 << UInt64(x & 63)) == 0 { out.append(x) }
                }
                return
            }
            streams.withUnsafeMutableBufferPointer { streams in
                /// The first place of group `g` at or past `x` (UInt32.max: none), moving
                /// its streams' positions forward.
                func next(_ g: Int, _ x: UInt32) -> UInt32 {
                    var best = UInt32.max
                    for i in 0..<streams.count where streams[i].group == g {
                        var lo = streams[i].at
                        let end = streams[i].end
                        guard lo < end else { continue }
                        if postings[lo] < x {
                            // Gallop to a bound, then halve.
                            var step = 1
                            var hi = lo + 1
                            while hi < end, postings[hi] < x {
                                lo = hi
                                step &*= 2
                                hi = min(lo + step, end)
                            }
                            while lo < hi {
                                let mid = lo + (hi - lo) / 2
                                if postings[mid] < x { lo = mid + 1 } else { hi = mid }
                            }
                            streams[i].at = lo
                        }
                        if lo < end { best = min(best, postings[lo]) }
                    }
                    return best
                }
                var x: UInt32 = 0
                search: while true {
                    var agreed = true
                    for g in 0..<words {
                        let y = next(g, x)
                        if y == .max { break search }
                        if y > x {
                            x = y
                            agreed = false
                        }
                    }
                    guard agreed else { continue }
                    if absent.isEmpty || absent[Int(x >> 6)] & (1 << UInt64(x & 63)) == 0 { out.append(x) }
                    if x == .max - 1 { break }
                    x += 1
                }
            }
        }
        return out
    }

    /// Walks the places of members chunk by chunk, in order. A one-word member's places
    /// are its concepts' postings; another's were found before (``places(of:)``) or,
    /// when every word is common, are joined chunk by chunk on a small scratch (each word
    /// a bit of a byte per place, the top bit for an absent word), so a walk that stops
    /// early reads only the chunks it needs.
    struct PlaceWalker {
        /// What a stream reads: postings of a one-word member, a member's own places, or
        /// postings of word `bit` (0x80: absent) of a member joined on the scratch.
        enum Kind {
            case postings, own
            case joined(UInt8)
        }
        /// Per stream: its member and kind, the next entry to read and the end.
        private var streams: [(member: Int, kind: Kind, at: Int, end: Int)] = []
        private let places: [[UInt32]]
        /// Per member joined on the scratch: the bits of all its words (else 0).
        private var full: [UInt8] = []
        private var scratch: [UInt8]
        private var pending: [Int32] = []

        init(_ members: [ResolvedMember], chunk: Int) {
            places = members.map(\.places)
            scratch = [UInt8](repeating: 0, count: chunk * 8)
            for (i, m) in members.enumerated() {
                if m.isSimple {
                    for r in m.ranges[0] where !r.isEmpty { streams.append((i, .postings, r.lowerBound, r.upperBound)) }
                    full.append(0)
                } else if m.joined {
                    for (j, word) in m.ranges.enumerated() {
                        for r in word where !r.isEmpty { streams.append((i, .joined(1 << UInt8(j)), r.lowerBound, r.upperBound)) }
                    }
                    for r in m.absentRanges where !r.isEmpty { streams.append((i, .joined(0x80), r.lowerBound, r.upperBound)) }
                    full.append(UInt8((1 << m.ranges.count) - 1))
                } else {
                    if !m.places.isEmpty { streams.append((i, .own, 0, m.places.count)) }
                    full.append(0)
                }
            }
        }

        /// The lowest entry not yet walked, or nil when every stream is done.
        func next(_ postings: UnsafeBufferPointer<UInt32>) -> UInt32? {
            var low = UInt32.max
            for s in streams where s.at < s.end {
                if case .own = s.kind { low = min(low, places[s.member][s.at]) } else { low = min(low, postings[s.at]) }
            }
            return low == .max ? nil : low
        }

        /// Calls `mark(member, place − base)` for each place of each member below
        /// `endKey` (places from `base` on), and moves past them.
        @inline(__always)
        mutating func walk(
            _ postings: UnsafeBufferPointer<UInt32>, base: UInt32, endKey: UInt32, _ mark: (Int, Int) -> Void
        ) {
            for s in streams.indices {
                var at = streams[s].at
                let end = streams[s].end
                let i = streams[s].member
                switch streams[s].kind {
                case .postings:
                    while at < end, postings[at] < endKey {
                        mark(i, Int(postings[at] &- base))
                        at += 1
                    }
                case .own:
                    places[i].withUnsafeBufferPointer { own in
                        while at < end, own[at] < endKey {
                            mark(i, Int(own[at] &- base))
                            at += 1
                        }
                    }
                case .joined(let bit):
                    while at < end, postings[at] < endKey {
                        let local = Int(postings[at] &- base)
                        if bit == 0x80 {
                            if scratch[local] != 0 { scratch[local] |= 0x80 }
                        } else {
                            if scratch[local] == 0 { pending.append(Int32(local)) }
                            scratch[local] |= bit
                        }
                        at += 1
                    }
                    // The member's last stream: settle its places before the next member's.
                    if s + 1 == streams.count || streams[s + 1].member != i {
                        for p in pending {
                            let local = Int(p)
                            if scratch[local] == full[i] { mark(i, local) }
                            scratch[local] = 0
                        }
                        pending.removeAll(keepingCapacity: true)
                    }
                }
                streams[s].at = at
            }
        }
    }

    /// The top k (all, without a limit) of one concept: its members walked grade by grade.
    ///
    /// A beer's score is set by the best grade of its pairings, so the grades are walked
    /// best first, each beer scored once (at its best). Within a grade, once k beers
    /// reach the grade's best score and ids rise with the index, later beers cannot
    /// enter; after a grade, a full top k cannot be reached by a lower one.
    private func rankOneConcept(_ members: [ResolvedMember], filter: BeerFilter, limit: Int?) -> (
        candidates: [ConceptCandidate], anyAllInOnePairing: Bool
    ) {
        let food = catalogue.food
        let n = catalogue.count
        let k = limit.map { min(max($0, 0), n) } ?? 0
        var top = TopK(k: k)
        var candidates: [ConceptCandidate] = []
        let ids = catalogue.ids
        let features = catalogue.features
        let unfiltered = filter.isEmpty
        let ascending = catalogue.idIndex.ascending
        var scored = BeerSet(capacity: n)
        let chunk = Self.conceptChunk
        var marks = [UInt8](repeating: 0, count: chunk)
        var touched = [UInt64](repeating: 0, count: chunk / 64)
        var done = false
        for grade in [UInt32(3), 2, 1] where !done {
            let tier = members.filter { $0.grade == grade }
            guard !tier.isEmpty else { continue }
            let band = grade == 3 ? 7 : min(3 + 2 * (Float(grade) - 1), Self.expandedBandCap)
            let best = band + 1 + 0.1
            var walker = PlaceWalker(tier, chunk: chunk)
            var start = 0
            food.postings.withUnsafeBufferPointer { postings in
                while start < n, let next = walker.next(postings) {
                    start = max(start, Int(next >> 3) / chunk * chunk)
                    let base = UInt32(start) << 3
                    let endKey = UInt32(min(start + chunk, n)) << 3
                    marks.withUnsafeMutableBufferPointer { marks in
                        touched.withUnsafeMutableBufferPointer { touched in
                            walker.walk(postings, base: base, endKey: endKey) { _, local in
                                marks[local >> 3] |= 1 << UInt8(local & 7)
                                touched[local >> 9] |= 1 << UInt64((local >> 3) & 63)
                            }
                            for w in 0..<touched.count where touched[w] != 0 {
                                var bits = touched[w]
                                touched[w] = 0
                                while bits != 0 {
                                    let j = w * 64 + bits.trailingZeroBitCount
                                    bits &= bits - 1
                                    let pairings = marks[j]
                                    marks[j] = 0
                                    let b = start + j
                                    guard !scored.contains(b) else { continue }
                                    scored.insert(b)
                                    guard unfiltered || filter.passes(b, features) else { continue }
                                    // The shortest pairing that matched.
                                    let pStart = food.pairingStart[b]
                                    let pCount = min(food.pairingStart[b + 1] - pStart, 8)
                                    var shortest = Int.max
                                    var pairing = 0
                                    for p in 0..<8 where pairings & (1 << UInt8(p)) != 0 {
                                        let length = p < pCount ? max(Int(food.pairingLength[pStart + p]), 1) : 255
                                        if length < shortest { (shortest, pairing) = (length, p) }
                                    }
                                    let bonus = 0.1 / Float(shortest)
                                    let c = ConceptCandidate(
                                        index: Int32(b), score: band + 1 + bonus, union: grade, bestPairing: UInt8(pairing),
                                        bestGrades: grade, allInOnePairing: true, allWords: true)
                                    if limit == nil {
                                        candidates.append(c)
                                    } else if top.offer(ScoredBeer(index: Int32(candidates.count), id: ids[b], score: c.score)) {
                                        candidates.append(c)
                                    }
                                }
                            }
                        }
                    }
                    start += chunk
                    if limit != nil, ascending, let kth = top.threshold, kth.score >= best {
                        done = true
                        break
                    }
                }
            }
            if limit != nil, top.threshold != nil { done = true }
        }
        let chosen = limit != nil ? top.sorted().map { candidates[Int($0.index)] } : Self.sorted(candidates, ids: ids)
        return (chosen, !chosen.isEmpty)
    }

    /// The top k (all, without a limit) of several slots: every member's places walked.
    ///
    /// A beer without every slot (`every` holds those with) scores below 1, one with
    /// every slot above: when k beers of `every` pass the filter, only they are scored.
    /// A beer missing one of the `required` slots is none of the candidates, and the other
    /// slots count only in pairings that match every required one. `forms` says which
    /// slots are dish-form words (``slotWeights(forms:)``): where no pairing holds every
    /// slot, a slot's grade counts by its share of the weights. `byGrade` holds, per slot,
    /// beers its typed members and its members may match (``BeersMatched``), for
    /// ``rankByGrades(_:slotShares:formCells:required:every:byGrade:filter:limit:)``.
    private func rankSlots(
        _ members: [ResolvedMember], forms: [Bool], required: [Int], every: BeerSet, byGrade: [BeersMatched],
        filter: BeerFilter, limit: Int?
    ) -> (candidates: [ConceptCandidate], anyAllInOnePairing: Bool) {
        let weights = Self.slotWeights(forms: forms)
        let total = weights.reduce(0, +)
        let slotShares = weights.map { $0 / total }
        // The dish-form slots weighed down (beside a word that is none), two bits each as in a cell.
        let formCells =
            forms.contains(false) ? forms.enumerated().reduce(UInt32(0)) { $1.1 ? $0 | 3 << UInt32($1.0 * 2) : $0 } : 0
        let k = limit.map { min(max($0, 0), catalogue.count) } ?? 0
        if let bestFirst = rankByGrades(
            members, slotShares: slotShares, formCells: formCells, required: required, every: every, byGrade: byGrade,
            filter: filter, limit: limit)
        {
            return bestFirst
        }
        guard limit != nil, k > 0, passing(every, filter: filter, atLeast: k) else {
            return rankSlots(
                members, slotShares: slotShares, formCells: formCells, required: required, onlyEvery: nil,
                filter: filter, limit: limit)
        }
        let first = rankSlots(
            members, slotShares: slotShares, formCells: formCells, required: required, onlyEvery: every,
            filter: filter, limit: limit)
        // With a required slot a beer of `every` may match the others only in pairings not
        // of it, and rank as a partial match: when fewer than k keep every word, the beers
        // outside `every` may rank among them, and all are scored.
        // Likewise where a beer of `every` holds a dish form only in a pairing of nothing else
        // it was asked for ("Pecan pie" beside a chicken dish, for "chicken pie").
        if first.candidates.count == k && first.candidates.allSatisfy(\.allWords) { return first }
        return rankSlots(
            members, slotShares: slotShares, formCells: formCells, required: required, onlyEvery: nil,
            filter: filter, limit: limit)
    }

    /// The top k of several slots found walking only the best members, or nil when they
    /// cannot be told so.
    ///
    /// A beer's score rises with the grades of its best pairing (``band(gradeSum:slots:)``),
    /// and the members of a grade or better give the same grades to a pairing holding
    /// every slot through them. So the members as typed are walked alone first, then with
    /// the members, over the beers that may hold every slot through them: when the k-th best
    /// found outscores any pairing with a slot of a lower grade, no other beer can rank
    /// among them, and the concepts' other members (every barbecue dish for "bbq ribs")
    /// are never walked. A required slot (a diet) is required as in the whole walk: its
    /// exclusions are the members' own, and a pairing holding every slot through the best
    /// members holds the required ones.
    private func rankByGrades(
        _ members: [ResolvedMember], slotShares: [Float], formCells: UInt32, required: [Int], every: BeerSet,
        byGrade: [BeersMatched], filter: BeerFilter, limit: Int?
    ) -> (candidates: [ConceptCandidate], anyAllInOnePairing: Bool)? {
        guard walksBestMembersFirst, let limit, limit > 0 else { return nil }
        let k = min(limit, catalogue.count)
        let slots = slotShares.count
        let levels: [(least: UInt32, beers: KeyPath<BeersMatched, BeerSet>)] = [(3, \.typed), (2, \.members)]
        for (least, beers) in levels {
            let kept = members.filter { $0.grade >= least }
            guard kept.count < members.count else { return nil }
            var everyKept = every
            for matched in byGrade { everyKept.formIntersection(matched[keyPath: beers]) }
            guard passing(everyKept, filter: filter, atLeast: k) else { continue }
            let found = rankSlots(
                kept, slotShares: slotShares, formCells: formCells, required: required, onlyEvery: everyKept, filter: filter,
                limit: limit)
            // The most a beer can score whose best pairing has a slot below `least`: the
            // others as typed, that one a grade lower, the whole bonus.
            let outside = Self.band(gradeSum: 3 * (slots - 1) + Int(least) - 1, slots: slots) + 1 + 0.1
            if found.candidates.count == k, let kth = found.candidates.last, kth.score > outside { return found }
        }
        return nil
    }

    /// Whether at least `k` beers of `beers` pass `filter` (counted up to `k`).
    private func passing(_ beers: BeerSet, filter: BeerFilter, atLeast k: Int) -> Bool {
        guard k > 0 else { return true }
        var count = 0
        for b in beers.members where filter.isEmpty || filter.passes(b, catalogue.features) {
            count += 1
            if count >= k { return true }
        }
        return false
    }

    /// The band of a pairing holding every one of `slots` slots with grades summing to
    /// `gradeSum`: 7 when every slot is as typed, else 3 + 2·(mean grade − 1), at most
    /// ``expandedBandCap``.
    static func band(gradeSum: Int, slots: Int) -> Float {
        gradeSum == 3 * slots ? 7 : min(3 + 2 * (Float(gradeSum) / Float(slots) - 1), expandedBandCap)
    }

    /// ``rankSlots(_:forms:required:every:byGrade:filter:limit:)`` scoring the beers of
    /// `onlyEvery` alone when given; `formCells` holds the dish-form slots' bits.
    private func rankSlots(
        _ members: [ResolvedMember], slotShares: [Float], formCells: UInt32, required: [Int], onlyEvery: BeerSet?,
        filter: BeerFilter, limit: Int?
    ) -> (candidates: [ConceptCandidate], anyAllInOnePairing: Bool) {
        let n = catalogue.count
        let k = limit.map { min(max($0, 0), n) } ?? 0
        let requiredMask = required.reduce(UInt32(0)) { $0 | 3 << UInt32($1 * 2) }
        var top = TopK(k: k)
        var candidates: [ConceptCandidate] = []
        var anyAll = false
        let ids = catalogue.ids
        let features = catalogue.features
        let unfiltered = filter.isEmpty
        let chunk = Self.conceptChunk
        var cells = [UInt32](repeating: 0, count: chunk * 8)
        var touched = [UInt64](repeating: 0, count: chunk / 64)
        var walker = PlaceWalker(members, chunk: chunk)
        var start = 0
        catalogue.food.postings.withUnsafeBufferPointer { postings in
            while start < n, let next = walker.next(postings) {
                // Jump to the chunk of the next place any member holds.
                start = max(start, Int(next >> 3) / chunk * chunk)
                let base = UInt32(start) << 3
                let endKey = UInt32(min(start + chunk, n)) << 3
                cells.withUnsafeMutableBufferPointer { cells in
                    touched.withUnsafeMutableBufferPointer { touched in
                        walker.walk(postings, base: base, endKey: endKey) { i, local in
                            let shift = UInt32(members[i].slot * 2)
                            let g = members[i].grade
                            let v = cells[local]
                            if (v >> shift) & 3 < g { cells[local] = (v & ~(3 << shift)) | (g << shift) }
                            touched[local >> 9] |= 1 << UInt64((local >> 3) & 63)
                        }
                        for w in 0..<touched.count where touched[w] != 0 {
                            var bits = touched[w]
                            touched[w] = 0
                            while bits != 0 {
                                let j = w * 64 + bits.trailingZeroBitCount
                                bits &= bits - 1
                                let b = start + j
                                let cellStart = j * 8
                                defer { for p in 0..<8 { cells[cellStart + p] = 0 } }
                                guard onlyEvery?.contains(b) ?? true else { continue }
                                guard unfiltered || filter.passes(b, features) else { continue }
                                if !required.isEmpty {
                                    // The other slots count only in a pairing that is of every
                                    // required one ("vegan cheese": a cheese board is not vegan).
                                    for p in cellStart..<(cellStart + 8)
                                    where !required.allSatisfy({ cells[p] & (3 << UInt32($0 * 2)) != 0 }) {
                                        cells[p] &= requiredMask
                                    }
                                }
                                let c = conceptScore(
                                    b, cells: UnsafeBufferPointer(rebasing: cells[cellStart..<(cellStart + 8)]),
                                    slotShares: slotShares, formCells: formCells)
                                guard required.allSatisfy({ c.union & (3 << UInt32($0 * 2)) != 0 }) else { continue }
                                anyAll = anyAll || c.allInOnePairing
                                if limit == nil {
                                    candidates.append(c)
                                } else if top.offer(ScoredBeer(index: Int32(candidates.count), id: ids[b], score: c.score)) {
                                    candidates.append(c)
                                }
                            }
                        }
                    }
                }
                start += chunk
            }
        }
        let chosen = limit != nil ? top.sorted().map { candidates[Int($0.index)] } : Self.sorted(candidates, ids: ids)
        return (chosen, anyAll)
    }

    /// `candidates` best first, ties to the lower id.
    private static func sorted(_ candidates: [ConceptCandidate], ids: AlignedBuffer<Int32>) -> [ConceptCandidate] {
        candidates.sorted { a, b in a.score != b.score ? a.score > b.score : ids[Int(a.index)] < ids[Int(b.index)] }
    }

    /// The score of beer `b` whose pairings' slot grades are `cells` (one per pairing).
    /// Where no pairing holds every slot, each slot's grade counts by its share of the
    /// weights (`slotShares`, summing to 1), and a pairing holding only dish-form slots
    /// (`formCells`) counts only when no other pairing holds a slot: "Pecan pie" says
    /// nothing of a chicken pie beside a chicken dish.
    private func conceptScore(
        _ b: Int, cells: UnsafeBufferPointer<UInt32>, slotShares: [Float], formCells: UInt32
    ) -> ConceptCandidate {
        let slotCount = slotShares.count
        let food = catalogue.food
        let pStart = food.pairingStart[b]
        let pCount = min(food.pairingStart[b + 1] - pStart, 8)
        var union: UInt32 = 0
        var formUnion: UInt32 = 0
        var allCount = 0
        var best = (sum: 0, length: Int.max, pairing: 0, grades: UInt32(0))
        var bestAny = (content: false, covered: 0, sum: 0, pairing: 0, grades: UInt32(0))
        for p in 0..<8 {
            let v = cells[p]
            guard v != 0 else { continue }
            let content = v & ~formCells != 0
            var covered = 0
            var sum = 0
            for s in 0..<slotCount {
                let shift = UInt32(s * 2)
                let g = (v >> shift) & 3
                guard g > 0 else { continue }
                covered += 1
                sum += Int(g)
                if content {
                    if (union >> shift) & 3 < g { union = (union & ~(3 << shift)) | (g << shift) }
                } else if (formUnion >> shift) & 3 < g {
                    formUnion = (formUnion & ~(3 << shift)) | (g << shift)
                }
            }
            if covered == slotCount {
                allCount += 1
                let length = p < pCount ? max(Int(food.pairingLength[pStart + p]), 1) : 255
                if sum > best.sum || (sum == best.sum && length < best.length) { best = (sum, length, p, v) }
            }
            if (content && !bestAny.content)
                || (content == bestAny.content
                    && (covered > bestAny.covered || (covered == bestAny.covered && sum > bestAny.sum)))
            {
                bestAny = (content, covered, sum, p, v)
            }
        }
        if union == 0 { union = formUnion }
        let slots = Float(slotCount)
        if allCount > 0 {
            let band = Self.band(gradeSum: best.sum, slots: slotCount)
            let bonus = 0.1 / Float(best.length)
            return ConceptCandidate(
                index: Int32(b), score: band + 1 + bonus, union: union, bestPairing: UInt8(best.pairing),
                bestGrades: best.grades, allInOnePairing: true, allWords: true)
        }
        var covered = 0
        var mean: Float = 0
        for s in 0..<slotCount {
            let g = Int((union >> UInt32(s * 2)) & 3)
            if g > 0 {
                covered += 1
                mean += slotShares[s] * Float(g)
            }
        }
        let everySlot = covered == slotCount
        let band: Float = everySlot ? 1 + 0.5 * (mean - 1) : 0
        return ConceptCandidate(
            index: Int32(b), score: band + mean / 3, union: union, bestPairing: UInt8(bestAny.pairing),
            bestGrades: bestAny.grades, allInOnePairing: false, allWords: everySlot)
    }

    /// The vocabulary concept of the folded word `w`, from `known` when looked up before.
    private func concept(of w: String, known: inout [String: Int32?]) -> Int32? {
        if let c = known[w] { return c }
        let c = catalogue.food.vocabulary.concept(forWord: w)
        known[w] = c
        return c
    }

    /// `m` resolved against the vocabulary for query slot `slot`: none when one of its
    /// words is in no pairing. A word matches its derived forms too (`roasted` for
    /// `roast`), except a word written as a plural: a plural names things, not a way of
    /// cooking (`fries` are chips, never `fried`; `pickles` are not `pickled`). For the
    /// words typed, derived forms are a second member a grade lower, as in the literal
    /// ranking. `concepts` keeps the words looked up so far.
    private func resolve(_ m: FoodKnowledge.Member, slot: Int, concepts: inout [String: Int32?]) -> [ResolvedMember] {
        let food = catalogue.food
        let vocabulary = food.vocabulary
        // A member's words are bits of a byte on the walk's scratch, the top one for absence.
        guard m.words.count <= 7 else { return [] }
        var own: [Int32] = []
        for w in m.words {
            guard let c = concept(of: w, known: &concepts) else { return [] }
            own.append(c)
        }
        let related = zip(m.words, own).map { w, c in
            Self.isPlural(w, of: c, vocabulary) ? [c] : [c] + vocabulary.relatedConcepts[Int(c)]
        }
        let absent = m.absent.compactMap { concept(of: $0, known: &concepts).map { [$0] + vocabulary.relatedConcepts[Int($0)] } }
        func range(_ c: Int32) -> Range<Int> { food.postingsStart[Int(c)]..<food.postingsStart[Int(c) + 1] }
        func member(_ words: [[Int32]], grade: UInt32) -> ResolvedMember {
            let ranges = words.map { $0.map(range) }
            return ResolvedMember(
                slot: slot, grade: grade, text: m.text, words: words, absent: absent,
                reach: ranges.map { $0.reduce(0) { $0 + $1.count } }.min() ?? 0, ranges: ranges,
                absentRanges: absent.flatMap { $0.map(range) })
        }
        let grade = UInt32(m.grade.rawValue)
        guard m.grade == .typed else { return [member(related, grade: grade)] }
        var out = [member(own.map { [$0] }, grade: grade)]
        if related.contains(where: { $0.count > 1 }) { out.append(member(related, grade: grade - 1)) }
        return out
    }

    /// Whether `w`, of concept `c`, is the plural of a word of the same concept (`fries`
    /// of `fry`), so a form of it rather than its base.
    static func isPlural(_ w: String, of c: Int32, _ vocabulary: FoodVocabulary) -> Bool {
        FoodVocabulary.inflectionBases(of: w).contains { vocabulary.hasWord($0, inConcept: c) }
    }

    /// The first of beer `b`'s pairings that some member of query term `slot` matches.
    private func firstPairing(of b: Int, holding slot: Int, _ members: [ResolvedMember]) -> Int? {
        let count = catalogue.food.pairingStart[b + 1] - catalogue.food.pairingStart[b]
        return (0..<count).first { p in members.contains { $0.slot == slot && holds(b, pairing: p, $0) } }
    }

    /// Whether pairing `p` of beer `b` holds member `m`.
    private func holds(_ b: Int, pairing p: Int, _ m: ResolvedMember) -> Bool {
        let food = catalogue.food
        let at = food.pairingStart[b] + p
        guard at < food.pairingStart[b + 1] else { return false }
        let d = Int(food.pairingRef[at])
        let range = Int(food.distinctConceptStart[d])..<Int(food.distinctConceptStart[d + 1])
        func has(_ forms: [Int32]) -> Bool { range.contains { forms.contains(food.distinctConcepts[$0]) } }
        return m.words.allSatisfy(has) && !m.absent.contains(where: has)
    }

}
