/// The recipe features (``RecipeFeatures``) and food norms laid out in the order of
/// ``FeatureBlocks``, with what each block's beers have, so `recommend like` scores a
/// block with straight loops and bounds it without reading its beers.
///
/// Per position: each token part's inverse norm, the method values and mask. Per block:
/// which parts every beer has and which some beer has (bits by ``SimilarityPart`` raw
/// value), the same for the method axes, and the box of the method values. Built at load
/// from the features (linear time); read-only afterwards.
package struct RecipeBlocks: Sendable {
    /// Which beers of each block have each recipe token.
    let tokens: ConceptBlocks
    /// By position: yeast, hops and malt inverse norms (0: none, or padding).
    let inverseNorm: [AlignedBuffer<Float>]
    /// By position: fermentation °C, dry-hop rate, and which are known.
    let fermentation: AlignedBuffer<Float>
    let dryHopRate: AlignedBuffer<Float>
    let methodMask: AlignedBuffer<UInt8>
    /// By block: the parts (food, yeast, hops, malt) every beer has, and some beer has.
    let partsAll: AlignedBuffer<UInt8>
    let partsAny: AlignedBuffer<UInt8>
    /// By block: the method axes every beer has, and some beer has.
    let methodAll: AlignedBuffer<UInt8>
    let methodAny: AlignedBuffer<UInt8>
    /// By block: the smallest and largest fermentation and dry-hop values among the beers
    /// that have them.
    let fermentationLow: AlignedBuffer<Float>
    let fermentationHigh: AlignedBuffer<Float>
    let dryHopLow: AlignedBuffer<Float>
    let dryHopHigh: AlignedBuffer<Float>

    /// Lays out `recipe` (and the food index's norms, already in `blocks`) by `blocks`.
    package init(recipe: RecipeFeatures, blocks: FeatureBlocks) {
        tokens = ConceptBlocks(recipe: recipe, blocks: blocks)
        let positions = blocks.positions
        let norms = recipe.inverseNorm.map { _ in AlignedBuffer<Float>(count: positions, repeating: 0) }
        let ferm = AlignedBuffer<Float>(count: positions, repeating: 0)
        let dry = AlignedBuffer<Float>(count: positions, repeating: 0)
        let mask = AlignedBuffer<UInt8>(count: positions, repeating: 0)
        for p in 0..<positions {
            let beer = Int(blocks.beerAt[p])
            guard beer >= 0 else { continue }
            for part in norms.indices { norms[part][p] = recipe.inverseNorm[part][beer] }
            ferm[p] = recipe.fermentation[beer]
            dry[p] = recipe.dryHopRate[beer]
            mask[p] = recipe.methodMask[beer]
        }
        let count = blocks.blockCount
        let all = AlignedBuffer<UInt8>(count: count, repeating: 0)
        let any = AlignedBuffer<UInt8>(count: count, repeating: 0)
        let mAll = AlignedBuffer<UInt8>(count: count, repeating: 0)
        let mAny = AlignedBuffer<UInt8>(count: count, repeating: 0)
        let fLow = AlignedBuffer<Float>(count: count, repeating: .infinity)
        let fHigh = AlignedBuffer<Float>(count: count, repeating: -.infinity)
        let dLow = AlignedBuffer<Float>(count: count, repeating: .infinity)
        let dHigh = AlignedBuffer<Float>(count: count, repeating: -.infinity)
        for b in 0..<count {
            var partsAll: UInt8 = 0xFF
            var partsAny: UInt8 = 0
            var methodAll: UInt8 = 0xFF
            var methodAny: UInt8 = 0
            for p in b * FeatureBlocks.width..<(b + 1) * FeatureBlocks.width where blocks.beerAt[p] >= 0 {
                var parts: UInt8 = 0
                if blocks.inverseNorm[p] > 0 { parts |= Self.bit(.food) }
                for (i, part) in RecipeFeatures.tokenParts.enumerated() where norms[i][p] > 0 { parts |= Self.bit(part) }
                partsAll &= parts
                partsAny |= parts
                methodAll &= mask[p]
                methodAny |= mask[p]
                if mask[p] & 1 != 0 {
                    fLow[b] = min(fLow[b], ferm[p])
                    fHigh[b] = max(fHigh[b], ferm[p])
                }
                if mask[p] & 2 != 0 {
                    dLow[b] = min(dLow[b], dry[p])
                    dHigh[b] = max(dHigh[b], dry[p])
                }
            }
            all[b] = partsAny == 0 ? 0 : partsAll
            any[b] = partsAny
            mAll[b] = methodAny == 0 ? 0 : methodAll
            mAny[b] = methodAny
        }
        inverseNorm = norms
        fermentation = ferm
        dryHopRate = dry
        methodMask = mask
        partsAll = all
        partsAny = any
        methodAll = mAll
        methodAny = mAny
        fermentationLow = fLow
        fermentationHigh = fHigh
        dryHopLow = dLow
        dryHopHigh = dHigh
    }

    /// The bit of `part` in ``partsAll`` and ``partsAny``.
    @inline(__always)
    static func bit(_ part: SimilarityPart) -> UInt8 { UInt8(1) << UInt8(part.rawValue) }
}
