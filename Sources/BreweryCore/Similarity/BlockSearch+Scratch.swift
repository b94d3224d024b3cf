extension BlockSearch {
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
        /// alone (unpadded), as ``bounds(_:_:into:gathered:)`` found it.
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
        /// Per liked query beer and set part (food, yeast, hops, malt, style), per block of the
        /// group being bounded, the summed weights of the query tokens some beer of the
        /// block has (see ``bounds(_:_:into:gathered:)``).
        let presence: UnsafeMutablePointer<Float>
        /// One set part's words for the block being scored (one per query token), and
        /// the tokens' weights.
        let slotWords: UnsafeMutablePointer<UInt64>
        let slotWeights: UnsafeMutablePointer<Float>
        /// With masked sums, the words of the liked beers' tokens for the blocks of the
        /// group being searched, a group's width per slot, ``planWords`` per liked beer
        /// (``gatherWords(group:_:)``).
        let groupWords: UnsafeMutablePointer<UInt64>
        let planWords: Int

        init(_ search: BlockSearch) {
            planScores = .allocate(capacity: FeatureBlocks.width * max(search.plans.count, 1))
            planOrder = .allocate(capacity: max(search.plans.count, 1))
            presence = .allocate(capacity: 5 * FeatureBlocks.groupWidth * max(search.likedCount, 1))
            let slots = search.plans.map { $0.food.tokens.count + $0.recipeTokens.count }.max() ?? 0
            slotWords = .allocate(capacity: max(slots, 1))
            slotWeights = .allocate(capacity: max(slots, 1))
            planWords = search.mostSlots * FeatureBlocks.groupWidth
            groupWords = .allocate(capacity: max(search.likedCount * planWords, 1))
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
            groupWords.deallocate()
            planBounds.deallocate()
            for c in [cursors, boundCursors] {
                for j in 0..<cursorCount { c[j].deallocate() }
                c.deinitialize(count: cursorCount)
                c.deallocate()
            }
            UnsafeMutableRawPointer(base).deallocate()
        }
    }
}
