// The walk over a query beer's set parts that both the scores and their filter bounds take.
extension BlockSearch {
    /// Calls `body` for each set part of query beer `j` that weighs, in order: food, then
    /// yeast (unless `yeast` is false), hops, malt and style. `body` gets the part's cursor,
    /// its query slots, its beers' inverse norms in block `b`, its weight and scale, and
    /// its number among the five (0 for food, 1–4 for yeast, hops, malt and style).
    ///
    /// Always inlined, so `body` is too: the scoring loop calls no closure.
    @inline(__always)
    func forEachSetPart(
        _ j: Int, block b: Int, _ scratch: Scratch, yeast: Bool = true,
        _ body: (
            _ cursor: inout ConceptBlocks.Cursor, _ slots: Range<Int>, _ norms: UnsafeMutablePointer<Float>,
            _ weight: Float, _ scale: Float, _ part: Int
        ) -> Void
    ) {
        let base = b * FeatureBlocks.width
        let n = numbers[j]
        if n.foodWeight > 0 {
            body(&scratch.cursors[2 * j], 0..<n.foodSlots, blocks.inverseNorm + base, n.foodWeight, n.foodScale, 0)
        }
        var start = 0
        for p in 0..<4 {
            let end = n.recipeSlotEnd[p]
            if n.recipeWeight[p] > 0 && (p > 0 || yeast) {
                let norms = recipe.inverseNorm[p]
                body(&scratch.cursors[2 * j + 1], start..<end, norms + base, n.recipeWeight[p], n.recipeScale[p], p + 1)
            }
            start = end
        }
    }
}
