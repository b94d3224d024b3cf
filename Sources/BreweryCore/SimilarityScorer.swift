import Dispatch
import Foundation

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
    public init(catalogue: Catalogue, chunkSize: Int = 4_096, parallelThreshold: Int = 32_768) {
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
    /// - Complexity: O(n + P + stripes·k log k) for n beers and P postings of the
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
        let excluded = excluding ?? -1
        if !runParallel {
            return scoreStripe(0..<chunks, prepared, filter, excluded, k: k)
        }
        // A few contiguous stripes of chunks per core: one scratch buffer and one top-k
        // per stripe, merged at the end.
        let stripes = min(chunks, max(ProcessInfo.processInfo.activeProcessorCount, 1) * 2)
        let results = UnsafeMutableBufferPointer<[ScoredBeer]>.allocate(capacity: stripes)
        results.initialize(repeating: [])
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let out = results
        DispatchQueue.concurrentPerform(iterations: stripes) { s in
            let range = (chunks * s / stripes)..<(chunks * (s + 1) / stripes)
            out[s] = scoreStripe(range, prepared, filter, excluded, k: k)
        }
        return TopK.merge(Array(results), k: k)
    }

    /// Scores the chunks in `range` (consecutive), keeping their best `k`.
    func scoreStripe(_ range: Range<Int>, _ p: Prepared, _ filter: BeerFilter, _ excluded: Int, k: Int) -> [ScoredBeer] {
        var top = TopK(k: k)
        guard !range.isEmpty else { return [] }
        let useFood = p.foodWeight > 0
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        // One cursor per query concept, advanced chunk by chunk.
        let food = catalogue.food
        var cursors = [Int](repeating: 0, count: p.concepts.count)
        if useFood {
            let lo = range.lowerBound * chunkSize
            for (j, c) in p.concepts.enumerated() { cursors[j] = lowerBound(food.postings(of: c), beer: lo) }
        }
        for c in range {
            let lo = c * chunkSize
            let hi = min(lo + chunkSize, catalogue.count)
            if useFood {
                buffer.initialize(repeating: 0, count: hi - lo)
                food.postings.withUnsafeBufferPointer { post in
                    let inv = food.inverseNorm.withUnsafeBufferPointer { $0.baseAddress! }
                    for j in 0..<p.concepts.count {
                        let w = p.conceptWeights[j]
                        let end = food.postingsStart[Int(p.concepts[j]) + 1]
                        var pos = cursors[j]
                        var last = -1
                        while pos < end {
                            let b = Int(post[pos] >> 3)
                            if b >= hi { break }
                            if b != last {
                                buffer[b - lo] += w * inv[b]
                                last = b
                            }
                            pos += 1
                        }
                        cursors[j] = pos
                    }
                }
            }
            scoreChunk(lo..<hi, p, buffer: buffer, withFood: useFood, filter, excluded, into: &top)
        }
        return top.sorted()
    }

    /// The numeric similarity of one beer: den / (den + Σ wᵢdᵢ²) over the axes both beers
    /// have, which is 1 / (1 + weighted mean squared difference), and 0 with no shared axis.
    /// `q` and `w` are the query's scaled values and weights (0 for its missing axes).
    /// The scan and ``explain(_:like:weights:)`` both call this, so their scores are equal.
    @inline(__always)
    static func numericScore(
        _ values: (Float, Float, Float), _ mask: UInt8, q: (Float, Float, Float), w: (Float, Float, Float)
    ) -> Float {
        let xa = w.0 * Float(mask & 1), xi = w.1 * Float((mask >> 1) & 1), xe = w.2 * Float((mask >> 2) & 1)
        let da = values.0 - q.0, di = values.1 - q.1, de = values.2 - q.2
        let num = xa * da * da + xi * di * di + xe * de * de
        let den = xa + xi + xe
        return den / (den + num + Self.tiny)
    }

    /// Keeps the divisor positive when no axis is shared (score 0, not NaN); far below
    /// any weight, so it never changes a score otherwise.
    @inline(__always) static var tiny: Float { 1e-30 }

    /// Scores beers `range` into `buffer`, then offers those that reach the running
    /// threshold to `top`.
    ///
    /// With `withFood`, `buffer` comes in holding each beer's Σ idf(c)·inverseNorm over
    /// shared concepts c (indexed from `range.lowerBound`). Both passes are straight loops
    /// over plain arrays that the compiler vectorises: the first computes every score with
    /// ``numericScore(_:_:q:w:)``, the second takes, per block of 64, the largest score
    /// and looks closer only where it reaches the threshold.
    func scoreChunk(
        _ range: Range<Int>, _ p: Prepared, buffer: UnsafeMutablePointer<Float>, withFood: Bool,
        _ filter: BeerFilter, _ excluded: Int, into top: inout TopK
    ) {
        let f = catalogue.features
        let lo = range.lowerBound, len = range.count
        let a = f.scaled[0].pointer + lo, i = f.scaled[1].pointer + lo, e = f.scaled[2].pointer + lo
        let m = f.mask.pointer + lo
        let q = p.q, w = p.w
        let wn = p.numericWeight, foodScale = p.foodWeight * p.queryInverseNorm
        let total = 1 / max(p.numericWeight + p.foodWeight, 1e-12)

        // Pass 1: every score. Two loops, so the numeric-only one never reads the buffer.
        if withFood {
            for j in 0..<len {
                var s = wn * Self.numericScore((a[j], i[j], e[j]), m[j], q: q, w: w)
                s += foodScale * buffer[j]
                buffer[j] = s * total
            }
        } else {
            for j in 0..<len {
                buffer[j] = wn * Self.numericScore((a[j], i[j], e[j]), m[j], q: q, w: w) * total
            }
        }

        // Pass 2: selection; only blocks holding a score at or above the threshold are read.
        let ids = catalogue.ids.pointer
        var threshold = top.threshold?.score ?? -Float.infinity
        var j = 0
        while j < len {
            let block = buffer + j
            let count = min(64, len - j)
            // Scores are ≥ +0, so their bit patterns order like the scores: an integer max
            // (which vectorises) says whether any reaches the threshold. Anything else
            // (a -0 or a negative threshold) only makes the block look closer, never skip.
            var maxBits: UInt32 = .max
            if count == 64 {
                maxBits = 0
                for u in 0..<64 { maxBits = max(maxBits, block[u].bitPattern) }
            }
            if threshold <= 0 || maxBits >= threshold.bitPattern {
                for u in 0..<count where block[u] >= threshold {
                    let index = lo + j + u
                    if index == excluded || !filter.passes(index, f) { continue }
                    top.offer(ScoredBeer(index: Int32(index), id: ids[index], score: block[u]))
                    threshold = top.threshold?.score ?? -Float.infinity
                }
            }
            j += count
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
        for axis in Axis.allCases {
            let qv = axis.value(of: catalogue.beers[beerIndex]), ov = axis.value(of: catalogue.beers[other])
            let bit = UInt8(1 << axis.rawValue)
            let d = f.scaled[axis.rawValue][other] - [p.q.0, p.q.1, p.q.2][axis.rawValue]
            let both = f.mask[beerIndex] & f.mask[other] & bit != 0
            axes.append(.init(axis: axis, query: qv, other: ov, scaledDifference: both ? d : nil, weight: weights.weight(of: axis)))
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
        let total = 1 / max(p.numericWeight + p.foodWeight, 1e-12)
        var score = p.numericWeight * numeric
        if p.foodWeight > 0 { score += p.foodWeight * p.queryInverseNorm * foodSum }
        score *= total
        if p.foodWeight == 0 {
            shared = Array(otherConcepts.intersection(catalogue.food.concepts(ofBeer: beerIndex)))
        }
        return SimilarityBreakdown(
            axes: axes, numeric: numeric, food: p.queryInverseNorm * foodSum,
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
