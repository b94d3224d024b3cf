/// One `recommend like` search over the blocks of a catalogue: block bounds, block
/// scoring and top-k selection (see ``SimilarityScorer``).
///
/// It reads the catalogue through raw pointers taken once, so stripes running side by
/// side never touch a shared reference count; each stripe has its own scratch space,
/// cursor and top k. The catalogue must outlive the search (the scorer holds it).
struct BlockSearch: @unchecked Sendable {
    let p: SimilarityScorer.Prepared
    let filter: BeerFilter
    let features: NumericFeatures
    let concepts: ConceptBlocks
    let excluded: Int
    let k: Int
    let blockCount: Int
    let groupCount: Int
    // By position.
    let a: UnsafeMutablePointer<Float>, i: UnsafeMutablePointer<Float>, e: UnsafeMutablePointer<Float>
    let mask: UnsafeMutablePointer<UInt8>
    let inverseNorm: UnsafeMutablePointer<Float>
    let beerAt: UnsafeMutablePointer<Int32>
    // By block.
    let low: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    let high: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    let blockMask: UnsafeMutablePointer<UInt8>
    // By group.
    let groupLow: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    let groupHigh: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    let groupMask: UnsafeMutablePointer<UInt8>
    // By beer index.
    let ids: UnsafeMutablePointer<Int32>

    init(scorer: SimilarityScorer, p: SimilarityScorer.Prepared, filter: BeerFilter, excluded: Int, k: Int) {
        let c = scorer.catalogue
        let b = c.blocks
        self.p = p
        self.filter = filter
        features = c.features
        concepts = c.conceptBlocks
        self.excluded = excluded
        self.k = k
        blockCount = b.blockCount
        groupCount = b.groupCount
        a = b.scaled[0].pointer
        i = b.scaled[1].pointer
        e = b.scaled[2].pointer
        mask = b.mask.pointer
        inverseNorm = b.inverseNorm.pointer
        beerAt = b.beerAt.pointer
        low = (b.low[0].pointer, b.low[1].pointer, b.low[2].pointer)
        high = (b.high[0].pointer, b.high[1].pointer, b.high[2].pointer)
        blockMask = b.blockMask.pointer
        groupLow = (b.groupLow[0].pointer, b.groupLow[1].pointer, b.groupLow[2].pointer)
        groupHigh = (b.groupHigh[0].pointer, b.groupHigh[1].pointer, b.groupHigh[2].pointer)
        groupMask = b.groupMask.pointer
        ids = c.ids.pointer
    }

    /// Per-stripe working space: 64 scores, 64 food sums and a group's block bounds, on
    /// cache lines of its own.
    struct Scratch {
        let score: UnsafeMutablePointer<Float>
        var food: UnsafeMutablePointer<Float> { score + FeatureBlocks.width }
        var bounds: UnsafeMutablePointer<Float> { score + 2 * FeatureBlocks.width }

        init() {
            let floats = 2 * FeatureBlocks.width + FeatureBlocks.groupWidth + 16
            score = UnsafeMutableRawPointer.allocate(byteCount: floats * MemoryLayout<Float>.stride, alignment: 64)
                .bindMemory(to: Float.self, capacity: floats)
        }

        func deallocate() { UnsafeMutableRawPointer(score).deallocate() }
    }

    /// Searches the groups that `groups` hands this stripe (``FeatureBlocks/groupWidth``
    /// blocks each), except the blocks `seeded` (already scored by ``seed(_:into:)``),
    /// offering only scores at or above `floor`; returns its best `k`, best first. A group is opened only when its box's bound reaches the threshold, and a
    /// block of it is scored only when the block's does. With `shared`, the stripe's
    /// threshold also follows the other stripes' (see ``SharedThreshold``).
    func run(_ groups: GroupDispenser, floor: Float, skipping seeded: Range<Int>, shared: SharedThreshold? = nil) -> [ScoredBeer]
    {
        let groupWidth = FeatureBlocks.groupWidth
        let scratch = Scratch()
        var cursor = ConceptBlocks.Cursor(p.concepts, weights: p.conceptWeights, concepts)
        defer {
            scratch.deallocate()
            cursor.deallocate()
        }
        var top = TopK(k: k)
        var threshold = floor
        while let claimed = groups.claim() {
            for g in claimed {
                if let shared { threshold = max(threshold, shared.value) }
                guard groupBound(g) >= threshold else { continue }
                let first = g * groupWidth
                let last = min(first + groupWidth, blockCount)
                bounds(first..<last, into: scratch.bounds)
                let before = threshold
                for b in first..<last where scratch.bounds[b - first] >= threshold && !seeded.contains(b) {
                    score(block: b, scratch, &cursor, floor: floor, threshold: &threshold, into: &top)
                }
                if let shared, threshold > before { shared.raise(to: threshold) }
            }
        }
        return top.sorted()
    }

    /// Scores every block of `range` into `top` (the starting neighbourhood).
    func seed(_ range: Range<Int>, into top: inout TopK) {
        let scratch = Scratch()
        var cursor = ConceptBlocks.Cursor(p.concepts, weights: p.conceptWeights, concepts)
        defer {
            scratch.deallocate()
            cursor.deallocate()
        }
        var threshold = -Float.infinity
        for b in range { score(block: b, scratch, &cursor, floor: -.infinity, threshold: &threshold, into: &top) }
    }

    /// An upper bound of the scores in group `g`, as ``bounds(_:into:)`` for its box;
    /// infinite for a group whose beers have different masks.
    func groupBound(_ g: Int) -> Float {
        let m = groupMask[g]
        guard m != FeatureBlocks.mixedMask else { return .infinity }
        let q = p.q
        let v = (
            min(max(q.0, groupLow.0[g]), groupHigh.0[g]), min(max(q.1, groupLow.1[g]), groupHigh.1[g]),
            min(max(q.2, groupLow.2[g]), groupHigh.2[g])
        )
        return p.bound(numericPart: p.numericWeight * SimilarityScorer.numericScore(v, m, q: q, w: p.w))
    }

    /// For each block of `range`, an upper bound of its beers' scores: the score, by the
    /// same operations, of a beer at the point of the block's box nearest the query, with
    /// the largest possible food part. Rounding is monotonic, so every step of the real
    /// scores is at most the bound's.
    func bounds(_ range: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        let (lo0, lo1, lo2) = low
        let (hi0, hi1, hi2) = high
        let bm = blockMask
        let q = p.q
        let w = p.w
        let wn = p.numericWeight
        let first = range.lowerBound
        for b in range {
            let v = (min(max(q.0, lo0[b]), hi0[b]), min(max(q.1, lo1[b]), hi1[b]), min(max(q.2, lo2[b]), hi2[b]))
            out[b - first] = p.bound(numericPart: wn * SimilarityScorer.numericScore(v, bm[b], q: q, w: w))
        }
    }

    /// Scores the 64 slots of block `b` and offers those at or above the threshold
    /// (never below `floor`) to `top`.
    @inline(__always)
    func score(
        block b: Int, _ scratch: Scratch, _ cursor: inout ConceptBlocks.Cursor,
        floor: Float, threshold: inout Float, into top: inout TopK
    ) {
        let width = FeatureBlocks.width
        let base = b * width
        let a = a + base
        let i = i + base
        let e = e + base
        let m = mask + base
        let q = p.q
        let w = p.w
        let wn = p.numericWeight
        let total = p.total
        let score = scratch.score
        let food = scratch.food
        for u in 0..<width {
            score[u] = wn * SimilarityScorer.numericScore((a[u], i[u], e[u]), m[u], q: q, w: w)
        }
        if p.useFood {
            // The best numeric part with a perfect food match: if even that cannot reach
            // the threshold, the food words need not be read.
            var bestBits: UInt32 = 0
            for u in 0..<width { bestBits = max(bestBits, score[u].bitPattern) }
            guard p.bound(numericPart: Float(bitPattern: bestBits)) >= threshold else { return }
            food.update(repeating: 0, count: width)
            let inv = inverseNorm + base
            for j in 0..<cursor.count {
                var word = cursor.word(j, block: b)
                let weight = cursor.weight(j)
                while word != 0 {
                    let u = word.trailingZeroBitCount
                    food[u] += weight * inv[u]
                    word &= word &- 1
                }
            }
            let foodScale = p.foodWeight * p.queryInverseNorm
            for u in 0..<width { score[u] = (score[u] + foodScale * food[u]) * total }
        } else {
            for u in 0..<width { score[u] = score[u] * total }
        }
        // Scores are ≥ +0, so their bit patterns order like the scores: an integer max
        // (which vectorises) says whether any reaches the threshold.
        var maxBits: UInt32 = 0
        for u in 0..<width { maxBits = max(maxBits, score[u].bitPattern) }
        guard threshold <= 0 || maxBits >= threshold.bitPattern else { return }
        let beers = beerAt + base
        for u in 0..<width where score[u] >= threshold {
            let beer = Int(beers[u])
            if beer < 0 || beer == excluded || !filter.passes(beer, features) { continue }
            top.offer(ScoredBeer(index: Int32(beer), id: ids[beer], score: score[u]))
            threshold = max(floor, top.threshold?.score ?? -.infinity)
        }
    }
}
