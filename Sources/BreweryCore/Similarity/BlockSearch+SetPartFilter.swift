import CMaskedSums

// The filter: a block bounded beer by beer from its set parts alone, before its
// beers' numbers are read.
extension BlockSearch {
    /// Whether some slot of block `b` can reach `threshold` for query beer `j`, bounded
    /// from its set parts with abv/ibu/ebc and the method at the block's caps
    /// (``setPartSums(_:block:_:)``). Without dividing: a slot's bound, numerator /
    /// denominator, reaches the threshold unpadded (`t`) where the numerator reaches `t`
    /// times the denominator.
    @inline(__always)
    func setPartsReach(
        _ j: Int, block b: Int, threshold: Float, _ scratch: Scratch, gathered: UnsafeMutablePointer<UInt64>? = nil
    ) -> Bool {
        if maskedSums {
            return setPartsReachInOnePass(j, block: b, threshold: threshold, scratch, gathered: gathered)
        }
        let (fixed, dn, methodPart, wm) = setPartSums(j, block: b, scratch)
        let num = scratch.numerator
        let den = scratch.denominator
        let qm = numbers[j].values.methodMask
        let mm = recipe.methodMask + b * FeatureBlocks.width
        // The least unpadded bound whose padding reaches the threshold, a hair lower still
        // for the rounding of the product.
        let t = (threshold - 1e-6) / (1 + 1e-4) * (1 - 1e-6)
        var reaches: UInt32 = 0
        for u in 0..<FeatureBlocks.width {
            let has = mm[u] & qm != 0
            let numerator = fixed + (has ? methodPart : 0) + num[u]
            let denominator = dn + (has ? wm : 0) + den[u] + SimilarityScorer.tiny
            reaches |= numerator >= t * denominator ? 1 : 0
        }
        return reaches != 0
    }

    /// ``setPartsReach(_:block:threshold:_:gathered:)`` with masked sums, in one call
    /// (``brewery_filter_reach``): the sums stay in registers, where the part-by-part
    /// ones (``setPartSums(_:block:_:)``) go through memory between parts, and the
    /// beers' norms are read in 16-bit whole units rounded up
    /// (``RecipeBlocks/filterNorms``), so its bounds are theirs or a hair higher. The
    /// words are `gathered` (slot `s`'s at `s` groups' widths on) or read here.
    ///
    /// With `bounds`, it writes each slot's bound there, padded (as
    /// ``setPartBounds(_:block:_:into:)``), and returns false.
    @inline(__always)
    func setPartsReachInOnePass(
        _ j: Int, block b: Int, threshold: Float, _ scratch: Scratch, gathered: UnsafeMutablePointer<UInt64>?,
        bounds: UnsafeMutablePointer<Float>? = nil
    ) -> Bool {
        let n = numbers[j]
        var start: Float = 0
        var startWeight: Float = 0
        let yeast = recipe.blockYeast[b]
        let oneYeast = yeast >= 0 && n.recipeWeight[0] > 0
        if oneYeast {
            // As in ``setPartSums(_:block:_:)``: the yeast part at its cap for every beer.
            let cap = yeastCaps[j * yeastSetCount + Int(yeast)]
            startWeight = cap >= 0 ? n.recipeWeight[0] : 0
            start = startWeight * max(cap, 0)
        }
        let parts = filterParts + 2 * j + (oneYeast ? 1 : 0)
        var words = scratch.slotWords
        var stride = 1
        if let gathered {
            words = gathered
            stride = FeatureBlocks.groupWidth
        } else {
            forEachSetPart(j, block: b, scratch, yeast: !oneYeast) { cursor, slots, _, _, _, part in
                // Slots count the food's first.
                let offset = part == 0 ? 0 : n.foodSlots
                for s in slots { words[offset + s] = cursor.word(s, block: b) }
            }
        }
        let dn = n.values.numericWeight(sharing: blocks.blockMask[b])
        let wm = n.values.methodWeight
        let t = (threshold - 1e-6) / (1 + 1e-4) * (1 - 1e-6)
        let position = b * FeatureBlocks.width
        return brewery_filter_reach(
            words, stride, filterUnits + filterUnitStart[j], parts, position, start, startWeight,
            recipe.methodMask + position, n.values.methodMask, dn * numericCap(b, n), dn,
            wm > 0 ? wm * methodCap(b, n) : 0, wm, SimilarityScorer.tiny, t, bounds) != 0
    }

    /// Writes the words of the liked beers' tokens (every slot of their filter parts) for
    /// the blocks of group `g` to the scratch's ``Scratch/groupWords``, a group's width
    /// per slot, for the filter (``setPartsReachInOnePass(_:block:threshold:_:gathered:bounds:)``)
    /// and the block bounds (``bounds(_:_:into:gathered:)``): a token at a time, its
    /// words side by side, rather than a word per token and block.
    @inline(__always)
    func gatherWords(group g: Int, _ scratch: Scratch) {
        let first = g * FeatureBlocks.groupWidth
        let range = first..<min(first + FeatureBlocks.groupWidth, blockCount)
        for j in 0..<likedCount {
            let n = numbers[j]
            let out = scratch.groupWords + j * scratch.planWords
            if n.foodWeight > 0 {
                for s in 0..<n.foodSlots {
                    scratch.boundCursors[2 * j].words(s, blocks: range, into: out + s * FeatureBlocks.groupWidth)
                }
            }
            var start = 0
            for p in 0..<4 {
                let end = n.recipeSlotEnd[p]
                if n.recipeWeight[p] > 0 {
                    for s in start..<end {
                        scratch.boundCursors[2 * j + 1].words(
                            s, blocks: range, into: out + (n.foodSlots + s) * FeatureBlocks.groupWidth)
                    }
                }
                start = end
            }
        }
    }

    /// An upper bound of each slot's similarity to query beer `j` in block `b`, into
    /// `out`, padded: its set parts with abv/ibu/ebc and the method at the block's caps
    /// (``setPartSums(_:block:_:)``).
    /// With masked sums, in one call (``setPartsReachInOnePass(_:block:threshold:_:gathered:bounds:)``),
    /// on the words `gathered` for the group when they are.
    @inline(__always)
    func setPartBounds(
        _ j: Int, block b: Int, _ scratch: Scratch, into out: UnsafeMutablePointer<Float>,
        gathered: UnsafeMutablePointer<UInt64>? = nil
    ) {
        if maskedSums {
            _ = setPartsReachInOnePass(j, block: b, threshold: 0, scratch, gathered: gathered, bounds: out)
            return
        }
        let (fixed, dn, methodPart, wm) = setPartSums(j, block: b, scratch)
        let num = scratch.numerator
        let den = scratch.denominator
        let qm = numbers[j].values.methodMask
        let mm = recipe.methodMask + b * FeatureBlocks.width
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
        let yeast = recipe.blockYeast[b]
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
        let dn = n.values.numericWeight(sharing: blocks.blockMask[b])
        let wm = n.values.methodWeight
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
        let quantum = numbers[j].quantum
        forEachSetPart(j, block: b, scratch, yeast: yeast) { cursor, slots, norms, weight, scale, part in
            addUnitSum(
                cursor: &cursor, slots: slots, block: b, norms: norms, weight: weight, scale: scale * quantum[part],
                scratch)
        }
    }

    /// One set part of ``addUnitSums(_:block:_:yeast:)``: `scale` is the part's scale times
    /// its quantum.
    @inline(__always)
    func addUnitSum(
        cursor: inout ConceptBlocks.Cursor, slots: Range<Int>, block b: Int, norms: UnsafeMutablePointer<Float>,
        weight: Float, scale: Float, _ scratch: Scratch
    ) {
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
}
