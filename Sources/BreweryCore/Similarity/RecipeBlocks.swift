/// The recipe features (``RecipeFeatures``) and food norms in ``FeatureBlocks``'s order,
/// with what each block's beers have, so `recommend like` scores a block with straight
/// loops and bounds it without reading its beers. Built in linear time; read-only after.
///
/// Per position: each token part's inverse norm, the method values and mask. Per block:
/// which parts every beer has and which some beer has, the same for the method axes, the
/// box of the method values, and the block's one yeast when its beers share one, so a
/// block of another yeast is bounded by how like the query's that one is.
package struct RecipeBlocks: Sendable {
    /// Which beers of each block have each recipe token.
    let tokens: ConceptBlocks
    /// By position: the token parts' inverse norms (0: none, or padding).
    let inverseNorm: [AlignedBuffer<Float>]
    /// By position: fermentation °C, dry-hop rate, and which are known.
    let fermentation: AlignedBuffer<Float>
    let dryHopRate: AlignedBuffer<Float>
    let methodMask: AlignedBuffer<UInt8>
    /// By set part (food, yeast, hops, malt, style) and position: the inverse norm in
    /// whole units of the part's ``filterNormUnit``, rounded up (0 stays 0, so a beer has
    /// a part where its number is not 0). The filter's one pass reads these, a bound a
    /// hair above the norms in half their bytes (``BlockSearch/setPartsReachInOnePass(_:block:threshold:_:gathered:bounds:)``).
    let filterNorms: [AlignedBuffer<UInt16>]
    let filterNormUnit: [Float]
    /// By block: the parts (food, yeast, hops, malt, style) every beer has, and some beer has.
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
    /// The distinct yeast token lists of the blocks whose beers all have the same one
    /// (the empty list for no yeast), with each list's token weights.
    let yeastSets: [[Int32]]
    /// By block, and by group of ``FeatureBlocks/groupWidth`` blocks: the index of the
    /// one yeast list of all its beers in ``yeastSets``, or -1 when they differ.
    let blockYeast: AlignedBuffer<Int32>
    let groupYeast: AlignedBuffer<Int32>

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
        (yeastSets, blockYeast, groupYeast) = Self.yeast(recipe, blocks)
        inverseNorm = norms
        (filterNorms, filterNormUnit) = Self.filterNorms(food: blocks.inverseNorm, parts: norms)
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

    /// The blocks' and groups' one yeast each, where they have one (see ``blockYeast``).
    private static func yeast(
        _ recipe: RecipeFeatures, _ blocks: FeatureBlocks
    ) -> ([[Int32]], AlignedBuffer<Int32>, AlignedBuffer<Int32>) {
        var sets: [[Int32]] = []
        var setOf: [[Int32]: Int32] = [:]
        let byBlock = AlignedBuffer<Int32>(count: blocks.blockCount, repeating: -1)
        let isYeast = recipe.kinds.map { $0.part == .yeast }
        recipe.tokenStart.withUnsafeBufferPointer { start in
            recipe.tokens.withUnsafeBufferPointer { tokens in
                // A beer's yeast tokens: the first of its tokens (yeast kinds sort first).
                func yeast(_ beer: Int32) -> Range<Int> {
                    let from = Int(start[Int(beer)])
                    let to = Int(start[Int(beer) + 1])
                    var end = from
                    while end < to && isYeast[Int(tokens[end])] { end += 1 }
                    return from..<end
                }
                for b in 0..<blocks.blockCount {
                    let positions = b * FeatureBlocks.width..<(b + 1) * FeatureBlocks.width
                    guard let first = positions.first(where: { blocks.beerAt[$0] >= 0 }) else { continue }
                    let list = yeast(blocks.beerAt[first])
                    var same = true
                    for p in first + 1..<positions.upperBound where blocks.beerAt[p] >= 0 {
                        let other = yeast(blocks.beerAt[p])
                        if other.count != list.count || !zip(other, list).allSatisfy({ tokens[$0] == tokens[$1] }) {
                            same = false
                            break
                        }
                    }
                    guard same else { continue }
                    let key = Array(tokens[list])
                    if let known = setOf[key] {
                        byBlock[b] = known
                    } else {
                        byBlock[b] = Int32(sets.count)
                        setOf[key] = Int32(sets.count)
                        sets.append(key)
                    }
                }
            }
        }
        let byGroup = AlignedBuffer<Int32>(count: blocks.groupCount, repeating: -1)
        for g in 0..<blocks.groupCount {
            let members = g * FeatureBlocks.groupWidth..<min((g + 1) * FeatureBlocks.groupWidth, blocks.blockCount)
            let one = byBlock[members.lowerBound]
            if one >= 0 && members.allSatisfy({ byBlock[$0] == one }) { byGroup[g] = one }
        }
        return (sets, byBlock, byGroup)
    }

    /// The set parts' inverse norms in whole units, rounded up (``filterNorms``): a
    /// part's unit is its largest norm / 65,535.
    static func filterNorms(
        food: AlignedBuffer<Float>, parts: [AlignedBuffer<Float>]
    ) -> (norms: [AlignedBuffer<UInt16>], unit: [Float]) {
        let all = [food] + parts
        var units: [Float] = []
        let norms = all.map { floats in
            var largest: Float = 0
            for p in 0..<floats.count where floats[p].isFinite { largest = max(largest, floats[p]) }
            let unit = largest > 0 ? largest / 65_535 : 1
            units.append(unit)
            // Rounded up, with a margin for the rounding of the products; at least 1.
            let perUnit = 1 / unit * (1 + 1e-5)
            let numbers = AlignedBuffer<UInt16>(count: floats.count, repeating: 0)
            for p in 0..<floats.count where floats[p] > 0 {
                numbers[p] = UInt16(min(max((floats[p] * perUnit).rounded(.up), 1), 65_535))
            }
            return numbers
        }
        return (norms, units)
    }

    /// The bit of `part` in ``partsAll`` and ``partsAny``.
    @inline(__always)
    static func bit(_ part: SimilarityPart) -> UInt8 { UInt8(1) << UInt8(part.rawValue) }
}
