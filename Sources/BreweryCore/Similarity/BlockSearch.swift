import CMaskedSums
import CPrefetch

/// One `recommend like` search over the blocks of a catalogue: block bounds, block
/// scoring and top-k selection (see ``SimilarityScorer``).
///
/// It reads the catalogue through raw pointers taken once, so stripes running side by
/// side never touch a shared reference count; each stripe has its own scratch space,
/// cursors and top k. The catalogue must outlive the search (the scorer holds it), and
/// the owner calls ``deallocate()`` when every stripe is done.
struct BlockSearch: @unchecked Sendable {
    let filter: BeerFilter
    /// Beer indexes never offered (the query beers, `--exclude`), ascending.
    let excluded: [Int32]
    let k: Int
    /// Whether the filter's token sums use AVX-512 masked adds (``SimilarityScorer/maskedSums``).
    let maskedSums: Bool
    let blockCount: Int
    let groupCount: Int
    /// The query plans, liked first, and their plain numbers.
    let plans: [QueryPlan]
    let numbers: UnsafeMutablePointer<PlanNumbers>
    let likedCount: Int
    var planCount: Int { plans.count }
    var anyDisliked: Bool { plans.count > likedCount }
    let concepts: ConceptBlocks
    let recipeTokens: ConceptBlocks
    let features: NumericFeatures
    // By position.
    let a: UnsafeMutablePointer<Float>, i: UnsafeMutablePointer<Float>, e: UnsafeMutablePointer<Float>
    let mask: UnsafeMutablePointer<UInt8>
    let foodNorm: UnsafeMutablePointer<Float>
    let recipeNorm: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    let fermentation: UnsafeMutablePointer<Float>, dryHop: UnsafeMutablePointer<Float>
    let methodMask: UnsafeMutablePointer<UInt8>
    let beerAt: UnsafeMutablePointer<Int32>
    // By block.
    let low: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    let high: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    let blockMask: UnsafeMutablePointer<UInt8>
    let partsAll: UnsafeMutablePointer<UInt8>, partsAny: UnsafeMutablePointer<UInt8>
    let methodAll: UnsafeMutablePointer<UInt8>, methodAny: UnsafeMutablePointer<UInt8>
    let fermentationLow: UnsafeMutablePointer<Float>, fermentationHigh: UnsafeMutablePointer<Float>
    let dryHopLow: UnsafeMutablePointer<Float>, dryHopHigh: UnsafeMutablePointer<Float>
    // By group.
    let groupLow: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    let groupHigh: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    let groupMask: UnsafeMutablePointer<UInt8>
    // The one yeast of a block's or group's beers (-1: they differ), and, per query beer
    // and such yeast, the most the yeast part can be (-1: no yeast).
    let blockYeast: UnsafeMutablePointer<Int32>, groupYeast: UnsafeMutablePointer<Int32>
    let yeastSetCount: Int
    let yeastCaps: UnsafeMutablePointer<Float>
    /// Per query beer and such yeast, the least the yeast part can be (a hair below its
    /// value; -1: no yeast), for the disliked beers' floors (``dislikeFloor(_:_:)``).
    let yeastFloors: UnsafeMutablePointer<Float>
    // By beer index.
    let ids: UnsafeMutablePointer<Int32>

    /// A search for `query` (with its beers' `plans`, liked first, when made already);
    /// `maskedSums` is taken only where the processor has them.
    init(
        catalogue c: Catalogue, query: LikeQuery, plans made: [QueryPlan]? = nil, filter: BeerFilter, excluded: [Int],
        k: Int, maskedSums: Bool
    ) {
        let b = c.blocks
        let r = c.recipeBlocks
        self.filter = filter
        self.maskedSums = maskedSums && SimilarityScorer.processorHasMaskedSums
        self.excluded = excluded.map { Int32($0) }.sorted()
        self.k = k
        blockCount = b.blockCount
        groupCount = b.groupCount
        plans = made ?? query.beers.map { QueryPlan($0, weights: query.weights, catalogue: c) }
        likedCount = query.liked.count
        numbers = .allocate(capacity: max(plans.count, 1))
        for (j, p) in plans.enumerated() { (numbers + j).initialize(to: PlanNumbers(p)) }
        concepts = c.conceptBlocks
        recipeTokens = r.tokens
        features = c.features
        a = b.scaled[0].pointer
        i = b.scaled[1].pointer
        e = b.scaled[2].pointer
        mask = b.mask.pointer
        foodNorm = b.inverseNorm.pointer
        recipeNorm = (r.inverseNorm[0].pointer, r.inverseNorm[1].pointer, r.inverseNorm[2].pointer)
        fermentation = r.fermentation.pointer
        dryHop = r.dryHopRate.pointer
        methodMask = r.methodMask.pointer
        beerAt = b.beerAt.pointer
        low = (b.low[0].pointer, b.low[1].pointer, b.low[2].pointer)
        high = (b.high[0].pointer, b.high[1].pointer, b.high[2].pointer)
        blockMask = b.blockMask.pointer
        partsAll = r.partsAll.pointer
        partsAny = r.partsAny.pointer
        methodAll = r.methodAll.pointer
        methodAny = r.methodAny.pointer
        fermentationLow = r.fermentationLow.pointer
        fermentationHigh = r.fermentationHigh.pointer
        dryHopLow = r.dryHopLow.pointer
        dryHopHigh = r.dryHopHigh.pointer
        groupLow = (b.groupLow[0].pointer, b.groupLow[1].pointer, b.groupLow[2].pointer)
        groupHigh = (b.groupHigh[0].pointer, b.groupHigh[1].pointer, b.groupHigh[2].pointer)
        groupMask = b.groupMask.pointer
        ids = c.ids.pointer
        blockYeast = r.blockYeast.pointer
        groupYeast = r.groupYeast.pointer
        let sets = r.yeastSets
        yeastSetCount = sets.count
        yeastCaps = .allocate(capacity: max(plans.count * sets.count, 1))
        yeastFloors = .allocate(capacity: max(plans.count * sets.count, 1))
        for (j, p) in plans.enumerated() {
            for (k, set) in sets.enumerated() {
                let value = Self.yeastValue(p.recipe[0], of: query.beers[j], set, c.recipe)
                // At most 1, as every set part's cap is elsewhere: ``padded(_:)`` covers rounding.
                yeastCaps[j * sets.count + k] = value.map { min($0 * (1 + 1e-5) + 1e-6, 1) } ?? -1
                yeastFloors[j * sets.count + k] = value.map { max($0 * (1 - 1e-5) - 1e-6, 0) } ?? -1
            }
        }
    }

    /// The yeast part of any beer whose yeast tokens are `set` against query beer `beer`
    /// (its yeast `part`), as worked out here (scoring's rounding may differ by a few units
    /// in the last place: the caps and floors made from it are a hair apart); nil for no
    /// yeast, 1 when the query has none (the part then never counts).
    static func yeastValue(_ part: QueryPlan.SetPart, of beer: Int, _ set: [Int32], _ recipe: RecipeFeatures) -> Float? {
        guard !set.isEmpty else { return nil }
        guard part.weight > 0 else { return 1 }
        var norm: Float = 0
        for t in set { norm += recipe.weights[Int(t)] }
        var shared: Float = 0
        for (i, t) in part.tokens.enumerated() where set.contains(t) { shared += part.tokenWeights[i] }
        return recipe.inverseNorm[0][beer] * (1 / norm.squareRoot()) * shared
    }

    /// Frees the plan numbers.
    func deallocate() {
        numbers.deinitialize(count: plans.count)
        numbers.deallocate()
        yeastCaps.deallocate()
        yeastFloors.deallocate()
    }

    /// Whether only abv/ibu/ebc count for every query beer.
    var numericOnly: Bool { !plans.contains { $0.usesMoreThanNumbers } }

    /// Per-stripe working space on cache lines of its own: per slot, the score, the
    /// running numerator and denominator, one query beer's score, the
    /// sum of inverse liked scores and the largest disliked score; then a group's block
    /// bounds; then two cursors per query beer (food, recipe) for scoring, and two more
    /// for bounding (a group's block bounds are read before its blocks are scored).
    struct Scratch {
        let base: UnsafeMutablePointer<Float>
        let cursors: UnsafeMutablePointer<ConceptBlocks.Cursor>
        let boundCursors: UnsafeMutablePointer<ConceptBlocks.Cursor>
        let cursorCount: Int
        /// Per block of a group and liked query beer, the block's bound for that beer
        /// alone (unpadded), as ``bounds(_:_:into:)`` found it.
        let planBounds: UnsafeMutablePointer<Float>
        var score: UnsafeMutablePointer<Float> { base }
        var numerator: UnsafeMutablePointer<Float> { base + FeatureBlocks.width }
        var denominator: UnsafeMutablePointer<Float> { base + 2 * FeatureBlocks.width }
        var single: UnsafeMutablePointer<Float> { base + 3 * FeatureBlocks.width }
        var inverseSum: UnsafeMutablePointer<Float> { base + 4 * FeatureBlocks.width }
        var dislike: UnsafeMutablePointer<Float> { base + 5 * FeatureBlocks.width }
        var bounds: UnsafeMutablePointer<Float> { base + 6 * FeatureBlocks.width }

        /// Per query beer, its similarities for the block being scored (several liked beers).
        let planScores: UnsafeMutablePointer<Float>
        /// The order the liked beers are scored in for the block being scored.
        let planOrder: UnsafeMutablePointer<Int>
        /// Per liked query beer and set part (food, yeast, hops, malt), per block of the
        /// group being bounded, the summed weights of the query tokens some beer of the
        /// block has (see ``bounds(_:_:into:)``).
        let presence: UnsafeMutablePointer<Float>
        /// One set part's words for the block being scored (one per query token), and
        /// the tokens' weights.
        let slotWords: UnsafeMutablePointer<UInt64>
        let slotWeights: UnsafeMutablePointer<Float>
        /// The tokens' weights in units, for the filter's masked sums.
        let slotUnits: UnsafeMutablePointer<UInt16>

        init(_ search: BlockSearch) {
            planScores = .allocate(capacity: FeatureBlocks.width * max(search.plans.count, 1))
            planOrder = .allocate(capacity: max(search.plans.count, 1))
            presence = .allocate(capacity: 4 * FeatureBlocks.groupWidth * max(search.likedCount, 1))
            let slots = search.plans.map { max($0.food.tokens.count, $0.recipeTokens.count) }.max() ?? 0
            slotWords = .allocate(capacity: max(slots, 1))
            slotWeights = .allocate(capacity: max(slots, 1))
            slotUnits = .allocate(capacity: max(slots, 1))
            let floats = 6 * FeatureBlocks.width + FeatureBlocks.groupWidth + 16
            base = UnsafeMutableRawPointer.allocate(byteCount: floats * MemoryLayout<Float>.stride, alignment: 64)
                .bindMemory(to: Float.self, capacity: floats)
            cursorCount = 2 * search.plans.count
            planBounds = .allocate(capacity: FeatureBlocks.groupWidth * max(search.plans.count, 1))
            planBounds.initialize(repeating: .infinity, count: FeatureBlocks.groupWidth * max(search.plans.count, 1))
            cursors = .allocate(capacity: max(cursorCount, 1))
            boundCursors = .allocate(capacity: max(cursorCount, 1))
            for (j, p) in search.plans.enumerated() {
                for c in [cursors, boundCursors] {
                    (c + 2 * j).initialize(
                        to: .init(p.food.tokens, weights: p.food.tokenWeights, units: p.food.units, search.concepts))
                    (c + 2 * j + 1).initialize(
                        to: .init(
                            p.recipeTokens, weights: p.recipeTokenWeights, units: p.recipeUnits, search.recipeTokens))
                }
            }
        }

        func deallocate() {
            planScores.deallocate()
            planOrder.deallocate()
            presence.deallocate()
            slotWords.deallocate()
            slotWeights.deallocate()
            slotUnits.deallocate()
            planBounds.deallocate()
            for c in [cursors, boundCursors] {
                for j in 0..<cursorCount { c[j].deallocate() }
                c.deinitialize(count: cursorCount)
                c.deallocate()
            }
            UnsafeMutableRawPointer(base).deallocate()
        }
    }

    /// Searches the groups that `groups` hands this stripe (``FeatureBlocks/groupWidth``
    /// blocks each), except the blocks `seeded` (already scored by ``seed(_:into:)``),
    /// offering only scores at or above `floor`; returns its best `k`, best first. A group
    /// is opened only when its bound reaches the threshold, and a block of it is scored
    /// only when the block's does. With `shared`, the stripe's threshold also follows the
    /// other stripes' (see ``SharedThreshold``).
    func run(_ groups: GroupDispenser, floor: Float, skipping seeded: Range<Int>, shared: SharedThreshold? = nil) -> [ScoredBeer]
    {
        let groupWidth = FeatureBlocks.groupWidth
        let scratch = Scratch(self)
        defer { scratch.deallocate() }
        var top = TopK(k: k)
        var threshold = floor
        // The groups to open, each found (claiming more when needed) before the one ahead
        // of it is searched, so the words its bounds read load meanwhile.
        var unseen = 0..<0
        func open() -> Int? {
            while true {
                if unseen.isEmpty {
                    guard let claimed = groups.claim() else { return nil }
                    unseen = claimed
                }
                let g = unseen.lowerBound
                unseen = g + 1..<unseen.upperBound
                if let shared { threshold = max(threshold, shared.value) }
                if groupBound(g) >= threshold { return g }
            }
        }
        var ahead = open()
        while let g = ahead {
            ahead = open()
            if let ahead { prefetchWords(group: ahead, scratch) }
            if let shared { threshold = max(threshold, shared.value) }
            // The threshold may have risen since `g` was found.
            guard groupBound(g) >= threshold else { continue }
            let first = g * groupWidth
            let last = min(first + groupWidth, blockCount)
            if likedCount > 1 {
                bounds(first..<last, scratch, into: scratch.bounds)
            } else {
                // With one liked beer every block of an opened group goes to the filter
                // (``setPartsReach(_:block:threshold:_:)``), which bounds it beer by beer:
                // block bounds, each part at its best over the block, would rule out few
                // more and cost more than they save.
                scratch.bounds.update(repeating: .infinity, count: last - first)
            }
            let before = threshold
            // The blocks to score, each found before the one ahead of it is scored, so
            // its numbers load meanwhile.
            var next = first
            func advance() {
                while next < last && (scratch.bounds[next - first] < threshold || seeded.contains(next)) { next += 1 }
            }
            advance()
            while next < last {
                let b = next
                next += 1
                advance()
                if next < last { prefetch(block: next) }
                // The threshold may have risen since `b` was found.
                guard scratch.bounds[b - first] >= threshold else { continue }
                score(
                    block: b, scratch, floor: floor, threshold: &threshold, into: &top,
                    planBounds: scratch.planBounds + (b - first) * planCount)
            }
            if let shared, threshold > before { shared.raise(to: threshold) }
        }
        return top.sorted()
    }

    /// Starts loading the words of the liked beers' tokens for the blocks of group `g`
    /// into the cache (what ``bounds(_:_:into:)`` reads first, or with one liked beer
    /// ``setPartsReach(_:block:threshold:_:)``).
    @inline(__always)
    func prefetchWords(group g: Int, _ scratch: Scratch) {
        let first = g * FeatureBlocks.groupWidth
        let blocks = first..<min(first + FeatureBlocks.groupWidth, blockCount)
        for j in 0..<2 * likedCount { scratch.boundCursors[j].prefetch(blocks: blocks) }
    }

    /// Starts loading what the filter reads of block `b` (``setPartSums(_:block:_:)``: the
    /// beers' norms and method masks) into the cache: in a large catalogue the blocks
    /// searched are apart, and each would wait on memory. Their numbers are not: most
    /// blocks end at the filter.
    @inline(__always)
    func prefetch(block b: Int) {
        let base = b * FeatureBlocks.width
        @inline(__always)
        func lines(_ p: UnsafeMutablePointer<Float>) {
            // 64 floats: four cache lines.
            brewery_prefetch(p + base)
            brewery_prefetch(p + base + 16)
            brewery_prefetch(p + base + 32)
            brewery_prefetch(p + base + 48)
        }
        lines(foodNorm)
        // Not the yeast's: a block of one yeast list, nearly every block, needs none.
        lines(recipeNorm.1)
        lines(recipeNorm.2)
        brewery_prefetch(methodMask + base)
    }

    /// Scores every block of `range` into `top` (the starting neighbourhood).
    func seed(_ range: Range<Int>, into top: inout TopK) {
        let scratch = Scratch(self)
        defer { scratch.deallocate() }
        var threshold = -Float.infinity
        for b in range { score(block: b, scratch, floor: -.infinity, threshold: &threshold, into: &top) }
    }

    // MARK: Bounds

    /// Pads a bound so float rounding in the score (a few units in the last place) can
    /// never put a score above it.
    @inline(__always)
    static func padded(_ bound: Float) -> Float { bound * (1 + 1e-4) + 1e-6 }

    /// The largest weighted mean of part caps a pair can have, when the parts in `required`
    /// count for every beer and those in `optional` for some: the required ones, plus each
    /// optional part (best cap first) while it raises the mean — which is the maximum over
    /// all the subsets beers can have. `caps` is only read: it is passed in place because
    /// the copy a value parameter makes (the call is not inlined) read the caps just
    /// written one by one in wider loads, which waited on each store (three beers' block
    /// bounds, 5% of the search).
    @inline(__always)
    static func bestMean(
        required: UInt8, optional: UInt8, caps: inout InlineArray<6, Float>, weights: InlineArray<6, Float>
    ) -> Float {
        var sum: Float = 0
        var den: Float = 0
        for p in 0..<6 where required & (1 << p) != 0 {
            sum += weights[p] * caps[p]
            den += weights[p]
        }
        var left = optional & ~required
        while left != 0 {
            var best = -1
            for p in 0..<6 where left & (1 << p) != 0 && (best < 0 || caps[p] > caps[best]) { best = p }
            left &= ~(1 << UInt8(best))
            if den == 0 || caps[best] * den > sum {
                sum += weights[best] * caps[best]
                den += weights[best]
            }
        }
        return den > 0 ? sum / den : 0
    }

    /// The smallest weighted mean of part floors a pair can have, when the parts in
    /// `required` count for every beer and those in `optional` for some: ``bestMean(required:optional:caps:weights:)``
    /// of the floors negated (each optional part, lowest floor first, while it lowers the
    /// mean), negated back; 0 when no part is required (a pair with no part in common
    /// scores 0).
    static func worstMean(
        required: UInt8, optional: UInt8, floors: InlineArray<6, Float>, weights: InlineArray<6, Float>
    ) -> Float {
        var weight: Float = 0
        var negated = floors
        for p in 0..<6 {
            if required & (1 << p) != 0 { weight += weights[p] }
            negated[p] = -floors[p]
        }
        guard weight > 0 else { return 0 }
        return -bestMean(required: required, optional: optional, caps: &negated, weights: weights)
    }

    /// The least similarity any beer of block `b` can have to (disliked) query beer `j`,
    /// padded down: abv/ibu/ebc at the point of the block's box farthest from it, the
    /// yeast part at its value for a block of one yeast list, every other part at 0, over
    /// the parts the block's beers may have (``worstMean(required:optional:floors:weights:)``).
    func dislikeFloor(_ b: Int, _ j: Int) -> Float {
        let n = numbers[j]
        let q = n.q
        @inline(__always)
        func far(_ q: Float, _ low: Float, _ high: Float) -> Float { abs(q - low) > abs(q - high) ? low : high }
        let v = (far(q.0, low.0[b], high.0[b]), far(q.1, low.1[b], high.1[b]), far(q.2, low.2[b], high.2[b]))
        var floors = InlineArray<6, Float>(repeating: 0)
        floors[0] = SimilarityScorer.numericScore(v, blockMask[b], q: q, w: n.w)
        var required: UInt8 = n.numericWeight(sharing: blockMask[b]) > 0 ? 1 : 0
        var optional = required
        if n.methodWeight > 0 {
            if methodAll[b] & n.methodMask != 0 { required |= 2 }
            if methodAny[b] & n.methodMask != 0 { optional |= 2 }
        }
        let all = partsAll[b]
        let any = partsAny[b]
        for (p, part) in [SimilarityPart.food, .yeast, .hops, .malt].enumerated() {
            guard p == 0 ? n.foodWeight > 0 : n.recipeWeight[p - 1] > 0 else { continue }
            if all & RecipeBlocks.bit(part) != 0 { required |= RecipeBlocks.bit(part) }
            if any & RecipeBlocks.bit(part) != 0 { optional |= RecipeBlocks.bit(part) }
        }
        let yeast = blockYeast[b]
        if n.recipeWeight[0] > 0 && yeast >= 0 {
            // Every beer of the block has this yeast list (or none has any).
            let bit = RecipeBlocks.bit(.yeast)
            let floor = yeastFloors[j * yeastSetCount + Int(yeast)]
            if floor < 0 {
                required &= ~bit
                optional &= ~bit
            } else {
                required |= bit
                optional |= bit
                floors[SimilarityPart.yeast.rawValue] = floor
            }
        }
        let mean = Self.worstMean(required: required, optional: optional, floors: floors, weights: n.partWeights)
        return max(mean * (1 - 1e-4) - 1e-6, 0)
    }

    /// The threshold the liked beer's similarity must reach in block `b` for a beer's
    /// score to reach `threshold`, with the disliked beers each at their floor: the score
    /// is at most the similarity × (1 − penalty × the highest floor), with a margin for
    /// the rounding of that product.
    @inline(__always)
    func likedThreshold(_ threshold: Float, block b: Int) -> Float {
        var most: Float = 0
        for j in likedCount..<planCount { most = max(most, dislikeFloor(b, j)) }
        return threshold / ((1 - LikeQuery.dislikePenalty * most) * (1 + 1e-5))
    }

    /// Combines the liked beers' bounds as scores are combined (dislikes only lower a score).
    @inline(__always)
    func combinedBound(_ bound: (Int) -> Float) -> Float {
        if likedCount == 1 { return Self.padded(bound(0)) }
        var inverseSum: Float = 0
        for j in 0..<likedCount { inverseSum += 1 / (bound(j) + SimilarityScorer.tiny) }
        return Self.padded(Float(likedCount) / inverseSum)
    }

    /// An upper bound of the scores in group `g`: its box for abv/ibu/ebc, the yeast part
    /// at its value when every beer of the group has the same yeast, every other part at
    /// its best; infinite for a group whose beers have different masks.
    func groupBound(_ g: Int) -> Float {
        let m = groupMask[g]
        guard m != FeatureBlocks.mixedMask else { return .infinity }
        return combinedBound { j in
            let n = numbers[j]
            let v = (
                min(max(n.q.0, groupLow.0[g]), groupHigh.0[g]), min(max(n.q.1, groupLow.1[g]), groupHigh.1[g]),
                min(max(n.q.2, groupLow.2[g]), groupHigh.2[g])
            )
            var caps = InlineArray<6, Float>(repeating: 1)
            caps[0] = SimilarityScorer.numericScore(v, m, q: n.q, w: n.w)
            let numeric: UInt8 = n.numericWeight(sharing: m) > 0 ? 1 : 0
            var required = numeric
            var optional = numeric | 0b111110
            let yeast = groupYeast[g]
            if n.recipeWeight[0] > 0 && yeast >= 0 {
                // Every beer of the group has this yeast (or none has any).
                let cap = yeastCaps[j * yeastSetCount + Int(yeast)]
                if cap < 0 {
                    optional &= ~RecipeBlocks.bit(.yeast)
                } else {
                    required |= RecipeBlocks.bit(.yeast)
                    caps[SimilarityPart.yeast.rawValue] = cap
                }
            }
            return Self.bestMean(required: required, optional: optional, caps: &caps, weights: numbers[j].partWeights)
        }
    }

    /// For each block of `range` (at most a group's, ascending, and after any block
    /// bounded before with `scratch`), an upper bound of its beers' scores: abv/ibu/ebc
    /// and the method at the point of the block's box nearest the query, the yeast part
    /// at its value when the block's beers share one yeast, each set part at the most
    /// that the query tokens some beer of the block has can give
    /// (``setCap(_:slots:block:inverse:)``), over the parts its beers may have. Each
    /// liked query beer's own bound goes to `scratch`'s ``Scratch/planBounds``.
    func bounds(_ range: Range<Int>, _ scratch: Scratch, into out: UnsafeMutablePointer<Float>) {
        let first = range.lowerBound
        precondition(range.count <= FeatureBlocks.groupWidth, "bounds are found a group at a time")
        // The query tokens present in each block, a token at a time over the group's
        // blocks (a dense token's words for them are side by side).
        for j in 0..<likedCount {
            let n = numbers[j]
            let present = scratch.presence + 4 * FeatureBlocks.groupWidth * j
            present.update(repeating: 0, count: 4 * FeatureBlocks.groupWidth)
            if n.foodWeight > 0 {
                for s in 0..<n.foodSlots {
                    scratch.boundCursors[2 * j].addPresence(s, blocks: range, into: present, masked: maskedSums)
                }
            }
            var start = 0
            for p in 0..<3 {
                let end = n.recipeSlotEnd[p]
                if n.recipeWeight[p] > 0 {
                    let out = present + (p + 1) * FeatureBlocks.groupWidth
                    for s in start..<end {
                        scratch.boundCursors[2 * j + 1].addPresence(s, blocks: range, into: out, masked: maskedSums)
                    }
                }
                start = end
            }
        }
        let plans = scratch.planBounds
        for b in range {
            out[b - first] = combinedBound { j in
                let bound = blockBound(
                    b, j, present: scratch.presence + 4 * FeatureBlocks.groupWidth * j + (b - first))
                plans[(b - first) * planCount + j] = bound
                return bound
            }
        }
    }

    /// The most a set part can be for any beer of a block whose beers between them have
    /// query tokens weighing `present`. A pair's cosine Σ shared w / (|query| · |beer|) is
    /// at most √(Σ shared w) / |query|, as the beer's norm² is at least the sum over the
    /// tokens it shares; and the tokens any beer of the block shares are among those.
    /// `inverse` is 1 / |query|. At most 1.
    @inline(__always)
    static func setCap(present: Float, inverse: Float) -> Float {
        min(inverse * present.squareRoot(), 1)
    }

    /// Query beer `j`'s bound for block `b` (before padding), with the weights of its
    /// tokens present in the block for food, yeast, hops and malt at `present`, one
    /// group's width apart.
    @inline(__always)
    func blockBound(_ b: Int, _ j: Int, present: UnsafeMutablePointer<Float>) -> Float {
        let n = numbers[j]
        var caps = InlineArray<6, Float>(repeating: 1)
        caps[0] = numericCap(b, n)
        let numeric: UInt8 = n.numericWeight(sharing: blockMask[b]) > 0 ? 1 : 0
        var required = numeric
        var optional = numeric
        if n.methodWeight > 0 {
            if methodAll[b] & n.methodMask != 0 { required |= 2 }
            if methodAny[b] & n.methodMask != 0 { optional |= 2 }
            caps[1] = methodCap(b, n)
        }
        let all = partsAll[b]
        let any = partsAny[b]
        if n.foodWeight > 0 {
            if all & RecipeBlocks.bit(.food) != 0 { required |= RecipeBlocks.bit(.food) }
            if any & RecipeBlocks.bit(.food) != 0 {
                optional |= RecipeBlocks.bit(.food)
                caps[SimilarityPart.food.rawValue] = Self.setCap(
                    present: present[0], inverse: n.foodScale / n.foodWeight)
            }
        }
        for (p, part) in [SimilarityPart.yeast, .hops, .malt].enumerated() {
            guard n.recipeWeight[p] > 0 else { continue }
            if all & RecipeBlocks.bit(part) != 0 { required |= RecipeBlocks.bit(part) }
            if any & RecipeBlocks.bit(part) != 0 {
                optional |= RecipeBlocks.bit(part)
                caps[part.rawValue] = Self.setCap(
                    present: present[(p + 1) * FeatureBlocks.groupWidth], inverse: n.recipeScale[p] / n.recipeWeight[p])
            }
        }
        let yeast = blockYeast[b]
        if n.recipeWeight[0] > 0 && yeast >= 0 {
            caps[SimilarityPart.yeast.rawValue] = min(
                caps[SimilarityPart.yeast.rawValue], max(yeastCaps[j * yeastSetCount + Int(yeast)], 0))
        }
        return Self.bestMean(required: required, optional: optional, caps: &caps, weights: numbers[j].partWeights)
    }

    /// The most abv/ibu/ebc similarity any beer of block `b` can have to query numbers
    /// `n`: at the point of the block's box nearest the query.
    @inline(__always)
    func numericCap(_ b: Int, _ n: PlanNumbers) -> Float {
        let q = n.q
        let v = (
            min(max(q.0, low.0[b]), high.0[b]), min(max(q.1, low.1[b]), high.1[b]), min(max(q.2, low.2[b]), high.2[b])
        )
        return SimilarityScorer.numericScore(v, blockMask[b], q: q, w: n.w)
    }

    /// The most method similarity any beer of block `b` can have to query numbers `n`:
    /// the nearest method value on an axis both may have (the best a pair can do is to
    /// differ only there); 0 when they share none.
    @inline(__always)
    func methodCap(_ b: Int, _ n: PlanNumbers) -> Float {
        var d: Float = .infinity
        let shared = methodAny[b] & n.methodMask
        if shared & 1 != 0 {
            let t = min(max(n.methodValues.0, fermentationLow[b]), fermentationHigh[b])
            d = min(d, abs(t - n.methodValues.0) * (1 / RecipeFeatures.fermentationScale))
        }
        if shared & 2 != 0 {
            let t = min(max(n.methodValues.1, dryHopLow[b]), dryHopHigh[b])
            d = min(d, abs(t - n.methodValues.1) * (1 / RecipeFeatures.dryHopScale))
        }
        return d.isFinite ? 1 / (1 + d * d) : 0
    }

    // MARK: Scoring

    /// Whether some slot of block `b` can reach `threshold` for query beer `j`, bounded
    /// from its set parts with abv/ibu/ebc and the method at the block's caps
    /// (``setPartSums(_:block:_:)``). Without dividing: a slot's bound, numerator /
    /// denominator, reaches the threshold unpadded (`t`) where the numerator reaches `t`
    /// times the denominator.
    @inline(__always)
    func setPartsReach(_ j: Int, block b: Int, threshold: Float, _ scratch: Scratch) -> Bool {
        let (fixed, dn, methodPart, wm) = setPartSums(j, block: b, scratch)
        let num = scratch.numerator
        let den = scratch.denominator
        let qm = numbers[j].methodMask
        let mm = methodMask + b * FeatureBlocks.width
        // The least unpadded bound whose padding reaches the threshold, a hair lower still
        // for the rounding of the product.
        let t = (threshold - 1e-6) / (1 + 1e-4) * (1 - 1e-6)
        if maskedSums {
            return brewery_part_bounds(num, den, mm, qm, fixed, dn, methodPart, wm, SimilarityScorer.tiny, t, nil) != 0
        }
        var reaches: UInt32 = 0
        for u in 0..<FeatureBlocks.width {
            let has = mm[u] & qm != 0
            let numerator = fixed + (has ? methodPart : 0) + num[u]
            let denominator = dn + (has ? wm : 0) + den[u] + SimilarityScorer.tiny
            reaches |= numerator >= t * denominator ? 1 : 0
        }
        return reaches != 0
    }

    /// An upper bound of each slot's similarity to query beer `j` in block `b`, into
    /// `out`, padded: its set parts with abv/ibu/ebc and the method at the block's caps
    /// (``setPartSums(_:block:_:)``).
    @inline(__always)
    func setPartBounds(_ j: Int, block b: Int, _ scratch: Scratch, into out: UnsafeMutablePointer<Float>) {
        let (fixed, dn, methodPart, wm) = setPartSums(j, block: b, scratch)
        let num = scratch.numerator
        let den = scratch.denominator
        let qm = numbers[j].methodMask
        let mm = methodMask + b * FeatureBlocks.width
        if maskedSums {
            _ = brewery_part_bounds(num, den, mm, qm, fixed, dn, methodPart, wm, SimilarityScorer.tiny, 0, out)
            return
        }
        for u in 0..<FeatureBlocks.width {
            let has = mm[u] & qm != 0
            out[u] = Self.padded(
                (fixed + (has ? methodPart : 0) + num[u]) / (dn + (has ? wm : 0) + den[u] + SimilarityScorer.tiny))
        }
    }

    /// Each slot's set parts for query beer `j` in block `b` (food, yeast, hops, malt,
    /// summed as scoring sums them) in the numerator and denominator; and what
    /// abv/ibu/ebc and the method add at the block's caps: abv/ibu/ebc's weighted cap
    /// and weight, and, for a slot whose beer shares a method axis with the query, the
    /// method's. It reads the query tokens' words (prefetched with the group's) and the
    /// beers' norms, not their numbers: most blocks of an opened group end here, as a
    /// block's bound would take each part at its best over the block, not one beer's.
    ///
    /// The sums start from 0, not after abv/ibu/ebc and the method as in scoring, so
    /// they round differently: bounds from them are padded (``padded(_:)``).
    @inline(__always)
    func setPartSums(
        _ j: Int, block b: Int, _ scratch: Scratch
    ) -> (fixed: Float, fixedWeight: Float, method: Float, methodWeight: Float) {
        let n = numbers[j]
        let num = scratch.numerator
        let den = scratch.denominator
        let yeast = blockYeast[b]
        if yeast >= 0, n.recipeWeight[0] > 0 {
            // The block's beers all have this one yeast list: the yeast part is its cap for
            // each (a hair above it), or none for an empty list, with nothing to read
            // (padding slots get it too, which only bounds them higher).
            let cap = yeastCaps[j * yeastSetCount + Int(yeast)]
            let w: Float = cap >= 0 ? n.recipeWeight[0] : 0
            num.update(repeating: w * max(cap, 0), count: FeatureBlocks.width)
            den.update(repeating: w, count: FeatureBlocks.width)
            addUnitSums(j, block: b, scratch, yeast: false)
        } else {
            num.update(repeating: 0, count: FeatureBlocks.width)
            den.update(repeating: 0, count: FeatureBlocks.width)
            addUnitSums(j, block: b, scratch, yeast: true)
        }
        let dn = n.numericWeight(sharing: blockMask[b])
        let wm = n.methodWeight
        return (dn * numericCap(b, n), dn, wm > 0 ? wm * methodCap(b, n) : 0, wm)
    }

    /// For the filter, adds upper bounds of query beer `j`'s set parts (food, then yeast
    /// unless `yeast` is false, hops and malt) for block `b` to the numerator and
    /// denominator: each beer's sum of the query tokens it has in whole units of the
    /// part's quantum (``QueryPlan/SetPart/units``), eight beers in a 16-bit lane each,
    /// 64 in eight registers, a token at a time (each byte of its word looked up as eight
    /// lane masks, ``LaneMasks16``): half the work of the float sums of
    /// ``addSetPart(cursor:slots:block:alive:norms:weight:scale:_:)``, and the rounding up
    /// keeps each sum at or above the weights it stands for.
    @inline(__always)
    func addUnitSums(_ j: Int, block b: Int, _ scratch: Scratch, yeast: Bool) {
        let base = b * FeatureBlocks.width
        let n = numbers[j]
        if n.foodWeight > 0 {
            addUnitSum(
                cursor: &scratch.cursors[2 * j], slots: 0..<n.foodSlots, block: b, norms: foodNorm + base,
                weight: n.foodWeight, scale: n.foodScale * n.quantum[0], scratch)
        }
        var start = 0
        for p in 0..<3 {
            let end = n.recipeSlotEnd[p]
            if n.recipeWeight[p] > 0 && (p > 0 || yeast) {
                let norms = p == 0 ? recipeNorm.0 : (p == 1 ? recipeNorm.1 : recipeNorm.2)
                addUnitSum(
                    cursor: &scratch.cursors[2 * j + 1], slots: start..<end, block: b, norms: norms + base,
                    weight: n.recipeWeight[p], scale: n.recipeScale[p] * n.quantum[p + 1], scratch)
            }
            start = end
        }
    }

    /// One set part of ``addUnitSums(_:block:_:yeast:)``: `scale` is the part's scale times
    /// its quantum.
    @inline(__always)
    func addUnitSum(
        cursor: inout ConceptBlocks.Cursor, slots: Range<Int>, block b: Int, norms: UnsafeMutablePointer<Float>,
        weight: Float, scale: Float, _ scratch: Scratch
    ) {
        if maskedSums {
            // Each token's word is the mask of one add over the 64 beers.
            let words = scratch.slotWords
            let units = scratch.slotUnits
            var count = 0
            for s in slots {
                words[count] = cursor.word(s, block: b)
                units[count] = cursor.unit(s)
                count += 1
            }
            brewery_add_unit_sums(words, units, count, norms, scale, weight, scratch.numerator, scratch.denominator)
            return
        }
        let masks = LaneMasks16.table
        var s0 = SIMD8<UInt16>()
        var s1 = SIMD8<UInt16>()
        var s2 = SIMD8<UInt16>()
        var s3 = SIMD8<UInt16>()
        var s4 = SIMD8<UInt16>()
        var s5 = SIMD8<UInt16>()
        var s6 = SIMD8<UInt16>()
        var s7 = SIMD8<UInt16>()
        for s in slots {
            let word = cursor.word(s, block: b)
            let w = SIMD8<UInt16>(repeating: cursor.unit(s))
            s0 &+= masks[Int(truncatingIfNeeded: word) & 0xFF] & w
            s1 &+= masks[Int(truncatingIfNeeded: word &>> 8) & 0xFF] & w
            s2 &+= masks[Int(truncatingIfNeeded: word &>> 16) & 0xFF] & w
            s3 &+= masks[Int(truncatingIfNeeded: word &>> 24) & 0xFF] & w
            s4 &+= masks[Int(truncatingIfNeeded: word &>> 32) & 0xFF] & w
            s5 &+= masks[Int(truncatingIfNeeded: word &>> 40) & 0xFF] & w
            s6 &+= masks[Int(truncatingIfNeeded: word &>> 48) & 0xFF] & w
            s7 &+= masks[Int(truncatingIfNeeded: word &>> 56)] & w
        }
        @inline(__always)
        func add(_ units: SIMD4<UInt16>, _ lane: Int) {
            Self.add(
                SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: units)), lane: lane, norms: norms, scale: scale,
                weight: weight, scratch)
        }
        add(s0.lowHalf, 0)
        add(s0.highHalf, 4)
        add(s1.lowHalf, 8)
        add(s1.highHalf, 12)
        add(s2.lowHalf, 16)
        add(s2.highHalf, 20)
        add(s3.lowHalf, 24)
        add(s3.highHalf, 28)
        add(s4.lowHalf, 32)
        add(s4.highHalf, 36)
        add(s5.lowHalf, 40)
        add(s5.highHalf, 44)
        add(s6.lowHalf, 48)
        add(s6.highHalf, 52)
        add(s7.lowHalf, 56)
        add(s7.highHalf, 60)
    }

    /// Adds query beer `j`'s set parts (food, then yeast, hops and malt) for block `b` to
    /// the numerator and denominator (see
    /// ``addSetPart(cursor:slots:block:alive:norms:weight:scale:_:)``).
    @inline(__always)
    func addSetParts(_ j: Int, block b: Int, _ scratch: Scratch, alive: UInt64) {
        let base = b * FeatureBlocks.width
        let n = numbers[j]
        if n.foodWeight > 0 {
            addSetPart(
                cursor: &scratch.cursors[2 * j], slots: 0..<n.foodSlots, block: b, alive: alive, norms: foodNorm + base,
                weight: n.foodWeight, scale: n.foodScale, scratch)
        }
        var start = 0
        for p in 0..<3 {
            let end = n.recipeSlotEnd[p]
            if n.recipeWeight[p] > 0 {
                let norms = p == 0 ? recipeNorm.0 : (p == 1 ? recipeNorm.1 : recipeNorm.2)
                addSetPart(
                    cursor: &scratch.cursors[2 * j + 1], slots: start..<end, block: b, alive: alive, norms: norms + base,
                    weight: n.recipeWeight[p], scale: n.recipeScale[p], scratch)
            }
            start = end
        }
    }

    /// Scores the 64 slots of block `b` and offers those at or above the threshold
    /// (never below `floor`) to `top`.
    ///
    /// With one liked beer and a threshold, the block is first bounded beer by beer from
    /// its set parts (``setPartsReach(_:block:threshold:_:)``) and ends there when no beer
    /// can reach the threshold. With disliked beers, the liked similarity must reach more:
    /// every beer of the block is pushed down by at least the disliked beers' floors
    /// (``likedThreshold(_:block:)``).
    ///
    /// With several query beers and the block's bound for each liked one (`planBounds`),
    /// it stops after any liked beer when no slot can reach the threshold even if it were
    /// as like the liked beers left as their bounds allow (disliked ones only lower a
    /// score, by at least their floors).
    @inline(__always)
    func score(
        block b: Int, _ scratch: Scratch, floor: Float, threshold: inout Float, into top: inout TopK,
        planBounds: UnsafeMutablePointer<Float>? = nil
    ) {
        let width = FeatureBlocks.width
        let score = scratch.score
        if planCount == 1 {
            if threshold > 0, !setPartsReach(0, block: b, threshold: threshold, scratch) { return }
            scorePlan(0, block: b, scratch, into: score)
        } else if likedCount > 1 {
            guard scoreLiked(block: b, scratch, threshold: threshold, planBounds: planBounds, into: score) else { return }
        } else {
            // Dislikes only lower a score, and by at least their floors here.
            let liked = threshold > 0 ? likedThreshold(threshold, block: b) : threshold
            if threshold > 0, !setPartsReach(0, block: b, threshold: liked, scratch) { return }
            let single = scratch.single
            let dislike = scratch.dislike
            dislike.update(repeating: 0, count: width)
            scorePlan(0, block: b, scratch, into: single)
            if planBounds != nil, threshold > 0 {
                var most: Float = 0
                for u in 0..<width { most = max(most, single[u]) }
                if Self.padded(most) < liked { return }
            }
            for j in 1..<planCount {
                scorePlan(j, block: b, scratch, into: score)
                for u in 0..<width { dislike[u] = max(dislike[u], score[u]) }
            }
            for u in 0..<width {
                score[u] = LikeQuery.combine(
                    inverseSum: 0, likedCount: 1, single: single[u], dislike: dislike[u], anyDisliked: true)
            }
        }
        // Scores are ≥ +0, so their bit patterns order like the scores: an integer max
        // (which vectorises) says whether any reaches the threshold.
        var maxBits: UInt32 = 0
        for u in 0..<width { maxBits = max(maxBits, score[u].bitPattern) }
        guard threshold <= 0 || maxBits >= threshold.bitPattern else { return }
        let beers = beerAt + b * width
        for u in 0..<width where score[u] >= threshold {
            let beer = Int(beers[u])
            if beer < 0 || isExcluded(beer) || !filter.passes(beer, features) { continue }
            top.offer(ScoredBeer(index: Int32(beer), id: ids[beer], score: score[u]))
            threshold = max(floor, top.threshold?.score ?? -.infinity)
        }
    }

    /// Scores block `b` for several liked beers (and any disliked ones) into `score`:
    /// each query beer's similarities, then their combination, in query order as
    /// ``SimilarityScorer`` combines them. With the block's bound for each liked beer
    /// (`planBounds`) and a threshold, the liked beers go lowest bound first, and after
    /// each the block stops (false) when no slot can reach the threshold even if it were
    /// as like the liked beers left as their bounds allow (disliked ones only lower a
    /// score, by at least their floors: ``likedThreshold(_:block:)``).
    @inline(__always)
    func scoreLiked(
        block b: Int, _ scratch: Scratch, threshold: Float, planBounds: UnsafeMutablePointer<Float>?,
        into score: UnsafeMutablePointer<Float>
    ) -> Bool {
        let width = FeatureBlocks.width
        let liked = likedCount
        // The liked beers' combination must reach more than the threshold where the
        // disliked beers are sure to push every beer of the block down.
        let threshold = anyDisliked && threshold > 0 ? likedThreshold(threshold, block: b) : threshold
        let inverseSum = scratch.inverseSum
        let perPlan = scratch.planScores
        let order = scratch.planOrder
        for j in 0..<liked { order[j] = j }
        if let planBounds, threshold > 0 {
            // Insertion sort by bound: the liked beer least like the block first.
            for j in 1..<liked {
                let o = order[j]
                var k = j
                while k > 0 && planBounds[order[k - 1]] > planBounds[o] {
                    order[k] = order[k - 1]
                    k -= 1
                }
                order[k] = o
            }
        }
        if let planBounds, threshold > 0 {
            // First from the set parts alone (``setPartBounds(_:block:_:into:)``), without
            // the beers' numbers: after each liked beer, the block ends when no slot can
            // reach the threshold even if it were as like the liked beers left as their
            // block bounds allow.
            inverseSum.update(repeating: 0, count: width)
            var reaching = ~UInt64(0)
            for n in 0..<liked {
                let j = order[n]
                let s = perPlan + j * width
                setPartBounds(j, block: b, scratch, into: s)
                reaching &= reach(after: n, adding: s, order, planBounds, threshold: threshold, scratch)
                if reaching == 0 { return false }
            }
        }
        inverseSum.update(repeating: 0, count: width)
        // The slots that can still reach the threshold: only they get the set parts of
        // the liked beers left (a slot left out only scores lower, below the threshold).
        var alive = ~UInt64(0)
        for n in 0..<liked {
            let j = order[n]
            let s = perPlan + j * width
            scorePlan(j, block: b, scratch, into: s, alive: alive)
            guard n + 1 < liked, let planBounds, threshold > 0 else { continue }
            alive &= reach(after: n, adding: s, order, planBounds, threshold: threshold, scratch)
            if alive == 0 { return false }
        }
        // The combination, in query order.
        inverseSum.update(repeating: 0, count: width)
        for j in 0..<liked {
            let s = perPlan + j * width
            for u in 0..<width { inverseSum[u] += 1 / (s[u] + SimilarityScorer.tiny) }
        }
        let dislike = scratch.dislike
        dislike.update(repeating: 0, count: width)
        // A dislike only lowers a score: the slots left out stay below the threshold.
        for j in liked..<planCount {
            scorePlan(j, block: b, scratch, into: score, alive: alive)
            for u in 0..<width { dislike[u] = max(dislike[u], score[u]) }
        }
        let anyDisliked = self.anyDisliked
        for u in 0..<width {
            score[u] = LikeQuery.combine(
                inverseSum: inverseSum[u], likedCount: liked, single: 0, dislike: dislike[u], anyDisliked: anyDisliked)
        }
        return true
    }

    /// Adds liked beer `order[n]`'s similarities (or bounds), `s`, to the inverse sums of
    /// the liked beers before it (the scratch's ``Scratch/inverseSum``), and returns the
    /// slots whose combined similarity can still reach `threshold`, with the liked beers
    /// left at their block bounds.
    @inline(__always)
    func reach(
        after n: Int, adding s: UnsafeMutablePointer<Float>, _ order: UnsafeMutablePointer<Int>,
        _ planBounds: UnsafeMutablePointer<Float>, threshold: Float, _ scratch: Scratch
    ) -> UInt64 {
        let width = FeatureBlocks.width
        let inverseSum = scratch.inverseSum
        var rest: Float = 0
        for m in n + 1..<likedCount {
            rest += 1 / (Self.padded(planBounds[order[m]]) + SimilarityScorer.tiny)
        }
        if maskedSums {
            return brewery_liked_reach(inverseSum, s, rest, Float(likedCount), SimilarityScorer.tiny, threshold)
        }
        for u in 0..<width { inverseSum[u] += 1 / (s[u] + SimilarityScorer.tiny) }
        let bound = scratch.single
        for u in 0..<width { bound[u] = Self.padded(Float(likedCount) / (inverseSum[u] + rest)) }
        var reach: UInt64 = 0
        for u in 0..<width where bound[u] >= threshold { reach |= 1 << UInt64(u) }
        return reach
    }

    @inline(__always)
    func isExcluded(_ beer: Int) -> Bool {
        for x in excluded where Int(x) == beer { return true }
        return false
    }

    /// The similarity of the 64 slots of block `b` to query beer `j`, into `out`:
    /// Σ weight × part / Σ weight over the parts each pair has, adding the parts in
    /// ``SimilarityPart`` order (``SimilarityScorer/explain(_:like:weights:)`` does the same).
    ///
    /// Only the slots in `alive` get their set parts: the others' similarities come out
    /// lower than they are (for slots already known unable to reach the threshold).
    @inline(__always)
    func scorePlan(
        _ j: Int, block b: Int, _ scratch: Scratch, into out: UnsafeMutablePointer<Float>, alive: UInt64 = ~0
    ) {
        let width = FeatureBlocks.width
        let base = b * width
        let n = numbers[j]
        let num = scratch.numerator
        let den = scratch.denominator
        let a = a + base
        let i = i + base
        let e = e + base
        let m = mask + base
        let q = n.q
        let w = n.w
        let wn = n.numericWeight
        let dn = n.numericWeight(sharing: blockMask[b])
        for u in 0..<width {
            num[u] = wn * SimilarityScorer.numericScore((a[u], i[u], e[u]), m[u], q: q, w: w)
            den[u] = dn
        }
        if n.methodWeight > 0 {
            let f = fermentation + base
            let d = dryHop + base
            let mm = methodMask + base
            let wm = n.methodWeight
            let qv = n.methodValues
            let qm = n.methodMask
            for u in 0..<width {
                num[u] += wm * RecipeFeatures.methodScore((f[u], d[u]), mm[u], q: qv, qMask: qm)
                den[u] += mm[u] & qm != 0 ? wm : 0
            }
        }
        addSetParts(j, block: b, scratch, alive: alive)
        for u in 0..<width { out[u] = num[u] / (den[u] + SimilarityScorer.tiny) }
    }

    /// Adds one set part: the weights of the query tokens (slots) each slot's beer has
    /// (the slots in `alive`; nothing for the others), times the part's scale and the
    /// beer's inverse norm.
    ///
    /// The words are read first; then, sixteen slots at a time in registers, each byte of
    /// a word is looked up in ``LaneMasks`` as the masks of its eight slots, and the
    /// token's weight is added where its bit is set (+0 where not, which leaves a sum as
    /// it is: each slot's sum is the same additions in the same order as one that adds only
    /// at the set bits). No branch depends on the bits: about a sixth of them are set, so
    /// a loop over the set bits mispredicted its end at nearly every word.
    @inline(__always)
    func addSetPart(
        cursor: inout ConceptBlocks.Cursor, slots: Range<Int>, block b: Int, alive: UInt64, norms: UnsafeMutablePointer<Float>,
        weight: Float, scale: Float, _ scratch: Scratch
    ) {
        let words = scratch.slotWords
        let weights = scratch.slotWeights
        var count = 0
        for s in slots {
            words[count] = cursor.word(s, block: b) & alive
            weights[count] = cursor.weight(s)
            count += 1
        }
        if maskedSums {
            brewery_add_weight_sums(words, weights, count, norms, scale, weight, scratch.numerator, scratch.denominator)
            return
        }
        let masks = LaneMasks.table
        for chunk in 0..<4 {
            var s0 = SIMD4<Float>()
            var s1 = SIMD4<Float>()
            var s2 = SIMD4<Float>()
            var s3 = SIMD4<Float>()
            let shift = UInt64(16 * chunk)
            for k in 0..<count {
                let bits = Int(truncatingIfNeeded: words[k] &>> shift)
                let w = SIMD4<UInt32>(repeating: weights[k].bitPattern)
                let low = masks + 2 * (bits & 0xFF)
                let high = masks + 2 * ((bits &>> 8) & 0xFF)
                s0 += unsafeBitCast(low[0] & w, to: SIMD4<Float>.self)
                s1 += unsafeBitCast(low[1] & w, to: SIMD4<Float>.self)
                s2 += unsafeBitCast(high[0] & w, to: SIMD4<Float>.self)
                s3 += unsafeBitCast(high[1] & w, to: SIMD4<Float>.self)
            }
            Self.add(s0, lane: 16 * chunk, norms: norms, scale: scale, weight: weight, scratch)
            Self.add(s1, lane: 16 * chunk + 4, norms: norms, scale: scale, weight: weight, scratch)
            Self.add(s2, lane: 16 * chunk + 8, norms: norms, scale: scale, weight: weight, scratch)
            Self.add(s3, lane: 16 * chunk + 12, norms: norms, scale: scale, weight: weight, scratch)
        }
    }

    /// Adds a set part's sums of four slots from `lane` on: the numerator gets scale ·
    /// inverse norm · sum, the denominator the part's weight where the beer has the part.
    @inline(__always)
    static func add(
        _ sum: SIMD4<Float>, lane: Int, norms: UnsafeMutablePointer<Float>, scale: Float, weight: Float,
        _ scratch: Scratch
    ) {
        let inv = UnsafeRawPointer(norms + lane).loadUnaligned(as: SIMD4<Float>.self)
        let n = UnsafeMutableRawPointer(scratch.numerator + lane)
        let d = UnsafeMutableRawPointer(scratch.denominator + lane)
        n.storeBytes(of: n.load(as: SIMD4<Float>.self) + SIMD4(repeating: scale) * inv * sum, as: SIMD4<Float>.self)
        d.storeBytes(
            of: d.load(as: SIMD4<Float>.self) + SIMD4<Float>().replacing(with: weight, where: inv .> 0),
            as: SIMD4<Float>.self)
    }
}
