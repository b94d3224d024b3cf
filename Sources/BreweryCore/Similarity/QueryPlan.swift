/// One query beer resolved to the numbers the `recommend like` loops need: its scaled
/// values and the weights of the parts it has (0 for the parts it lacks, which then count
/// for no pair), and, per set part, its tokens (ascending) with their weights.
struct QueryPlan {
    /// One set-valued part (food, yeast, hops, malt or style) of the query beer.
    struct SetPart {
        /// The part's weight, or 0 when the query has none of it.
        var weight: Float
        /// weight × the query's inverse norm.
        var scale: Float
        /// The query's tokens, ascending, and their weights.
        var tokens: [Int32]
        var tokenWeights: [Float]
        /// The weights as whole numbers of `quantum`, rounded up, for the search's filter:
        /// all of them add up to at most 65,535, so its 16-bit sums never overflow, and a
        /// sum times `quantum` is at least the weights it stands for.
        var units: [UInt16]
        var quantum: Float

        init(weight: Float, scale: Float, tokens: [Int32], tokenWeights: [Float]) {
            self.weight = weight
            self.scale = scale
            self.tokens = tokens
            self.tokenWeights = tokenWeights
            let total = tokenWeights.reduce(0, +)
            guard total > 0, total.isFinite, tokenWeights.count < 60_000 else {
                units = tokenWeights.map { _ in 0 }
                quantum = 0
                return
            }
            // Each weight rounds up by less than one unit: as many units are kept free. The
            // weights are finite and at least 0 (a snapshot with others is refused as
            // damaged); an infinite total (huge weights) gives no quantum above.
            let q = total / Float(65_535 - tokenWeights.count) * (1 + 1e-5)
            quantum = q
            units = tokenWeights.map { UInt16(min(($0 / q).rounded(.up), 65_535)) }
        }
    }

    var values: QueryValues
    var food: SetPart
    /// Yeast, hops, malt and style, in ``RecipeFeatures/tokenParts`` order; their tokens together,
    /// ascending, are the recipe cursor's slots.
    var recipe: [SetPart]

    /// Whether any part besides the numeric one counts.
    var usesMoreThanNumbers: Bool { values.methodWeight > 0 || food.weight > 0 || recipe.contains { $0.weight > 0 } }

    /// The weights of the parts, by ``SimilarityPart`` raw value (0 for parts the query lacks).
    var partWeights: [Float] {
        [values.numericWeight, values.methodWeight, food.weight] + recipe.map(\.weight)
    }

    init(_ beer: Int, weights: ScoringWeights, catalogue: Catalogue) {
        let f = catalogue.features
        let m = f.mask[beer]
        func axis(_ a: Axis) -> (Float, Float) {
            let present = m & UInt8(1 << a.rawValue) != 0
            return (present ? f.scaled[a.rawValue][beer] : 0, present ? weights.weight(of: a) : 0)
        }
        let (qa, wa) = axis(.abv)
        let (qi, wi) = axis(.ibu)
        let (qe, we) = axis(.ebc)
        let r = catalogue.recipe
        let methodMask = r.methodMask[beer]
        values = QueryValues(
            q: (qa, qi, qe), w: (wa, wi, we), queryMask: m, numericWeight: m != 0 ? weights.numeric : 0,
            methodValues: (r.fermentation[beer], r.dryHopRate[beer]), methodMask: methodMask,
            methodWeight: methodMask != 0 ? weights.method : 0)

        let concepts = catalogue.food.concepts(ofBeer: beer).sorted()
        let foodInverse = catalogue.food.inverseNorm[beer]
        food =
            weights.food > 0 && !concepts.isEmpty && foodInverse > 0
            ? SetPart(
                weight: weights.food, scale: weights.food * foodInverse, tokens: concepts,
                tokenWeights: concepts.map { catalogue.food.idf[Int($0)] })
            : SetPart(weight: 0, scale: 0, tokens: [], tokenWeights: [])
        let mine = Array(r.tokens(ofBeer: beer))
        recipe = RecipeFeatures.tokenParts.enumerated().map { (i, part) in
            let weight = r.weight(of: part, weights.weight(of: part), forBeer: beer)
            let inverse = r.inverseNorm[i][beer]
            let tokens = mine.filter { r.kinds[Int($0)].part == part }
            guard weight > 0, inverse > 0, !tokens.isEmpty else {
                return SetPart(weight: 0, scale: 0, tokens: [], tokenWeights: [])
            }
            return SetPart(
                weight: weight, scale: weight * inverse, tokens: tokens, tokenWeights: tokens.map { r.weights[Int($0)] })
        }
    }

    /// The recipe parts' tokens, in slot order.
    var recipeTokens: [Int32] { recipe.flatMap(\.tokens) }
    var recipeTokenWeights: [Float] { recipe.flatMap(\.tokenWeights) }
    var recipeUnits: [UInt16] { recipe.flatMap(\.units) }
}
