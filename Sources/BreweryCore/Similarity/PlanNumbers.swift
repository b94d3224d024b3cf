/// The plain numbers of a ``QueryPlan`` (no arrays), kept in memory the search owns, so
/// the scoring loops read them without reference counting.
struct PlanNumbers {
    var values: QueryValues
    var foodWeight: Float
    var foodScale: Float
    var foodSlots: Int
    /// Yeast, hops, malt, style (``RecipeFeatures/tokenParts``): weight, weight × inverse
    /// norm, and where each part's slots end in the recipe cursor.
    var recipeWeight: InlineArray<4, Float>
    var recipeScale: InlineArray<4, Float>
    var recipeSlotEnd: InlineArray<4, Int>
    /// What one unit of a token's weight stands for, per set part (food, then the token
    /// parts), in the filter's sums (``QueryPlan/SetPart/units``).
    var quantum: InlineArray<5, Float>
    /// The weights of the parts, by ``SimilarityPart`` raw value, made once: the block
    /// bounds read them for every block.
    var partWeights: InlineArray<7, Float>

    init(_ p: QueryPlan) {
        precondition(
            p.recipe.count == 4 && SimilarityPart.allCases.count == 7, "the plan numbers' sizes follow the parts")
        values = p.values
        foodWeight = p.food.weight
        foodScale = p.food.scale
        foodSlots = p.food.tokens.count
        quantum = InlineArray { $0 == 0 ? p.food.quantum : p.recipe[$0 - 1].quantum }
        recipeWeight = InlineArray { p.recipe[$0].weight }
        recipeScale = InlineArray { p.recipe[$0].scale }
        let weights = p.partWeights
        partWeights = InlineArray { weights[$0] }
        var end = 0
        recipeSlotEnd = InlineArray { i in
            end += p.recipe[i].tokens.count
            return end
        }
    }
}
