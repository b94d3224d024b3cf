import CMaskedSums
import CPrefetch

/// One `recommend like` search over the blocks of a catalogue: block bounds, block
/// scoring and top-k selection (see ``SimilarityScorer``).
///
/// It reads the catalogue through the blocks' pointer handles, so stripes running side by
/// side never touch a shared reference count; each stripe has its own ``Scratch``,
/// cursors and top k. The catalogue must outlive the search (the scorer holds it), and
/// the owner calls ``deallocate()`` when every stripe is done. Bounds, the set-part
/// filter and scoring are in the files `BlockSearch+<role>.swift`.
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
    /// The catalogue's blocks, by position, block and group.
    let blocks: FeatureBlocks.UnsafeHandle
    let recipe: RecipeBlocks.UnsafeHandle
    // The one yeast of a block's or group's beers (-1: they differ), and, per query beer
    // and such yeast, the most the yeast part can be (-1: no yeast).
    let yeastSetCount: Int
    let yeastCaps: UnsafeMutablePointer<Float>
    /// Per query beer and such yeast, the least the yeast part can be (a hair below its
    /// value; -1: no yeast), for the disliked beers' floors (``dislikeFloor(_:_:)``).
    let yeastFloors: UnsafeMutablePointer<Float>
    // By beer index.
    let ids: UnsafeMutablePointer<Int32>
    /// Per query beer, its set parts for the filter's one pass (``brewery_filter_reach``):
    /// at `2j` every part that weighs, at `2j + 1` the same without the yeast (for a block
    /// of one yeast list, where the yeast part is its cap); slots are the food's, then the
    /// recipe's (``QueryPlan/recipeTokens``).
    let filterParts: UnsafeMutablePointer<brewery_filter_parts>
    /// Per query beer, its slots' units, from `filterUnits + filterUnitStart[j]`.
    let filterUnits: UnsafeMutablePointer<UInt16>
    let filterUnitStart: [Int]
    /// The most slots (food and recipe tokens) a query beer has.
    let mostSlots: Int

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
        blocks = b.unsafeHandle
        recipe = r.unsafeHandle
        ids = c.ids.pointer
        let slotCounts = plans.map { $0.food.tokens.count + $0.recipeTokens.count }
        mostSlots = slotCounts.max() ?? 0
        filterUnitStart = slotCounts.reduce(into: [0]) { $0.append($0.last! + $1) }
        filterUnits = .allocate(capacity: max(filterUnitStart.last!, 1))
        filterParts = .allocate(capacity: max(2 * plans.count, 1))
        for (j, p) in plans.enumerated() {
            (filterUnits + filterUnitStart[j]).initialize(from: p.food.units + p.recipeUnits, count: slotCounts[j])
            for (k, yeast) in [true, false].enumerated() {
                (filterParts + 2 * j + k).initialize(
                    to: Self.filterParts(
                        numbers[j], yeast: yeast, norms: r.unsafeHandle.filterNorms, units: r.filterNormUnit))
            }
        }
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

    /// The set parts of a query beer (`n`) for ``brewery_filter_reach``, in the order
    /// ``forEachSetPart(_:block:_:yeast:_:)`` takes them: food, then yeast (unless
    /// `yeast` is false), hops, malt and style, those that weigh; each part's norms in
    /// whole `units` (food's first: ``RecipeBlocks/filterNorms``), by position.
    static func filterParts(
        _ n: PlanNumbers, yeast: Bool, norms: InlineArray<5, UnsafeMutablePointer<UInt16>>, units: [Float]
    ) -> brewery_filter_parts {
        var parts = brewery_filter_parts()
        var list: [(begin: Int, end: Int, norms: UnsafeMutablePointer<UInt16>, scale: Float, weight: Float)] = []
        if n.foodWeight > 0 {
            list.append((0, n.foodSlots, norms[0], n.foodScale * n.quantum[0] * units[0], n.foodWeight))
        }
        var start = n.foodSlots
        for p in 0..<4 {
            let end = n.foodSlots + n.recipeSlotEnd[p]
            if n.recipeWeight[p] > 0 && (p > 0 || yeast) {
                list.append(
                    (start, end, norms[p + 1], n.recipeScale[p] * n.quantum[p + 1] * units[p + 1], n.recipeWeight[p]))
            }
            start = end
        }
        parts.count = list.count
        // The C arrays come in as tuples: each is filled through its bytes.
        func fill<Tuple, Element>(_ tuple: inout Tuple, _ values: [Element]) {
            withUnsafeMutableBytes(of: &tuple) { bytes in
                for (i, v) in values.enumerated() {
                    bytes.storeBytes(of: v, toByteOffset: i * MemoryLayout<Element>.stride, as: Element.self)
                }
            }
        }
        fill(&parts.begin, list.map(\.begin))
        fill(&parts.end, list.map(\.end))
        fill(&parts.norms, list.map { Optional(UnsafePointer($0.norms)) })
        fill(&parts.scale, list.map(\.scale))
        fill(&parts.weight, list.map(\.weight))
        return parts
    }

    /// Frees the plan numbers.
    func deallocate() {
        filterParts.deallocate()
        filterUnits.deallocate()
        numbers.deinitialize(count: plans.count)
        numbers.deallocate()
        yeastCaps.deallocate()
        yeastFloors.deallocate()
    }

    /// Whether only abv/ibu/ebc count for every query beer.
    var numericOnly: Bool { !plans.contains { $0.usesMoreThanNumbers } }

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
            // With masked sums, the words the bounds and the filter read are gathered
            // for the whole group first.
            if maskedSums { gatherWords(group: g, scratch) }
            if likedCount > 1 {
                bounds(first..<last, scratch, into: scratch.bounds, gathered: maskedSums)
            } else {
                // With one liked beer every block of an opened group goes to the filter
                // (``setPartsReach(_:block:threshold:_:gathered:)``), which bounds it beer
                // by beer: block bounds, each part at its best over the block, would rule
                // out few more and cost more than they save.
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
                    planBounds: scratch.planBounds + (b - first) * planCount,
                    gathered: maskedSums ? scratch.groupWords + (b - first) : nil)
            }
            if let shared, threshold > before { shared.raise(to: threshold) }
        }
        return top.sorted()
    }

    /// Starts loading the words of the liked beers' tokens for the blocks of group `g`
    /// into the cache (what ``gatherWords(group:_:)`` reads first, or without masked sums
    /// ``bounds(_:_:into:gathered:)`` or ``setPartsReach(_:block:threshold:_:gathered:)``).
    @inline(__always)
    func prefetchWords(group g: Int, _ scratch: Scratch) {
        let first = g * FeatureBlocks.groupWidth
        let blocks = first..<min(first + FeatureBlocks.groupWidth, blockCount)
        for j in 0..<2 * likedCount { scratch.boundCursors[j].prefetch(blocks: blocks) }
    }

    /// Starts loading what the filter reads of block `b` (``setPartSums(_:block:_:)``, or
    /// with masked sums ``setPartsReachInOnePass(_:block:threshold:_:gathered:bounds:)``: the
    /// beers' norms and method masks) into the cache: in a large catalogue the blocks
    /// searched are apart, and each would wait on memory. Their numbers are not: most
    /// blocks end at the filter.
    @inline(__always)
    func prefetch(block b: Int) {
        let base = b * FeatureBlocks.width
        if maskedSums {
            // 64 norms in whole units: two cache lines a part. Not the yeast's: a block of
            // one yeast list, nearly every block, needs none.
            @inline(__always)
            func lines(_ p: UnsafeMutablePointer<UInt16>) {
                brewery_prefetch(p + base)
                brewery_prefetch(p + base + 32)
            }
            lines(recipe.filterNorms[0])
            lines(recipe.filterNorms[2])
            lines(recipe.filterNorms[3])
            lines(recipe.filterNorms[4])
            brewery_prefetch(recipe.methodMask + base)
            return
        }
        @inline(__always)
        func lines(_ p: UnsafeMutablePointer<Float>) {
            // 64 floats: four cache lines.
            brewery_prefetch(p + base)
            brewery_prefetch(p + base + 16)
            brewery_prefetch(p + base + 32)
            brewery_prefetch(p + base + 48)
        }
        lines(blocks.inverseNorm)
        // Not the yeast's: a block of one yeast list, nearly every block, needs none.
        lines(recipe.inverseNorm[1])
        lines(recipe.inverseNorm[2])
        lines(recipe.inverseNorm[3])
        brewery_prefetch(recipe.methodMask + base)
    }

    /// Scores every block of `range` into `top` (the starting neighbourhood).
    func seed(_ range: Range<Int>, into top: inout TopK) {
        let scratch = Scratch(self)
        defer { scratch.deallocate() }
        var threshold = -Float.infinity
        for b in range { score(block: b, scratch, floor: -.infinity, threshold: &threshold, into: &top) }
    }
}
