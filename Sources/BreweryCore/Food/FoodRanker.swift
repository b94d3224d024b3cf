/// Ranks beers by how well their food pairings match a ``FoodQuery``.
///
/// For a query of m words, each beer is scored from the postings of the query's concepts
/// (and, more weakly, of related `-ed` concepts: `roasted` for `roast`):
/// 1. one pairing holds every word in its own form (e.g. "Chicken tacos …") — +4;
/// 2. one pairing holds every word, some only in a related form — +2;
/// 3. the words are all there, spread over several pairings — +1
///    (these add up: a beer of tier 1 also has 2 and 3, so the bands are 7, 3 and 1);
/// 4. plus the idf-weighted share of the query words matched (0…1; related forms half),
/// 5. plus a small tightness bonus (≤ 0.1): the best pairing is mostly query words, and
///    several pairings mention them.
/// So all-in-one-pairing beats spread, which beats some-of-the-words; ties go to the
/// lower id. Only the query's postings are read.
public struct FoodRanker: Sendable {
    /// How the results relate to the query.
    public enum Match: String, Sendable, Codable {
        /// Some beer has one pairing holding every query word.
        case all
        /// No pairing holds every word: the results have some of the words, or all of
        /// them spread over several pairings.
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
    }

    /// The ranking and what to say about it.
    public struct Result: Sendable, Equatable {
        public var query: FoodQuery
        public var match: Match
        /// Matching beers, best first (after filters; all of them when no limit).
        public var hits: [Hit]
        /// Number of beers that matched before the limit.
        public var totalMatches: Int
        /// Closest vocabulary words, when nothing matched.
        public var suggestions: [String]
    }

    let catalogue: Catalogue

    /// Creates a ranker over `catalogue`.
    public init(catalogue: Catalogue) { self.catalogue = catalogue }

    /// Ranks beers for `text`.
    ///
    /// - Parameters:
    ///   - limit: how many hits to return; `nil` for all.
    /// - Complexity: O(n/64·m) bitset work for n beers and m words, plus scoring the beers
    ///   that hold every word (and, when those are fewer than `limit`, the others); a beer
    ///   whose upper bound cannot beat the current k-th is not scored.
    public func rank(_ text: String, filter: BeerFilter = BeerFilter(), limit: Int? = 10) throws(ScoringError) -> Result {
        let food = catalogue.food
        // More than every beer is every beer: no limit reaches an allocation unchecked.
        let k = limit.map { min(max($0, 0), catalogue.count) } ?? 0
        let query = try FoodQuery(text, vocabulary: food.vocabulary)
        let resolved = query.terms.enumerated().compactMap { (i, t) in t.concept.map { (i, $0) } }
        let m = query.terms.count
        let everyWordKnown = resolved.count == m
        let n = catalogue.count

        // Which query slots each concept serves: as the word's own form (strong) or as a
        // related form (weak). A related concept that is itself a query word stays strong.
        let cCount = food.vocabulary.conceptCount
        var strongSlots = [UInt32](repeating: 0, count: cCount)
        var weakSlots = [UInt32](repeating: 0, count: cCount)
        // (At most FoodQuery.maximumWords slots, so the masks never overflow.)
        for (slot, (_, c)) in resolved.enumerated() { strongSlots[Int(c)] |= 1 << UInt32(slot) }
        // The beers of each slot: the word's concept or any related one.
        var slotBeers: [BeerSet] = []
        var anyRelated = false
        for (slot, (_, c)) in resolved.enumerated() {
            var set = food.beers(of: c)
            for r in food.vocabulary.relatedConcepts[Int(c)] where strongSlots[Int(r)] == 0 {
                weakSlots[Int(r)] |= 1 << UInt32(slot)
                anyRelated = true
                set.formUnion(food.beers(of: r))
            }
            slotBeers.append(set)
        }
        let idfs = resolved.map { food.idf[Int($0.1)] }
        let scorer = CandidateScorer(
            food: food, strongSlots: strongSlots, weakSlots: weakSlots, idfs: idfs,
            idfTotal: max(idfs.reduce(0, +), 1e-6), wordCount: m, everyWordKnown: everyWordKnown)

        let features = catalogue.features
        let unfiltered = filter.isEmpty
        var matching = BeerSet(capacity: n)
        for set in slotBeers { matching.formUnion(set) }
        var total = 0
        if unfiltered {
            total = matching.count
        } else {
            matching.forEach { b in if filter.passes(b, features) { total += 1 } }
        }

        // Score only what can reach the top: beers with every word first (they outrank
        // all others), the rest only when those are fewer than the limit.
        let ids = catalogue.ids
        var candidates: [Candidate] = []
        var top = TopK(k: k)
        // The k-th best so far (score, id), kept here so the loop reads no heap.
        var kthScore = -Float.infinity
        var kthID = Int32.max
        // `consider` reaches the filter through this closure rather than capturing the
        // filter itself: with the filter's sets (references) captured, every call paid for
        // reference counting and dynamic exclusivity checks — a 4× slower single-word query
        // at 100k (0.25 ms against 0.055 ms).
        let passesFilter: (Int) -> Bool = unfiltered ? { _ in true } : { filter.passes($0, features) }
        func consider(_ b: Int, tierBound: Float, pairingsBound: Int? = nil) {
            if !unfiltered && !passesFilter(b) { return }
            if limit != nil {
                let ub = scorer.upperBound(b, tierBound: tierBound, pairingsBound: pairingsBound)
                if ub < kthScore || (ub == kthScore && ids[b] > kthID) { return }
            }
            let c = scorer.score(b)
            if limit != nil {
                top.offer(ScoredBeer(index: Int32(candidates.count), id: ids[b], score: c.score))
                if let t = top.threshold { (kthScore, kthID) = (t.score, t.id) }
            }
            candidates.append(c)
        }
        var anyAll = false
        if limit != nil, m == 1, resolved.count == 1, !anyRelated {
            // One word with no related forms: walk its postings, whose run per beer
            // counts the pairings that mention it — a tight bound read sequentially.
            food.postings(of: resolved[0].1).withUnsafeBufferPointer { list in
                var i = 0
                while i < list.count {
                    let b = list[i] >> 3
                    var j = i + 1
                    while j < list.count && list[j] >> 3 == b { j += 1 }
                    consider(Int(b), tierBound: 7, pairingsBound: j - i)
                    i = j
                }
            }
            anyAll = total > 0  // every match holds the one word
        } else if everyWordKnown, !slotBeers.isEmpty {
            var every = slotBeers[0]
            for set in slotBeers.dropFirst() { every.formIntersection(set) }
            var passing = 0
            every.forEach { b in
                if unfiltered || filter.passes(b, features) { passing += 1 }
                consider(b, tierBound: 7)
            }
            if limit == nil || passing < k {
                matching.forEach { b in if !every.contains(b) { consider(b, tierBound: 0) } }
            }
        } else {
            matching.forEach { b in consider(b, tierBound: 0) }
        }

        // Rank compact candidates; build word lists only for the ones returned.
        var chosen: [Candidate]
        if limit != nil {
            chosen = top.sorted().map { candidates[Int($0.index)] }
        } else {
            chosen = candidates
            chosen.sort { a, b in a.score != b.score ? a.score > b.score : ids[Int(a.index)] < ids[Int(b.index)] }
        }
        let hits = chosen.map { c -> Hit in
            var words: [String] = []
            for (slot, (termIndex, _)) in resolved.enumerated() where c.union & (1 << slot) != 0 {
                let t = query.terms[termIndex]
                words.append(t.correctedTo ?? t.original)
            }
            return Hit(
                index: Int(c.index), score: c.score, matchedWords: words, allInOnePairing: c.allInOnePairing,
                allWords: c.allWords, bestPairing: Int(c.bestPairing))
        }
        if !anyAll {
            // Words spread over several pairings are not an answer to "pumpkin soup".
            anyAll = candidates.contains { $0.allInOnePairing }  // every candidate passed the filter
        }
        let match: Match = total == 0 ? .none : (anyAll ? .all : .partial)
        var suggestions: [String] = []
        if total == 0 {
            for t in query.terms where t.concept == nil {
                suggestions += food.vocabulary.suggestions(for: t.folded)
            }
        }
        return Result(query: query, match: match, hits: hits, totalMatches: total, suggestions: suggestions)
    }

    /// A scored beer before its details are built.
    struct Candidate {
        var index: Int32
        var score: Float
        var union: UInt32
        var bestPairing: UInt8
        var allInOnePairing: Bool
        var allWords: Bool
    }
}
