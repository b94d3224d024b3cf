import Dispatch

/// Scores every beer against one query beer, for `recommend like`.
///
/// score = (wₙ·numeric + w_f·food) / (wₙ + w_f), where
/// - numeric = 1 / (1 + d²), d² the weighted mean squared difference of the robustly
///   scaled abv/ibu/ebc over the axes *both* beers have (a missing value drops that axis
///   for that pair and the weights are renormalised; no shared axis gives 0);
/// - food = Σ idf of shared pairing concepts / √(Σ idf of the query's · Σ idf of the other's),
///   a cosine over idf-weighted concept sets, so rare foods ("tacos") count more than
///   common ones ("chicken").
///
/// The scan is split into chunks; each chunk scores into a small buffer (a loop with no
/// allocation, locking or string work per beer), then keeps its own top-k, and the chunk
/// results are merged. Large catalogues run the chunks with
/// `DispatchQueue.concurrentPerform`; small ones run them serially. Every beer's score is
/// computed by the same operations in the same order either way, so parallel = serial.
public struct SimilarityScorer: Sendable {
    /// The catalogue scored.
    public let catalogue: Catalogue
    /// Beers per chunk.
    public var chunkSize: Int
    /// Below this many beers the scan runs serially.
    public var parallelThreshold: Int

    /// Creates a scorer.
    public init(catalogue: Catalogue, chunkSize: Int = 16_384, parallelThreshold: Int = 32_768) {
        self.catalogue = catalogue
        self.chunkSize = max(chunkSize, 64)
        self.parallelThreshold = parallelThreshold
    }

    /// How to run the scan.
    public enum Execution: Sendable {
        /// Parallel above ``SimilarityScorer/parallelThreshold``, else serial.
        case automatic
        /// Always one thread.
        case serial
        /// Always `concurrentPerform`, even for tiny catalogues (tests use it).
        case parallel
    }

    /// The query, resolved to the numbers the loop needs.
    struct Prepared {
        var q: (Float, Float, Float)
        var w: (Float, Float, Float)
        var numericWeight: Float
        var foodWeight: Float
        var concepts: [Int32]
        var conceptWeights: [Float]
        var queryInverseNorm: Float
    }

    func prepare(_ beerIndex: Int, _ weights: ScoringWeights) -> Prepared {
        let f = catalogue.features
        let m = f.mask[beerIndex]
        func axis(_ a: Axis) -> (Float, Float) {
            let present = m & UInt8(1 << a.rawValue) != 0
            return (present ? f.scaled[a.rawValue][beerIndex] : 0, present ? weights.weight(of: a) : 0)
        }
        let (qa, wa) = axis(.abv), (qi, wi) = axis(.ibu), (qe, we) = axis(.ebc)
        let concepts = Array(catalogue.food.concepts(ofBeer: beerIndex))
        let cw = concepts.map { catalogue.food.idf[Int($0)] }
        let useFood = weights.food > 0 && !concepts.isEmpty
        return Prepared(
            q: (qa, qi, qe), w: (wa, wi, we),
            numericWeight: weights.numeric, foodWeight: useFood ? weights.food : 0,
            concepts: useFood ? concepts : [], conceptWeights: useFood ? cw : [],
            queryInverseNorm: catalogue.food.inverseNorm[beerIndex])
    }

    /// The best `k` beers for query beer `beerIndex`, best first (the query itself included).
    ///
    /// - Parameters:
    ///   - filter: beers failing it are skipped.
    ///   - excluding: a beer index to leave out (usually the query).
    /// - Complexity: O(n + P + (n/chunk)·k log k) for n beers and P postings of the
    ///   query's food concepts.
    public func topK(
        like beerIndex: Int, weights: ScoringWeights = .standard, k: Int,
        filter: BeerFilter = BeerFilter(), excluding: Int? = nil, execution: Execution = .automatic
    ) -> [ScoredBeer] {
        let n = catalogue.count
        guard n > 0, k > 0 else { return [] }
        let prepared = prepare(beerIndex, weights)
        let chunks = (n + chunkSize - 1) / chunkSize
        let runParallel: Bool
        switch execution {
        case .automatic: runParallel = n >= parallelThreshold && chunks > 1
        case .serial: runParallel = false
        case .parallel: runParallel = true
        }
        if !runParallel {
            var top = TopK(k: k)
            for c in 0..<chunks {
                scoreChunk(c, prepared, filter, excluding ?? -1, into: &top)
            }
            return top.sorted()
        }
        let results = UnsafeMutableBufferPointer<[ScoredBeer]>.allocate(capacity: chunks)
        results.initialize(repeating: [])
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let out = results
        let excluded = excluding ?? -1
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var top = TopK(k: k)
            scoreChunk(c, prepared, filter, excluded, into: &top)
            out[c] = top.sorted()
        }
        return TopK.merge(Array(results), k: k)
    }

    /// Scores one chunk into a local buffer, then offers the chunk's beers to `top`.
    func scoreChunk(_ c: Int, _ p: Prepared, _ filter: BeerFilter, _ excluded: Int, into top: inout TopK) {
        let lo = c * chunkSize
        let hi = min(lo + chunkSize, catalogue.count)
        let len = hi - lo
        let f = catalogue.features
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: len)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0, count: len)

        // Food: add each query concept's weight to the beers of this chunk that use it.
        if p.foodWeight > 0 {
            let food = catalogue.food
            for (j, concept) in p.concepts.enumerated() {
                let w = p.conceptWeights[j]
                let list = food.postings(of: concept)
                var pos = lowerBound(list, beer: lo)
                var last = -1
                while pos < list.endIndex {
                    let b = Int(list[pos] >> 3)
                    if b >= hi { break }
                    if b != last {
                        buffer[b - lo] += w
                        last = b
                    }
                    pos += 1
                }
            }
        }

        // Numeric, combined in place: a straight loop over structure-of-arrays.
        let a = f.scaled[0].pointer + lo, i = f.scaled[1].pointer + lo, e = f.scaled[2].pointer + lo
        let m = f.mask.pointer + lo
        let inv = catalogue.food.inverseNorm.withUnsafeBufferPointer { $0.baseAddress! + lo }
        let (qa, qi, qe) = p.q
        let (wa, wi, we) = p.w
        let wn = p.numericWeight, wf = p.foodWeight
        let foodScale = wf * p.queryInverseNorm
        let total = 1 / max(wn + wf, 1e-12)
        for j in 0..<len {
            let mask = m[j]
            let ma = Float(mask & 1), mi = Float((mask >> 1) & 1), me = Float((mask >> 2) & 1)
            let da = a[j] - qa, di = i[j] - qi, de = e[j] - qe
            let xa = wa * ma, xi = wi * mi, xe = we * me
            let num = xa * da * da + xi * di * di + xe * de * de
            let den = xa + xi + xe
            let shared: Float = den > 0 ? 1 : 0
            let numeric = shared / (1 + num / max(den, 1e-12))
            buffer[j] = (wn * numeric + foodScale * buffer[j] * inv[j]) * total
        }

        // Selection: only beers above the current threshold touch the heap.
        let ids = catalogue.ids.pointer
        var threshold = top.threshold
        for j in 0..<len {
            let s = buffer[j]
            if let t = threshold, s < t.score { continue }
            let index = lo + j
            if index == excluded || !filter.passes(index, f) { continue }
            top.offer(ScoredBeer(index: Int32(index), id: ids[index], score: s))
            threshold = top.threshold
        }
    }

    /// First position in `list` whose beer is ≥ `beer`.
    @inline(__always)
    func lowerBound(_ list: ArraySlice<UInt32>, beer: Int) -> Int {
        var lo = list.startIndex, hi = list.endIndex
        let key = UInt32(beer) << 3
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The score of one beer against the query, computed the same way as the scan;
    /// tests compare the scan against this.
    public func score(_ other: Int, like beerIndex: Int, weights: ScoringWeights = .standard) -> Float {
        let breakdown = explain(other, like: beerIndex, weights: weights)
        return breakdown.score
    }

    /// The full score breakdown for one beer against the query, computed with the same
    /// operations in the same order as the scan, so its score equals the scan's exactly.
    public func explain(_ other: Int, like beerIndex: Int, weights: ScoringWeights = .standard) -> SimilarityBreakdown {
        let p = prepare(beerIndex, weights)
        let f = catalogue.features
        var axes: [SimilarityBreakdown.AxisPart] = []
        var terms: [Float] = []
        var den: Float = 0
        for axis in Axis.allCases {
            let qv = axis.value(of: catalogue.beers[beerIndex]), ov = axis.value(of: catalogue.beers[other])
            let bit = UInt8(1 << axis.rawValue)
            let w = [p.w.0, p.w.1, p.w.2][axis.rawValue] * Float((f.mask[other] & bit) >> axis.rawValue)
            let d = f.scaled[axis.rawValue][other] - [p.q.0, p.q.1, p.q.2][axis.rawValue]
            terms.append(w * d * d)
            den += w
            let both = f.mask[beerIndex] & f.mask[other] & bit != 0
            axes.append(.init(axis: axis, query: qv, other: ov, scaledDifference: both ? d : nil, weight: weights.weight(of: axis)))
        }
        let num = terms[0] + terms[1] + terms[2]
        let numeric: Float = (den > 0 ? 1 : 0) / (1 + num / max(den, 1e-12))
        let otherConcepts = Set(catalogue.food.concepts(ofBeer: other))
        var sharedIDF: Float = 0
        var shared: [Int32] = []
        for (j, c) in p.concepts.enumerated() where otherConcepts.contains(c) {
            sharedIDF += p.conceptWeights[j]
            shared.append(c)
        }
        let inv = catalogue.food.inverseNorm[other]
        let total = 1 / max(p.numericWeight + p.foodWeight, 1e-12)
        let score = (p.numericWeight * numeric + p.foodWeight * p.queryInverseNorm * sharedIDF * inv) * total
        if p.foodWeight == 0 {
            shared = Array(otherConcepts.intersection(catalogue.food.concepts(ofBeer: beerIndex)))
        }
        return SimilarityBreakdown(
            axes: axes, numeric: numeric, food: p.queryInverseNorm * sharedIDF * inv,
            sharedFoods: shared.map { catalogue.food.vocabulary.conceptLabel[Int($0)] }.sorted(),
            numericWeight: p.numericWeight, foodWeight: p.foodWeight, score: score)
    }
}

/// Why a beer scored what it did in `recommend like`.
public struct SimilarityBreakdown: Sendable, Equatable {
    /// One axis of the numeric part.
    public struct AxisPart: Sendable, Equatable {
        public var axis: Axis
        /// The query beer's value, if present.
        public var query: Double?
        /// This beer's value, if present.
        public var other: Double?
        /// Difference in robust units; nil when either value is missing.
        public var scaledDifference: Float?
        /// The axis weight.
        public var weight: Float

        /// True when both values are present and within a quarter of a robust spread.
        public var isClose: Bool { (scaledDifference.map { abs($0) <= 0.25 } ?? false) && weight > 0 }
    }

    public var axes: [AxisPart]
    /// Numeric similarity in [0, 1].
    public var numeric: Float
    /// Food similarity in [0, 1].
    public var food: Float
    /// Pairing concepts both beers share.
    public var sharedFoods: [String]
    public var numericWeight: Float
    public var foodWeight: Float
    /// The combined score.
    public var score: Float

    /// A short reason: which axes are close and which foods are shared.
    public var reason: String {
        var parts: [String] = []
        let close = axes.filter(\.isClose).map(\.axis.name)
        if !close.isEmpty { parts.append("close " + close.joined(separator: "/")) }
        if !sharedFoods.isEmpty && foodWeight > 0 { parts.append("shares " + sharedFoods.prefix(4).joined(separator: ", ")) }
        if axes.allSatisfy({ $0.query != nil && $0.query == $0.other }) { parts.append("same abv/ibu/ebc") }
        return parts.isEmpty ? "nearest overall" : parts.joined(separator: "; ")
    }
}
