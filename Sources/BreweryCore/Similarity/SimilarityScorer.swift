import CMaskedSums
import Dispatch
import Foundation

/// Scores beers for `recommend like` exactly: the top k is the one scoring every beer
/// would give, parallel equals serial, and ties go to the lower id.
///
/// A beer's similarity to a query beer is the weighted mean of the parts both have
/// (``SimilarityPart``): abv/ibu/ebc and the method as 1 / (1 + d²), food, yeast, hops and
/// malt as cosines of idf-weighted token sets; ``LikeQuery`` combines several beers. The
/// search skips a block of 64 beers (``FeatureBlocks``) only when its bound, never below
/// any score in it, cannot reach the k-th best; scoring loops allocate and lock nothing.
/// docs/internals.md ("like") says how the bound is built and the threads share work.
package struct SimilarityScorer: Sendable {
    /// The catalogue scored.
    package let catalogue: Catalogue
    /// Below this many beers the search runs serially.
    package var parallelThreshold: Int
    /// Whether the search's filter sums token weights with AVX-512 masked adds (a word of
    /// a token's bits is the mask of one add over a block), or with the portable lane-mask
    /// lookups. Both give the same sums and the same results; true counts only where
    /// ``processorHasMaskedSums``.
    package var maskedSums: Bool

    /// Whether this processor has the masked adds (x86-64 with AVX-512 BW).
    package static let processorHasMaskedSums = brewery_has_avx512bw() != 0

    /// Creates a scorer.
    package init(
        catalogue: Catalogue, parallelThreshold: Int = 32_768, maskedSums: Bool = SimilarityScorer.processorHasMaskedSums
    ) {
        self.catalogue = catalogue
        self.parallelThreshold = parallelThreshold
        self.maskedSums = maskedSums
    }

    /// How to run the search.
    package typealias Execution = SearchExecution

    /// The best `k` beers for `query`, best first.
    ///
    /// - Parameters:
    ///   - filter: beers failing it are skipped.
    ///   - excluding: beer indexes to leave out (usually the query's own beers).
    /// - Complexity: O(n/64) bounds, plus O(64 · query tokens) per block scored.
    package func topK(
        _ query: LikeQuery, k: Int, filter: BeerFilter = BeerFilter(), excluding: [Int] = [],
        execution: Execution = .automatic
    ) -> [ScoredBeer] {
        topK(query, k: k, filter: filter, excluding: excluding, execution: execution, plans: nil)
    }

    /// The same, with the query beers' `plans` (liked first) when made already; with a
    /// `minimumScore`, beers below it are not looked for (blocks whose bound is below it
    /// are skipped), so fewer than `k` may come back.
    func topK(
        _ query: LikeQuery, k: Int, filter: BeerFilter, excluding: [Int], execution: Execution, plans: [QueryPlan]?,
        minimumScore: Float = -.infinity
    ) -> [ScoredBeer] {
        let n = catalogue.count
        guard n > 0, k > 0, let first = query.liked.first else { return [] }
        precondition(query.beers.allSatisfy { $0 >= 0 && $0 < n }, "query beer index out of range")
        let k = min(k, n)
        let blocks = catalogue.blocks
        let search = BlockSearch(
            catalogue: catalogue, query: query, plans: plans, filter: filter, excluded: excluding, k: k,
            maskedSums: maskedSums)
        defer { search.deallocate() }

        // The first liked beer's neighbourhood first: its k-th best score is where the
        // search starts. Its blocks are not scored again; its top k joins the others' at the end.
        let home = Int(blocks.positionOf[first]) / FeatureBlocks.width
        let seedRange = max(home - 8, 0)..<min(home + 9, blocks.blockCount)
        var seedTop = TopK(k: k)
        search.seed(seedRange, into: &seedTop)
        let floor = max(seedTop.threshold?.score ?? -.infinity, minimumScore)

        let groups = blocks.groupCount
        let runParallel: Bool
        switch execution {
        case .automatic:
            // A numeric-only query whose neighbourhood filled the top k has a tight floor:
            // only a few blocks are left, and waking a second thread would cost more.
            let light = search.numericOnly && seedTop.threshold != nil
            runParallel = n >= parallelThreshold && groups > 1 && !light
        case .serial: runParallel = false
        case .parallel: runParallel = true
        }
        // Runs of groups small enough to share out evenly, large enough that claiming
        // them costs little.
        let dispenser = GroupDispenser(count: groups, run: max(groups / 256, 1))
        if !runParallel {
            return TopK.merge([seedTop.sorted(), search.run(dispenser, floor: floor, skipping: seedRange)], k: k)
        }
        let stripes = SearchExecution.stripes
        let results = UnsafeMutableBufferPointer<[ScoredBeer]>.allocate(capacity: stripes)
        results.initialize(repeating: [])
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let out = results
        let shared = SharedThreshold(floor: floor)
        DispatchQueue.concurrentPerform(iterations: stripes) { s in
            out[s] = search.run(dispenser, floor: floor, skipping: seedRange, shared: shared)
        }
        return TopK.merge([seedTop.sorted()] + Array(results), k: k)
    }

    /// The best `k` beers like one beer, best first (the query itself included unless excluded).
    package func topK(
        like beerIndex: Int, weights: ScoringWeights = .standard, k: Int,
        filter: BeerFilter = BeerFilter(), excluding: Int? = nil, execution: Execution = .automatic
    ) -> [ScoredBeer] {
        topK(
            LikeQuery(liked: [beerIndex], weights: weights), k: k, filter: filter, excluding: excluding.map { [$0] } ?? [],
            execution: execution)
    }

    /// The numeric similarity of one beer: den / (den + Σ wᵢdᵢ²) over the axes both beers
    /// have, which is 1 / (1 + weighted mean squared difference), and 0 with no shared axis.
    /// `q` and `w` are the query's scaled values and weights (0 for its missing axes).
    /// The search, its block bounds and ``explain(_:like:weights:)`` all call this.
    @inline(__always)
    static func numericScore(
        _ values: (Float, Float, Float), _ mask: UInt8, q: (Float, Float, Float), w: (Float, Float, Float)
    ) -> Float {
        let xa = w.0 * Float(mask & 1)
        let xi = w.1 * Float((mask >> 1) & 1)
        let xe = w.2 * Float((mask >> 2) & 1)
        let da = values.0 - q.0
        let di = values.1 - q.1
        let de = values.2 - q.2
        let num = xa * da * da + xi * di * di + xe * de * de
        let den = xa + xi + xe
        return den / (den + num + Self.tiny)
    }

    /// Keeps the divisor positive when no axis is shared (score 0, not NaN); far below
    /// any weight, so it never changes a score otherwise.
    @inline(__always) static var tiny: Float { 1e-30 }

    /// The score of one beer against the query, computed the same way as the search;
    /// tests compare the search against this.
    package func score(_ other: Int, like beerIndex: Int, weights: ScoringWeights = .standard) -> Float {
        score(other, LikeQuery(liked: [beerIndex], weights: weights))
    }

    /// The score of one beer for `query`: its similarity to each query beer combined as the
    /// search combines them (``LikeQuery``), by the same operations in the same order.
    package func score(_ other: Int, _ query: LikeQuery) -> Float {
        score(other, query, plans: query.beers.map { QueryPlan($0, weights: query.weights, catalogue: catalogue) })
    }

    /// The same, with the query beers' plans made already (in ``LikeQuery/beers`` order).
    func score(_ other: Int, _ query: LikeQuery, plans: [QueryPlan]) -> Float {
        if plans.count == 1 { return similarity(other, plans[0]).score }
        var single: Float = 0
        var inverseSum: Float = 0
        var dislike: Float = 0
        for (j, plan) in plans.enumerated() {
            let s = similarity(other, plan).score
            if j == 0 { single = s }
            if j < query.liked.count {
                inverseSum += 1 / (s + Self.tiny)
            } else {
                dislike = max(dislike, s)
            }
        }
        return LikeQuery.combine(
            inverseSum: inverseSum, likedCount: query.liked.count, single: single, dislike: dislike,
            anyDisliked: !query.disliked.isEmpty)
    }

    /// One beer's similarity to one query beer, part by part, by the operations
    /// ``BlockSearch/scorePlan(_:block:_:into:)`` uses in the same order. Without
    /// `recording`, only the score (the parts and shared tokens come back empty, and
    /// nothing is allocated).
    func similarity(
        _ other: Int, _ plan: QueryPlan, recording: Bool = true
    ) -> (score: Float, parts: [Float?], shared: [[Int32]]) {
        let f = catalogue.features
        let r = catalogue.recipe
        let n = PlanNumbers(plan)
        let kept = recording ? SimilarityPart.allCases.count : 0
        var parts = [Float?](repeating: nil, count: kept)
        var shared = [[Int32]](repeating: [], count: kept)
        let numeric = Self.numericScore(
            (f.scaled[0][other], f.scaled[1][other], f.scaled[2][other]), f.mask[other], q: n.values.q, w: n.values.w)
        var num = n.values.numericWeight * numeric
        var den = n.values.numericWeight(sharing: f.mask[other])
        if recording, den > 0 { parts[SimilarityPart.numeric.rawValue] = numeric }
        if n.values.methodWeight > 0 {
            let m = RecipeFeatures.methodScore(
                (r.fermentation[other], r.dryHopRate[other]), r.methodMask[other], q: n.values.methodValues,
                qMask: n.values.methodMask)
            num += n.values.methodWeight * m
            let present = r.methodMask[other] & n.values.methodMask != 0
            den += present ? n.values.methodWeight : 0
            if recording, present { parts[SimilarityPart.method.rawValue] = m }
        }
        // A beer has a few tokens of each kind: looking them up in place beats hashing; in
        // its recipe tokens (ascending, all kinds together) by halving.
        func add(
            _ part: SimilarityPart, _ set: QueryPlan.SetPart, has: ArraySlice<Int32>, inverse: Float, ascending: Bool = false
        ) {
            guard set.weight > 0 else { return }
            var sum: Float = 0
            for (j, t) in set.tokens.enumerated() where ascending ? Self.holds(has, t) : has.contains(t) {
                sum += set.tokenWeights[j]
                if recording { shared[part.rawValue].append(t) }
            }
            num += set.scale * inverse * sum
            den += inverse > 0 ? set.weight : 0
            if recording, inverse > 0 { parts[part.rawValue] = set.scale / set.weight * inverse * sum }
        }
        add(.food, plan.food, has: catalogue.food.concepts(ofBeer: other), inverse: catalogue.food.inverseNorm[other])
        let tokens = r.tokens(ofBeer: other)
        for (i, part) in RecipeFeatures.tokenParts.enumerated() {
            add(part, plan.recipe[i], has: tokens, inverse: r.inverseNorm[i][other], ascending: true)
        }
        return (num / (den + Self.tiny), parts, shared)
    }

    /// `list` without repeats, in its order.
    static func distinct(_ list: [String]) -> [String] {
        var seen: Set<String> = []
        return list.filter { seen.insert($0).inserted }
    }

    /// Whether `list` (ascending) holds `t`.
    @inline(__always)
    static func holds(_ list: ArraySlice<Int32>, _ t: Int32) -> Bool {
        var lo = list.startIndex
        var hi = list.endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        return lo < list.endIndex && list[lo] == t
    }

    /// The full score breakdown for one beer against one query beer, computed with the
    /// same operations in the same order as the scan, so its score equals the scan's exactly.
    package func explain(_ other: Int, like beerIndex: Int, weights: ScoringWeights = .standard) -> SimilarityBreakdown {
        explain(other, like: Explained(beerIndex, weights: weights, catalogue: catalogue))
    }

    /// A query beer made ready once for explaining many results against it: its plan and
    /// basics, and, made when a result first needs them, its pairings' words and its
    /// recipe tokens by weight.
    final class Explained {
        let index: Int
        let weights: ScoringWeights
        let plan: QueryPlan
        let basics: BeerBasics
        private let catalogue: Catalogue
        /// The query beer's pairings, read into words (only once a result shares a food).
        private(set) lazy var foods = SharedFoodPhrases(
            pairings: catalogue.beers.foodPairing(at: index), vocabulary: catalogue.food.vocabulary)
        /// The query beer's recipe tokens, heaviest first (ties by token): the order in
        /// which a result's shared ones are named.
        private(set) lazy var tokensByWeight: [Int32] = {
            let r = catalogue.recipe
            return r.tokens(ofBeer: index).sorted {
                r.weights[Int($0)] != r.weights[Int($1)] ? r.weights[Int($0)] > r.weights[Int($1)] : $0 < $1
            }
        }()

        /// `plan`, when given, is the beer's plan for `weights`, made already.
        init(_ index: Int, weights: ScoringWeights, plan: QueryPlan? = nil, catalogue: Catalogue) {
            self.index = index
            self.weights = weights
            self.catalogue = catalogue
            self.plan = plan ?? QueryPlan(index, weights: weights, catalogue: catalogue)
            basics = catalogue.beers.basics(at: index)
        }
    }

    /// ``explain(_:like:weights:)`` against a query beer made ready before; `computed`, when
    /// given, is ``similarity(_:_:)`` of `other` against `q`'s plan, worked out already.
    func explain(
        _ other: Int, like q: Explained, computed: (score: Float, parts: [Float?], shared: [[Int32]])? = nil
    ) -> SimilarityBreakdown {
        let beerIndex = q.index
        let weights = q.weights
        let plan = q.plan
        let (score, parts, sharedTokens) = computed ?? similarity(other, plan)
        let f = catalogue.features
        let r = catalogue.recipe
        let candidate = catalogue.beers.basics(at: other)
        var axes: [SimilarityBreakdown.AxisPart] = []
        for axis in Axis.allCases {
            let bit = UInt8(1 << axis.rawValue)
            let d = f.scaled[axis.rawValue][other] - f.scaled[axis.rawValue][beerIndex]
            let both = f.mask[beerIndex] & f.mask[other] & bit != 0
            axes.append(
                .init(
                    axis: axis, query: q.basics.value(of: axis), other: candidate.value(of: axis),
                    scaledDifference: both ? d : nil, weight: weights.weight(of: axis)))
        }
        // What the two share, named (even for parts weighted 0, so reasons can say it).
        // The query's tokens are in that order already: keeping those the result has
        // (ascending, so by halving) keeps it.
        let mine = r.tokens(ofBeer: other)
        let common = mine.isEmpty ? [] : q.tokensByWeight.filter { Self.holds(mine, $0) }
        func labels(_ kind: RecipeFeatures.Kind, standout: Bool = false) -> [String] {
            common.filter { r.kinds[Int($0)] == kind && (!standout || r.weights[Int($0)] >= RecipeFeatures.standoutWeight) }
                .map { r.labels[Int($0)] }
        }
        var sharedConcepts = sharedTokens[SimilarityPart.food.rawValue]
        if plan.food.weight == 0 {
            sharedConcepts = Array(
                Set(catalogue.food.concepts(ofBeer: other)).intersection(catalogue.food.concepts(ofBeer: beerIndex)))
        }
        let foods = sharedConcepts.isEmpty ? [] : q.foods.phrases(sharedConcepts)
        let dishes = sharedConcepts.isEmpty ? [] : q.foods.dishes(sharedConcepts)
        func method(_ b: Int) -> (Double?, Double?) {
            (
                r.methodMask[b] & 1 != 0 ? Double(r.fermentation[b]) : nil,
                r.methodMask[b] & 2 != 0 ? expm1(Double(r.dryHopRate[b])) : nil
            )
        }
        let weightsByPart = plan.partWeights
        let (queryMethod, otherMethod) = (method(beerIndex), method(other))
        return SimilarityBreakdown(
            axes: axes,
            parts: SimilarityPart.allCases.map { p in
                .init(part: p, similarity: parts[p.rawValue], weight: weightsByPart[p.rawValue])
            },
            sharedFoods: foods, sharedDishes: dishes, sameYeast: labels(.strain), yeastWords: labels(.yeastWord),
            sharedHops: labels(.hop), sharedLateHops: labels(.lateHop), sharedMalts: labels(.malt),
            styles: (r.style(ofBeer: beerIndex), r.style(ofBeer: other)),
            sharedStyleWords: Self.distinct(labels(.styleWord) + labels(.styleNote)),
            standoutYeast: labels(.strain, standout: true), standoutHops: labels(.hop, standout: true),
            standoutMalts: labels(.malt, standout: true),
            fermentation: (queryMethod.0, otherMethod.0), dryHopGramsPerLitre: (queryMethod.1, otherMethod.1),
            score: score)
    }
}

extension SimilarityScorer {
    /// Each block's upper bound on the scores of its beers for `query`, as the search uses
    /// them (tests check that no score exceeds them).
    package func blockBounds(_ query: LikeQuery) -> [Float] {
        let blocks = catalogue.blocks
        let search = BlockSearch(
            catalogue: catalogue, query: query, filter: BeerFilter(), excluded: [], k: 1, maskedSums: maskedSums)
        defer { search.deallocate() }
        let scratch = BlockSearch.Scratch(search)
        defer { scratch.deallocate() }
        return [Float](unsafeUninitializedCapacity: blocks.blockCount) { buffer, count in
            // A group at a time, as the search bounds them.
            for first in stride(from: 0, to: blocks.blockCount, by: FeatureBlocks.groupWidth) {
                let last = min(first + FeatureBlocks.groupWidth, blocks.blockCount)
                search.bounds(first..<last, scratch, into: buffer.baseAddress! + first)
            }
            count = blocks.blockCount
        }
    }

    /// Per block, the least similarity any of its beers can have to each disliked beer of
    /// `query`, in `query.disliked` order, as the search floors them (tests check that
    /// no similarity is below them).
    package func dislikeFloors(_ query: LikeQuery) -> [[Float]] {
        let search = BlockSearch(
            catalogue: catalogue, query: query, filter: BeerFilter(), excluded: [], k: 1, maskedSums: maskedSums)
        defer { search.deallocate() }
        return (0..<catalogue.blocks.blockCount).map { b in
            (search.likedCount..<search.planCount).map { search.dislikeFloor(b, $0) }
        }
    }

    /// Each group's upper bound on the scores of its beers (infinite for mixed masks).
    package func groupBounds(_ query: LikeQuery) -> [Float] {
        let search = BlockSearch(
            catalogue: catalogue, query: query, filter: BeerFilter(), excluded: [], k: 1, maskedSums: maskedSums)
        defer { search.deallocate() }
        return (0..<catalogue.blocks.groupCount).map(search.groupBound)
    }

    /// Per block, whether the filter lets it through for one liked beer at `threshold`
    /// (tests check that it never stops a block holding a beer that reaches it): with
    /// masked sums, the one pass on the words gathered a group at a time (as the search
    /// reads them) and on words read block by block; without, the part-by-part filter
    /// both times.
    package func filterPasses(
        like beerIndex: Int, weights: ScoringWeights = .standard, threshold: Float
    ) -> (gathered: [Bool], read: [Bool]) {
        let search = BlockSearch(
            catalogue: catalogue, query: LikeQuery(liked: [beerIndex], weights: weights), filter: BeerFilter(),
            excluded: [], k: 1, maskedSums: maskedSums)
        defer { search.deallocate() }
        let scratch = BlockSearch.Scratch(search)
        defer { scratch.deallocate() }
        var gathered: [Bool] = []
        var read: [Bool] = []
        for g in 0..<catalogue.blocks.groupCount {
            let first = g * FeatureBlocks.groupWidth
            let last = min(first + FeatureBlocks.groupWidth, catalogue.blocks.blockCount)
            if search.maskedSums { search.gatherWords(group: g, scratch) }
            for b in first..<last {
                gathered.append(
                    search.setPartsReach(
                        0, block: b, threshold: threshold, scratch,
                        gathered: search.maskedSums ? scratch.groupWords + (b - first) : nil))
                read.append(search.setPartsReach(0, block: b, threshold: threshold, scratch))
            }
        }
        return (gathered, read)
    }

    /// ``blockBounds(_:)`` for one liked beer.
    package func blockBounds(like beerIndex: Int, weights: ScoringWeights = .standard) -> [Float] {
        blockBounds(LikeQuery(liked: [beerIndex], weights: weights))
    }

    /// ``groupBounds(_:)`` for one liked beer.
    package func groupBounds(like beerIndex: Int, weights: ScoringWeights = .standard) -> [Float] {
        groupBounds(LikeQuery(liked: [beerIndex], weights: weights))
    }
}
