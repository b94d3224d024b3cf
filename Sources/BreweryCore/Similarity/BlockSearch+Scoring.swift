import CMaskedSums

// Scoring: a block's 64 slots against each query beer, combined, offered to the top k.
extension BlockSearch {
    /// Adds query beer `j`'s set parts (food, then yeast, hops and malt) for block `b` to
    /// the numerator and denominator (see
    /// ``addSetPart(cursor:slots:block:alive:norms:weight:scale:_:)``).
    @inline(__always)
    func addSetParts(_ j: Int, block b: Int, _ scratch: Scratch, alive: UInt64) {
        forEachSetPart(j, block: b, scratch) { cursor, slots, norms, weight, scale, _ in
            addSetPart(
                cursor: &cursor, slots: slots, block: b, alive: alive, norms: norms, weight: weight, scale: scale, scratch)
        }
    }

    /// Scores the 64 slots of block `b` and offers those at or above the threshold
    /// (never below `floor`) to `top`.
    ///
    /// With one liked beer and a threshold, the block is first bounded beer by beer from
    /// its set parts (``setPartsReach(_:block:threshold:_:)``) and ends there when no beer
    /// can reach the threshold. With disliked beers, the liked similarity must reach more:
    /// every beer of the block is pushed down by at least the disliked beers' floors
    /// (``likedThreshold(_:block:)``).
    ///
    /// With several query beers and the block's bound for each liked one (`planBounds`),
    /// it stops after any liked beer when no slot can reach the threshold even if it were
    /// as like the liked beers left as their bounds allow (disliked ones only lower a
    /// score, by at least their floors).
    @inline(__always)
    func score(
        block b: Int, _ scratch: Scratch, floor: Float, threshold: inout Float, into top: inout TopK,
        planBounds: UnsafeMutablePointer<Float>? = nil, gathered: UnsafeMutablePointer<UInt64>? = nil
    ) {
        let width = FeatureBlocks.width
        let score = scratch.score
        if planCount == 1 {
            if threshold > 0, !setPartsReach(0, block: b, threshold: threshold, scratch, gathered: gathered) { return }
            scorePlan(0, block: b, scratch, into: score)
        } else if likedCount > 1 {
            guard
                scoreLiked(
                    block: b, scratch, threshold: threshold, planBounds: planBounds, into: score, gathered: gathered)
            else { return }
        } else {
            // Dislikes only lower a score, so the liked similarity must reach the threshold
            // itself (most blocks end there, before the disliked beers' floors are worked
            // out); and by at least their floors here, so it must reach more.
            if threshold > 0, !setPartsReach(0, block: b, threshold: threshold, scratch, gathered: gathered) { return }
            let liked = threshold > 0 ? likedThreshold(threshold, block: b) : threshold
            if liked > threshold, !setPartsReach(0, block: b, threshold: liked, scratch, gathered: gathered) { return }
            let single = scratch.single
            let dislike = scratch.dislike
            dislike.update(repeating: 0, count: width)
            scorePlan(0, block: b, scratch, into: single)
            if planBounds != nil, threshold > 0 {
                var most: Float = 0
                for u in 0..<width { most = max(most, single[u]) }
                if Self.padded(most) < liked { return }
            }
            for j in 1..<planCount {
                scorePlan(j, block: b, scratch, into: score)
                for u in 0..<width { dislike[u] = max(dislike[u], score[u]) }
            }
            for u in 0..<width {
                score[u] = LikeQuery.combine(
                    inverseSum: 0, likedCount: 1, single: single[u], dislike: dislike[u], anyDisliked: true)
            }
        }
        // Scores are ≥ +0, so their bit patterns order like the scores: an integer max
        // (which vectorises) says whether any reaches the threshold.
        var maxBits: UInt32 = 0
        for u in 0..<width { maxBits = max(maxBits, score[u].bitPattern) }
        guard threshold <= 0 || maxBits >= threshold.bitPattern else { return }
        let beers = blocks.beerAt + b * width
        for u in 0..<width where score[u] >= threshold {
            let beer = Int(beers[u])
            if beer < 0 || isExcluded(beer) || !filter.passes(beer, features) { continue }
            top.offer(ScoredBeer(index: Int32(beer), id: ids[beer], score: score[u]))
            threshold = max(floor, top.threshold?.score ?? -.infinity)
        }
    }

    /// Scores block `b` for several liked beers (and any disliked ones) into `score`:
    /// each query beer's similarities, then their combination, in query order as
    /// ``SimilarityScorer`` combines them. With the block's bound for each liked beer
    /// (`planBounds`) and a threshold, the liked beers go lowest bound first, and after
    /// each the block stops (false) when no slot can reach the threshold even if it were
    /// as like the liked beers left as their bounds allow (disliked ones only lower a
    /// score, by at least their floors: ``likedThreshold(_:block:)``).
    @inline(__always)
    func scoreLiked(
        block b: Int, _ scratch: Scratch, threshold: Float, planBounds: UnsafeMutablePointer<Float>?,
        into score: UnsafeMutablePointer<Float>, gathered: UnsafeMutablePointer<UInt64>? = nil
    ) -> Bool {
        let width = FeatureBlocks.width
        let liked = likedCount
        // The liked beers' combination must reach more than the threshold where the
        // disliked beers are sure to push every beer of the block down.
        let threshold = anyDisliked && threshold > 0 ? likedThreshold(threshold, block: b) : threshold
        let inverseSum = scratch.inverseSum
        let perPlan = scratch.planScores
        let order = scratch.planOrder
        for j in 0..<liked { order[j] = j }
        if let planBounds, threshold > 0 {
            // Insertion sort by bound: the liked beer least like the block first.
            for j in 1..<liked {
                let o = order[j]
                var k = j
                while k > 0 && planBounds[order[k - 1]] > planBounds[o] {
                    order[k] = order[k - 1]
                    k -= 1
                }
                order[k] = o
            }
        }
        if let planBounds, threshold > 0 {
            // First from the set parts alone (``setPartBounds(_:block:_:into:)``), without
            // the beers' numbers: after each liked beer, the block ends when no slot can
            // reach the threshold even if it were as like the liked beers left as their
            // block bounds allow.
            inverseSum.update(repeating: 0, count: width)
            var reaching = ~UInt64(0)
            for n in 0..<liked {
                let j = order[n]
                let s = perPlan + j * width
                setPartBounds(j, block: b, scratch, into: s, gathered: gathered.map { $0 + j * scratch.planWords })
                reaching &= reach(after: n, adding: s, order, planBounds, threshold: threshold, scratch)
                if reaching == 0 { return false }
            }
        }
        inverseSum.update(repeating: 0, count: width)
        // The slots that can still reach the threshold: only they get the set parts of
        // the liked beers left (a slot left out only scores lower, below the threshold).
        var alive = ~UInt64(0)
        for n in 0..<liked {
            let j = order[n]
            let s = perPlan + j * width
            scorePlan(j, block: b, scratch, into: s, alive: alive)
            guard n + 1 < liked, let planBounds, threshold > 0 else { continue }
            alive &= reach(after: n, adding: s, order, planBounds, threshold: threshold, scratch)
            if alive == 0 { return false }
        }
        // The combination, in query order.
        inverseSum.update(repeating: 0, count: width)
        for j in 0..<liked {
            let s = perPlan + j * width
            for u in 0..<width { inverseSum[u] += 1 / (s[u] + SimilarityScorer.tiny) }
        }
        let dislike = scratch.dislike
        dislike.update(repeating: 0, count: width)
        // A dislike only lowers a score: the slots left out stay below the threshold.
        for j in liked..<planCount {
            scorePlan(j, block: b, scratch, into: score, alive: alive)
            for u in 0..<width { dislike[u] = max(dislike[u], score[u]) }
        }
        let anyDisliked = self.anyDisliked
        for u in 0..<width {
            score[u] = LikeQuery.combine(
                inverseSum: inverseSum[u], likedCount: liked, single: 0, dislike: dislike[u], anyDisliked: anyDisliked)
        }
        return true
    }

    /// Adds liked beer `order[n]`'s similarities (or bounds), `s`, to the inverse sums of
    /// the liked beers before it (the scratch's ``Scratch/inverseSum``), and returns the
    /// slots whose combined similarity can still reach `threshold`, with the liked beers
    /// left at their block bounds.
    @inline(__always)
    func reach(
        after n: Int, adding s: UnsafeMutablePointer<Float>, _ order: UnsafeMutablePointer<Int>,
        _ planBounds: UnsafeMutablePointer<Float>, threshold: Float, _ scratch: Scratch
    ) -> UInt64 {
        let width = FeatureBlocks.width
        let inverseSum = scratch.inverseSum
        var rest: Float = 0
        for m in n + 1..<likedCount {
            rest += 1 / (Self.padded(planBounds[order[m]]) + SimilarityScorer.tiny)
        }
        if maskedSums {
            return brewery_liked_reach(inverseSum, s, rest, Float(likedCount), SimilarityScorer.tiny, threshold)
        }
        for u in 0..<width { inverseSum[u] += 1 / (s[u] + SimilarityScorer.tiny) }
        let bound = scratch.single
        for u in 0..<width { bound[u] = Self.padded(Float(likedCount) / (inverseSum[u] + rest)) }
        var reach: UInt64 = 0
        for u in 0..<width where bound[u] >= threshold { reach |= 1 << UInt64(u) }
        return reach
    }

    @inline(__always)
    func isExcluded(_ beer: Int) -> Bool {
        for x in excluded where Int(x) == beer { return true }
        return false
    }

    /// The similarity of the 64 slots of block `b` to query beer `j`, into `out`:
    /// Σ weight × part / Σ weight over the parts each pair has, adding the parts in
    /// ``SimilarityPart`` order (``SimilarityScorer/explain(_:like:weights:)`` does the same).
    ///
    /// Only the slots in `alive` get their set parts: the others' similarities come out
    /// lower than they are (for slots already known unable to reach the threshold).
    @inline(__always)
    func scorePlan(
        _ j: Int, block b: Int, _ scratch: Scratch, into out: UnsafeMutablePointer<Float>, alive: UInt64 = ~0
    ) {
        let width = FeatureBlocks.width
        let base = b * width
        let n = numbers[j]
        let num = scratch.numerator
        let den = scratch.denominator
        let a = blocks.scaled.0 + base
        let i = blocks.scaled.1 + base
        let e = blocks.scaled.2 + base
        let m = blocks.mask + base
        let q = n.values.q
        let w = n.values.w
        let wn = n.values.numericWeight
        let dn = n.values.numericWeight(sharing: blocks.blockMask[b])
        for u in 0..<width {
            num[u] = wn * SimilarityScorer.numericScore((a[u], i[u], e[u]), m[u], q: q, w: w)
            den[u] = dn
        }
        if n.values.methodWeight > 0 {
            let f = recipe.fermentation + base
            let d = recipe.dryHopRate + base
            let mm = recipe.methodMask + base
            let wm = n.values.methodWeight
            let qv = n.values.methodValues
            let qm = n.values.methodMask
            for u in 0..<width {
                num[u] += wm * RecipeFeatures.methodScore((f[u], d[u]), mm[u], q: qv, qMask: qm)
                den[u] += mm[u] & qm != 0 ? wm : 0
            }
        }
        addSetParts(j, block: b, scratch, alive: alive)
        for u in 0..<width { out[u] = num[u] / (den[u] + SimilarityScorer.tiny) }
    }

    /// Adds one set part: the weights of the query tokens (slots) each slot's beer has
    /// (the slots in `alive`; nothing for the others), times the part's scale and the
    /// beer's inverse norm.
    ///
    /// The words are read first; then, sixteen slots at a time in registers, each byte of
    /// a word is looked up in ``LaneMasks`` as the masks of its eight slots, and the
    /// token's weight is added where its bit is set (+0 where not, which leaves a sum as
    /// it is: each slot's sum is the same additions in the same order as one that adds only
    /// at the set bits). No branch depends on the bits: about a sixth of them are set, so
    /// a loop over the set bits mispredicted its end at nearly every word.
    @inline(__always)
    func addSetPart(
        cursor: inout ConceptBlocks.Cursor, slots: Range<Int>, block b: Int, alive: UInt64, norms: UnsafeMutablePointer<Float>,
        weight: Float, scale: Float, _ scratch: Scratch
    ) {
        let words = scratch.slotWords
        let weights = scratch.slotWeights
        var count = 0
        for s in slots {
            words[count] = cursor.word(s, block: b) & alive
            weights[count] = cursor.weight(s)
            count += 1
        }
        if maskedSums {
            brewery_add_weight_sums(words, weights, count, norms, scale, weight, scratch.numerator, scratch.denominator)
            return
        }
        let masks = LaneMasks.table
        for chunk in 0..<4 {
            var s0 = SIMD4<Float>()
            var s1 = SIMD4<Float>()
            var s2 = SIMD4<Float>()
            var s3 = SIMD4<Float>()
            let shift = UInt64(16 * chunk)
            for k in 0..<count {
                let bits = Int(truncatingIfNeeded: words[k] &>> shift)
                let w = SIMD4<UInt32>(repeating: weights[k].bitPattern)
                let low = masks + 2 * (bits & 0xFF)
                let high = masks + 2 * ((bits &>> 8) & 0xFF)
                s0 += unsafeBitCast(low[0] & w, to: SIMD4<Float>.self)
                s1 += unsafeBitCast(low[1] & w, to: SIMD4<Float>.self)
                s2 += unsafeBitCast(high[0] & w, to: SIMD4<Float>.self)
                s3 += unsafeBitCast(high[1] & w, to: SIMD4<Float>.self)
            }
            Self.add(s0, lane: 16 * chunk, norms: norms, scale: scale, weight: weight, scratch)
            Self.add(s1, lane: 16 * chunk + 4, norms: norms, scale: scale, weight: weight, scratch)
            Self.add(s2, lane: 16 * chunk + 8, norms: norms, scale: scale, weight: weight, scratch)
            Self.add(s3, lane: 16 * chunk + 12, norms: norms, scale: scale, weight: weight, scratch)
        }
    }

    /// Adds a set part's sums of four slots from `lane` on: the numerator gets scale ·
    /// inverse norm · sum, the denominator the part's weight where the beer has the part.
    @inline(__always)
    static func add(
        _ sum: SIMD4<Float>, lane: Int, norms: UnsafeMutablePointer<Float>, scale: Float, weight: Float,
        _ scratch: Scratch
    ) {
        let inv = UnsafeRawPointer(norms + lane).loadUnaligned(as: SIMD4<Float>.self)
        let n = UnsafeMutableRawPointer(scratch.numerator + lane)
        let d = UnsafeMutableRawPointer(scratch.denominator + lane)
        n.storeBytes(of: n.load(as: SIMD4<Float>.self) + SIMD4(repeating: scale) * inv * sum, as: SIMD4<Float>.self)
        d.storeBytes(
            of: d.load(as: SIMD4<Float>.self) + SIMD4<Float>().replacing(with: weight, where: inv .> 0),
            as: SIMD4<Float>.self)
    }
}
