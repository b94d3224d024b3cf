import CMaskedSums

// Bounds: the most any beer of a group or block can score, and the least a disliked
// beer can take from it, so whole groups and blocks are skipped unread.
extension BlockSearch {
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
        required: UInt8, optional: UInt8, caps: inout InlineArray<7, Float>, weights: InlineArray<7, Float>
    ) -> Float {
        var sum: Float = 0
        var den: Float = 0
        for p in 0..<7 where required & (1 << p) != 0 {
            sum += weights[p] * caps[p]
            den += weights[p]
        }
        var left = optional & ~required
        while left != 0 {
            var best = -1
            for p in 0..<7 where left & (1 << p) != 0 && (best < 0 || caps[p] > caps[best]) { best = p }
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
        required: UInt8, optional: UInt8, floors: InlineArray<7, Float>, weights: InlineArray<7, Float>
    ) -> Float {
        var weight: Float = 0
        var negated = floors
        for p in 0..<7 {
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
        let q = n.values.q
        @inline(__always)
        func far(_ q: Float, _ low: Float, _ high: Float) -> Float { abs(q - low) > abs(q - high) ? low : high }
        let v = (
            far(q.0, blocks.low.0[b], blocks.high.0[b]), far(q.1, blocks.low.1[b], blocks.high.1[b]),
            far(q.2, blocks.low.2[b], blocks.high.2[b])
        )
        var floors = InlineArray<7, Float>(repeating: 0)
        floors[0] = SimilarityScorer.numericScore(v, blocks.blockMask[b], q: q, w: n.values.w)
        var required: UInt8 = n.values.numericWeight(sharing: blocks.blockMask[b]) > 0 ? 1 : 0
        var optional = required
        if n.values.methodWeight > 0 {
            if recipe.methodAll[b] & n.values.methodMask != 0 { required |= 2 }
            if recipe.methodAny[b] & n.values.methodMask != 0 { optional |= 2 }
        }
        let all = recipe.partsAll[b]
        let any = recipe.partsAny[b]
        for (p, part) in [SimilarityPart.food, .yeast, .hops, .malt, .style].enumerated() {
            guard p == 0 ? n.foodWeight > 0 : n.recipeWeight[p - 1] > 0 else { continue }
            if all & RecipeBlocks.bit(part) != 0 { required |= RecipeBlocks.bit(part) }
            if any & RecipeBlocks.bit(part) != 0 { optional |= RecipeBlocks.bit(part) }
        }
        let yeast = recipe.blockYeast[b]
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
        let m = blocks.groupMask[g]
        guard m != FeatureBlocks.mixedMask else { return .infinity }
        return combinedBound { j in
            let n = numbers[j]
            let v = (
                min(max(n.values.q.0, blocks.groupLow.0[g]), blocks.groupHigh.0[g]),
                min(max(n.values.q.1, blocks.groupLow.1[g]), blocks.groupHigh.1[g]),
                min(max(n.values.q.2, blocks.groupLow.2[g]), blocks.groupHigh.2[g])
            )
            var caps = InlineArray<7, Float>(repeating: 1)
            caps[0] = SimilarityScorer.numericScore(v, m, q: n.values.q, w: n.values.w)
            let numeric: UInt8 = n.values.numericWeight(sharing: m) > 0 ? 1 : 0
            var required = numeric
            var optional = numeric | 0b111_1110
            let yeast = recipe.groupYeast[g]
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
    /// liked query beer's own bound goes to `scratch`'s ``Scratch/planBounds``. With
    /// `gathered`, the liked beers' words for the group are in the scratch's
    /// ``Scratch/groupWords`` already (``gatherWords(group:_:)``), else they are read here.
    func bounds(_ range: Range<Int>, _ scratch: Scratch, into out: UnsafeMutablePointer<Float>, gathered: Bool = false) {
        let first = range.lowerBound
        precondition(range.count <= FeatureBlocks.groupWidth, "bounds are found a group at a time")
        // The query tokens present in each block, a token at a time over the group's
        // blocks (a dense token's words for them are side by side).
        for j in 0..<likedCount {
            let n = numbers[j]
            let present = scratch.presence + 5 * FeatureBlocks.groupWidth * j
            present.update(repeating: 0, count: 5 * FeatureBlocks.groupWidth)
            let words = scratch.groupWords + j * scratch.planWords
            // Slot `s` of `cursor` (number `slot` among the plan's, food's first).
            @inline(__always)
            func add(_ cursor: inout ConceptBlocks.Cursor, _ s: Int, slot: Int, into out: UnsafeMutablePointer<Float>) {
                guard gathered else {
                    cursor.addPresence(s, blocks: range, into: out, masked: maskedSums)
                    return
                }
                let w = cursor.weight(s)
                let mine = words + slot * FeatureBlocks.groupWidth
                if maskedSums && range.count == FeatureBlocks.groupWidth {
                    brewery_add_presence(mine, w, out)
                } else {
                    for i in 0..<range.count { out[i] += mine[i] != 0 ? w : 0 }
                }
            }
            if n.foodWeight > 0 {
                for s in 0..<n.foodSlots { add(&scratch.boundCursors[2 * j], s, slot: s, into: present) }
            }
            var start = 0
            for p in 0..<4 {
                let end = n.recipeSlotEnd[p]
                if n.recipeWeight[p] > 0 {
                    let out = present + (p + 1) * FeatureBlocks.groupWidth
                    for s in start..<end { add(&scratch.boundCursors[2 * j + 1], s, slot: n.foodSlots + s, into: out) }
                }
                start = end
            }
        }
        let plans = scratch.planBounds
        for b in range {
            out[b - first] = combinedBound { j in
                let bound = blockBound(
                    b, j, present: scratch.presence + 5 * FeatureBlocks.groupWidth * j + (b - first))
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
        var caps = InlineArray<7, Float>(repeating: 1)
        caps[0] = numericCap(b, n)
        let numeric: UInt8 = n.values.numericWeight(sharing: blocks.blockMask[b]) > 0 ? 1 : 0
        var required = numeric
        var optional = numeric
        if n.values.methodWeight > 0 {
            if recipe.methodAll[b] & n.values.methodMask != 0 { required |= 2 }
            if recipe.methodAny[b] & n.values.methodMask != 0 { optional |= 2 }
            caps[1] = methodCap(b, n)
        }
        let all = recipe.partsAll[b]
        let any = recipe.partsAny[b]
        if n.foodWeight > 0 {
            if all & RecipeBlocks.bit(.food) != 0 { required |= RecipeBlocks.bit(.food) }
            if any & RecipeBlocks.bit(.food) != 0 {
                optional |= RecipeBlocks.bit(.food)
                caps[SimilarityPart.food.rawValue] = Self.setCap(
                    present: present[0], inverse: n.foodScale / n.foodWeight)
            }
        }
        for (p, part) in [SimilarityPart.yeast, .hops, .malt, .style].enumerated() {
            guard n.recipeWeight[p] > 0 else { continue }
            if all & RecipeBlocks.bit(part) != 0 { required |= RecipeBlocks.bit(part) }
            if any & RecipeBlocks.bit(part) != 0 {
                optional |= RecipeBlocks.bit(part)
                caps[part.rawValue] = Self.setCap(
                    present: present[(p + 1) * FeatureBlocks.groupWidth], inverse: n.recipeScale[p] / n.recipeWeight[p])
            }
        }
        let yeast = recipe.blockYeast[b]
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
        let q = n.values.q
        let v = (
            min(max(q.0, blocks.low.0[b]), blocks.high.0[b]), min(max(q.1, blocks.low.1[b]), blocks.high.1[b]),
            min(max(q.2, blocks.low.2[b]), blocks.high.2[b])
        )
        return SimilarityScorer.numericScore(v, blocks.blockMask[b], q: q, w: n.values.w)
    }

    /// The most method similarity any beer of block `b` can have to query numbers `n`:
    /// the nearest method value on an axis both may have (the best a pair can do is to
    /// differ only there); 0 when they share none.
    @inline(__always)
    func methodCap(_ b: Int, _ n: PlanNumbers) -> Float {
        var d: Float = .infinity
        let shared = recipe.methodAny[b] & n.values.methodMask
        if shared & 1 != 0 {
            let t = min(max(n.values.methodValues.0, recipe.fermentationLow[b]), recipe.fermentationHigh[b])
            d = min(d, abs(t - n.values.methodValues.0) * (1 / RecipeFeatures.fermentationScale))
        }
        if shared & 2 != 0 {
            let t = min(max(n.values.methodValues.1, recipe.dryHopLow[b]), recipe.dryHopHigh[b])
            d = min(d, abs(t - n.values.methodValues.1) * (1 / RecipeFeatures.dryHopScale))
        }
        return d.isFinite ? 1 / (1 + d * d) : 0
    }
}
