import Dispatch
import Foundation

/// Scores beers against one query beer, for `recommend like`.
///
/// score = (wₙ·numeric + w_f·food) / (wₙ + w_f), where
/// - numeric = 1 / (1 + d²), d² the weighted mean squared difference of the robustly
///   scaled abv/ibu/ebc over the axes *both* beers have (a missing value drops that axis
///   for that pair and the weights are renormalised; no shared axis gives 0);
/// - food = Σ idf of shared pairing concepts / √(Σ idf of the query's · Σ idf of the other's),
///   a cosine over idf-weighted concept sets, so rare foods ("tacos") count more than
///   common ones ("chicken").
///
/// The search is exact but skips work: beers are laid out in blocks of 64 that are close
/// in abv/ibu/ebc (``FeatureBlocks``), and a block is scored only when its *bound* — the
/// score of a beer at the point of its bounding box nearest the query, with a perfect food
/// match — reaches the k-th best score found so far. The bound is computed with the same
/// floating-point operations as the score on values that are never further from the query,
/// so it is never below any score in the block, and skipping cannot change the result.
/// A first pass over the query's neighbourhood sets the starting threshold.
///
/// Scoring a block is straight loops over 64 slots with no allocation, locking or string
/// work; the food part adds each query concept's weight at the bits of its word in
/// ``ConceptBlocks``. Large catalogues run the search on every core with
/// `DispatchQueue.concurrentPerform`: the threads claim runs of groups as they go
/// (``GroupDispenser``), share the best k-th score found (``SharedThreshold``) and keep
/// their own top k, merged at the end. Every beer's score is computed by the same
/// operations either way, and ties go to the lower id, so parallel = serial = scoring
/// every beer.
package struct SimilarityScorer: Sendable {
    /// The catalogue scored.
    package let catalogue: Catalogue
    /// Below this many beers the search runs serially.
    package var parallelThreshold: Int

    /// Creates a scorer.
    package init(catalogue: Catalogue, parallelThreshold: Int = 32_768) {
        self.catalogue = catalogue
        self.parallelThreshold = parallelThreshold
    }

    /// How to run the search.
    package enum Execution: Sendable {
        /// Parallel above ``SimilarityScorer/parallelThreshold``, else serial.
        case automatic
        /// Always one thread.
        case serial
        /// Always `concurrentPerform`, even for tiny catalogues (tests use it).
        case parallel
    }

    /// The query, resolved to the numbers the loops need.
    struct Prepared {
        var q: (Float, Float, Float)
        var w: (Float, Float, Float)
        var numericWeight: Float
        var foodWeight: Float
        /// The query's concepts, ascending: every food sum adds them in this order.
        var concepts: [Int32]
        var conceptWeights: [Float]
        var queryInverseNorm: Float
        /// 1 / (wₙ + w_f).
        var total: Float { 1 / max(numericWeight + foodWeight, 1e-12) }
        var useFood: Bool { foodWeight > 0 }
        /// The food part's largest possible value, w_f·(1 + 10⁻³): the food cosine is at
        /// most 1, and its float rounding stays orders of magnitude below the margin.
        var foodCap: Float { foodWeight * 1.001 }

        /// The largest score a beer whose numeric part (wₙ·numeric) is at most
        /// `numericPart` can have: the score's own last steps, with the food part at
        /// ``foodCap``. Every bound of the search goes through here.
        @inline(__always)
        func bound(numericPart: Float) -> Float {
            useFood ? (numericPart + foodCap) * total : numericPart * total
        }
    }

    func prepare(_ beerIndex: Int, _ weights: ScoringWeights) -> Prepared {
        let f = catalogue.features
        let m = f.mask[beerIndex]
        func axis(_ a: Axis) -> (Float, Float) {
            let present = m & UInt8(1 << a.rawValue) != 0
            return (present ? f.scaled[a.rawValue][beerIndex] : 0, present ? weights.weight(of: a) : 0)
        }
        let (qa, wa) = axis(.abv)
        let (qi, wi) = axis(.ibu)
        let (qe, we) = axis(.ebc)
        let concepts = catalogue.food.concepts(ofBeer: beerIndex).sorted()
        let cw = concepts.map { catalogue.food.idf[Int($0)] }
        let useFood = weights.food > 0 && !concepts.isEmpty
        return Prepared(
            q: (qa, qi, qe), w: (wa, wi, we),
            numericWeight: weights.numeric, foodWeight: useFood ? weights.food : 0,
            concepts: useFood ? concepts : [], conceptWeights: useFood ? cw : [],
            queryInverseNorm: catalogue.food.inverseNorm[beerIndex])
    }

    /// The best `k` beers for query beer `beerIndex`, best first (the query itself included
    /// unless excluded).
    ///
    /// - Parameters:
    ///   - filter: beers failing it are skipped.
    ///   - excluding: a beer index to leave out (usually the query).
    /// - Complexity: O(n/64) bounds, plus O(64 + food words) per block scored.
    package func topK(
        like beerIndex: Int, weights: ScoringWeights = .standard, k: Int,
        filter: BeerFilter = BeerFilter(), excluding: Int? = nil, execution: Execution = .automatic
    ) -> [ScoredBeer] {
        let n = catalogue.count
        guard n > 0, k > 0 else { return [] }
        precondition(beerIndex >= 0 && beerIndex < n, "query beer index out of range")
        let k = min(k, n)
        let p = prepare(beerIndex, weights)
        let blocks = catalogue.blocks
        let search = BlockSearch(scorer: self, p: p, filter: filter, excluded: excluding ?? -1, k: k)

        // The query's neighbourhood first: its k-th best score is where the search starts.
        // Its blocks are not scored again; its top k joins the others' at the end.
        let home = Int(blocks.positionOf[beerIndex]) / FeatureBlocks.width
        let seedRange = max(home - 8, 0)..<min(home + 9, blocks.blockCount)
        var seedTop = TopK(k: k)
        search.seed(seedRange, into: &seedTop)
        let floor = seedTop.threshold?.score ?? -.infinity

        let groups = blocks.groupCount
        let runParallel: Bool
        switch execution {
        case .automatic:
            // A numeric-only query whose neighbourhood filled the top k has a tight floor:
            // only a few blocks are left, and waking a second thread would cost more.
            let light = !p.useFood && seedTop.threshold != nil
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
        let stripes = max(ProcessInfo.processInfo.activeProcessorCount, 2)
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
        let breakdown = explain(other, like: beerIndex, weights: weights)
        return breakdown.score
    }

    /// The full score breakdown for one beer against the query, computed with the same
    /// operations in the same order as the scan, so its score equals the scan's exactly.
    package func explain(_ other: Int, like beerIndex: Int, weights: ScoringWeights = .standard) -> SimilarityBreakdown {
        let p = prepare(beerIndex, weights)
        let f = catalogue.features
        var axes: [SimilarityBreakdown.AxisPart] = []
        let query: Beer = catalogue.beers[beerIndex]
        let candidate: Beer = catalogue.beers[other]  // decoded once each
        for axis in Axis.allCases {
            let qv = axis.value(of: query)
            let ov = axis.value(of: candidate)
            let bit = UInt8(1 << axis.rawValue)
            let d = f.scaled[axis.rawValue][other] - [p.q.0, p.q.1, p.q.2][axis.rawValue]
            let both = f.mask[beerIndex] & f.mask[other] & bit != 0
            axes.append(
                .init(axis: axis, query: qv, other: ov, scaledDifference: both ? d : nil, weight: weights.weight(of: axis)))
        }
        let numeric = Self.numericScore(
            (f.scaled[0][other], f.scaled[1][other], f.scaled[2][other]), f.mask[other], q: p.q, w: p.w)
        let otherConcepts = Set(catalogue.food.concepts(ofBeer: other))
        let inv = catalogue.food.inverseNorm[other]
        var foodSum: Float = 0
        var shared: [Int32] = []
        for (j, c) in p.concepts.enumerated() where otherConcepts.contains(c) {
            foodSum += p.conceptWeights[j] * inv
            shared.append(c)
        }
        var score = p.numericWeight * numeric
        if p.foodWeight > 0 { score += p.foodWeight * p.queryInverseNorm * foodSum }
        score *= p.total
        if p.foodWeight == 0 {
            shared = Array(otherConcepts.intersection(catalogue.food.concepts(ofBeer: beerIndex)))
        }
        return SimilarityBreakdown(
            axes: axes, numeric: numeric, food: p.queryInverseNorm * foodSum,
            sharedFoods: shared.map { catalogue.food.vocabulary.conceptLabel[Int($0)] }.sorted(),
            numericWeight: p.numericWeight, foodWeight: p.foodWeight, score: score)
    }
}

extension SimilarityScorer {
    /// Each block's upper bound on the scores of its beers against query beer
    /// `beerIndex`, as the search uses them (tests check that no score exceeds them).
    package func blockBounds(like beerIndex: Int, weights: ScoringWeights = .standard) -> [Float] {
        let blocks = catalogue.blocks
        let search = BlockSearch(scorer: self, p: prepare(beerIndex, weights), filter: BeerFilter(), excluded: -1, k: 1)
        return [Float](unsafeUninitializedCapacity: blocks.blockCount) { buffer, count in
            search.bounds(0..<blocks.blockCount, into: buffer.baseAddress!)
            count = blocks.blockCount
        }
    }

    /// Each group's upper bound on the scores of its beers (infinite for mixed masks).
    package func groupBounds(like beerIndex: Int, weights: ScoringWeights = .standard) -> [Float] {
        let search = BlockSearch(scorer: self, p: prepare(beerIndex, weights), filter: BeerFilter(), excluded: -1, k: 1)
        return (0..<catalogue.blocks.groupCount).map(search.groupBound)
    }
}
