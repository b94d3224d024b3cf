/// Ranks beers by how well their food pairings match a ``FoodQuery``.
///
/// For a query of m words, each beer is scored from the postings of the query's concepts
/// (and, more weakly, of related `-ed` concepts: `roasted` for `roast`):
/// 1. one pairing holds every word in its own form (e.g. "Chicken tacos …") — +4;
/// 2. one pairing holds every word, some only in a related form — +2;
/// 3. the words are all there, spread over several pairings — +1;
/// 4. plus the idf-weighted share of the query words matched (0…1; related forms half),
/// 5. plus a small tightness bonus (≤ 0.1): the best pairing is mostly query words, and
///    several pairings mention them.
/// So all-in-one-pairing beats spread, which beats some-of-the-words; ties go to the
/// lower id. Only the query's postings are read.
public struct FoodRanker: Sendable {
    /// How the results relate to the query.
    public enum Match: String, Sendable, Codable {
        /// Some beer's pairings hold every query word.
        case all
        /// No beer has every word; the results match some.
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
    /// - Complexity: O(P·m) for P postings of the m query concepts, plus sorting the hits.
    public func rank(_ text: String, filter: BeerFilter = BeerFilter(), limit: Int? = 10) throws -> Result {
        let food = catalogue.food
        let query = try FoodQuery(text, vocabulary: food.vocabulary)
        let resolved = query.terms.enumerated().compactMap { (i, t) in t.concept.map { (i, $0) } }
        let m = query.terms.count
        let everyWordKnown = resolved.count == m

        // Lists to merge: (postings, query word slot, strong?).
        var lists: [(ArraySlice<UInt32>, Int, Bool)] = []
        for (slot, (_, c)) in resolved.enumerated() {
            lists.append((food.postings(of: c), slot, true))
            for r in food.vocabulary.relatedConcepts[Int(c)] where !resolved.contains(where: { $0.1 == r }) {
                lists.append((food.postings(of: r), slot, false))
            }
        }
        let idfs = resolved.map { food.idf[Int($0.1)] }
        let idfTotal = max(idfs.reduce(0, +), 1e-6)

        var candidates: [Candidate] = []
        var cursors = lists.map(\.0.startIndex)
        let mAll = UInt32(m)
        // Per beer: strong and any masks per pairing (≤ 8 pairings), union of masks.
        var strong = [UInt32](repeating: 0, count: 8)
        var anyMask = [UInt32](repeating: 0, count: 8)
        while true {
            // Smallest beer among the list heads.
            var beer = UInt32.max
            for (l, (list, _, _)) in lists.enumerated() where cursors[l] < list.endIndex {
                beer = min(beer, list[cursors[l]] >> 3)
            }
            if beer == .max { break }
            for p in 0..<8 {
                strong[p] = 0
                anyMask[p] = 0
            }
            for (l, (list, slot, isStrong)) in lists.enumerated() {
                while cursors[l] < list.endIndex, list[cursors[l]] >> 3 == beer {
                    let p = Int(list[cursors[l]] & 7)
                    anyMask[p] |= 1 << slot
                    if isStrong { strong[p] |= 1 << slot }
                    cursors[l] += 1
                }
            }
            let index = Int(beer)
            guard filter.passes(index, catalogue.features) else { continue }
            var bestStrong: UInt32 = 0, bestAny: UInt32 = 0, union: UInt32 = 0, strongUnion: UInt32 = 0
            var bestPairing = 0, bestKey = (-1, -1, 0)
            var pairingsMatching = 0
            let pStart = food.pairingStart[index]
            let pCount = min(food.pairingStart[index + 1] - pStart, 8)
            for p in 0..<pCount where anyMask[p] != 0 {
                pairingsMatching += 1
                let s = UInt32(strong[p].nonzeroBitCount), a = UInt32(anyMask[p].nonzeroBitCount)
                bestStrong = max(bestStrong, s)
                bestAny = max(bestAny, a)
                union |= anyMask[p]
                strongUnion |= strong[p]
                let len = Int(food.pairingLength[pStart + p])
                let key = (Int(s), Int(a), -len)
                if key > bestKey {
                    bestKey = key
                    bestPairing = p
                }
            }
            var score: Float = 0
            if everyWordKnown {
                if bestStrong == mAll { score += 4 }
                if bestAny == mAll { score += 2 }
                if UInt32(union.nonzeroBitCount) == mAll { score += 1 }
            }
            var coverage: Float = 0
            for (slot, w) in idfs.enumerated() where union & (1 << slot) != 0 {
                coverage += strongUnion & (1 << slot) != 0 ? w : w / 2
            }
            score += coverage / idfTotal
            let bestLen = max(Float(food.pairingLength[pStart + bestPairing]), 1)
            score += 0.05 * min(Float(bestKey.1) / bestLen, 1) + 0.05 * Float(min(pairingsMatching, 3)) / 3
            candidates.append(
                Candidate(
                    index: Int32(index), score: score, union: union, bestPairing: UInt8(bestPairing),
                    allInOnePairing: everyWordKnown && bestAny == mAll,
                    allWords: everyWordKnown && UInt32(union.nonzeroBitCount) == mAll))
        }
        // Rank compact candidates; build word lists only for the ones returned.
        let ids = catalogue.ids
        let total = candidates.count
        var chosen: [Candidate]
        if let limit, limit < candidates.count {
            var top = TopK(k: limit)
            for (i, c) in candidates.enumerated() { top.offer(ScoredBeer(index: Int32(i), id: ids[Int(c.index)], score: c.score)) }
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
        let anyAll = candidates.contains { $0.allWords }
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
