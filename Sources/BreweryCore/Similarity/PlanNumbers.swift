/// The plain numbers of a ``QueryPlan`` (no arrays), kept in memory the search owns, so
/// the scoring loops read them without reference counting.
struct PlanNumbers {
    var q: (Float, Float, Float)
    var w: (Float, Float, Float)
    var queryMask: UInt8
    var numericWeight: Float
    var methodValues: (Float, Float)
    var methodMask: UInt8
    var methodWeight: Float
    var foodWeight: Float
    var foodScale: Float
    var foodSlots: Int
    /// Yeast, hops, malt: weight, weight × inverse norm, and where each part's slots end
    /// in the recipe cursor.
    var recipeWeight: InlineArray<3, Float>
    var recipeScale: InlineArray<3, Float>
    var recipeSlotEnd: InlineArray<3, Int>
    /// What one unit of a token's weight stands for, per part (food, yeast, hops, malt),
    /// in the filter's sums (``QueryPlan/SetPart/units``).
    var quantum: InlineArray<4, Float>
    /// The weights of the parts, by ``SimilarityPart`` raw value, made once: the block
    /// bounds read them for every block.
    var partWeights: InlineArray<6, Float>

    init(_ p: QueryPlan) {
        q = p.q
        w = p.w
        queryMask = p.queryMask
        numericWeight = p.numericWeight
        methodValues = p.methodValues
        methodMask = p.methodMask
        methodWeight = p.methodWeight
        foodWeight = p.food.weight
        foodScale = p.food.scale
        foodSlots = p.food.tokens.count
        quantum = InlineArray { $0 == 0 ? p.food.quantum : p.recipe[$0 - 1].quantum }
        recipeWeight = InlineArray { p.recipe[$0].weight }
        recipeScale = InlineArray { p.recipe[$0].scale }
        partWeights = [
            p.numericWeight, p.methodWeight, p.food.weight, p.recipe[0].weight, p.recipe[1].weight, p.recipe[2].weight,
        ]
        var end = 0
        recipeSlotEnd = InlineArray { i in
            end += p.recipe[i].tokens.count
            return end
        }
    }

    /// The numeric part's weight for beers with `mask`: the weight when they share an axis
    /// of non-zero weight with the query, else 0 (the pair leaves the part out).
    @inline(__always)
    func numericWeight(sharing mask: UInt8) -> Float {
        let shared = mask & queryMask
        let den = w.0 * Float(shared & 1) + w.1 * Float((shared >> 1) & 1) + w.2 * Float((shared >> 2) & 1)
        return den > 0 ? numericWeight : 0
    }
}
