extension FoodRanker {
    /// Scores one beer against a food query from the beer's own pairings, by the rules
    /// on ``FoodRanker``, and bounds that score cheaply so most beers are never scored.
    struct CandidateScorer: Sendable {
        let food: FoodIndex
        /// Per concept: the query slots it serves as the word's own form.
        let strongSlots: [UInt32]
        /// Per concept: the query slots it serves as a related form.
        let weakSlots: [UInt32]
        /// Per concept: the query slots whose word a pairing holding it is not
        /// ("crab" for "cake", as the knowledge writes the name "cake -crab"), unless the
        /// query says it too. A pairing holding such a concept holds none of those slots.
        let absentSlots: [UInt32]
        /// Whether some concept keeps a slot out (most queries: none, and the scoring
        /// loops skip ``absentSlots``).
        let keepsOut: Bool
        /// idf of each resolved query word, by slot.
        let idfs: [Float]
        /// Sum of `idfs` (at least 1e-6).
        let idfTotal: Float
        /// Number of query words, resolved or not.
        let wordCount: Int
        /// Whether every query word resolved to a concept.
        let everyWordKnown: Bool
        /// The slots of dish-form words in a query of at most two words, when some slot
        /// is not one (else 0): a pairing holding only such words says nothing of the dish
        /// asked for when another of the beer's pairings holds what it is made of ("Pecan
        /// pie" beside a chicken dish is no answer to "chicken pie").
        let formSlots: UInt32

        /// What the share of the words' weight that the best pairing holds adds: among
        /// beers holding the same words, one pairing holding more of them ranks first
        /// ("Steak and kidney pie" before "Steak fajitas" + "Blueberry pie" for "steak
        /// and ale pie").
        static let bestPairingWeight: Float = 0.08
        /// What each of the two tightness parts adds at most (the best pairing is mostly
        /// query words; several pairings mention them).
        static let tightnessWeight: Float = 0.01

        /// The idf weight of the query slots in `any`, a related form's (not in `strong`)
        /// at half, summed in slot order.
        @inline(__always)
        private func coverage(any: UInt32, strong: UInt32) -> Float {
            var sum: Float = 0
            var bits = any
            while bits != 0 {
                let slot = bits.trailingZeroBitCount
                bits &= bits - 1
                let w = idfs[slot]
                sum += strong & (1 << UInt32(slot)) != 0 ? w : w / 2
            }
            return sum
        }

        /// Number of pairing slots of beer `b` (pairings past the eighth share the last).
        @inline(__always)
        func pairingSlots(_ b: Int) -> Int { min(food.pairingStart.pointer[b + 1] - food.pairingStart.pointer[b], 8) }

        /// A score no lower than ``score(_:)`` gives beer `b`, from its pairing count alone.
        ///
        /// The same additions as the score with each part at its maximum, so in floating
        /// point too it is never below the real score. `tierBound` is 7 for a beer that
        /// holds every word and 0 for one that does not (it can earn no tier bonus).
        /// `pairingsBound`, when given, bounds the pairings that mention a query word
        /// (a run length in the postings), so the beer's own pairing count is not read.
        /// `coverageBound` bounds the idf-weighted share of the words the beer holds: the
        /// share of the words whose sets hold it, summed in slot order as the score is.
        /// `shareBound` bounds the share of the best pairing that is query words (see
        /// ``shareBound(_:heldWords:)``; 1 when nothing is known).
        @inline(__always)
        func upperBound(
            _ b: Int, tierBound: Float, pairingsBound: Int? = nil, coverageBound: Float = 1, shareBound: Float = 1
        ) -> Float {
            var ub: Float = 0
            if everyWordKnown && tierBound >= 7 {
                ub += 4
                ub += 2
                ub += 1
            }
            ub += coverageBound
            ub += Self.bestPairingWeight * coverageBound
            ub += Self.tightnessWeight * shareBound + Self.tightnessWeight * Float(min(pairingsBound ?? pairingSlots(b), 3)) / 3
            return ub
        }

        /// A bound on the share of beer `b`'s best pairing that is query words, when one
        /// pairing holds at most `heldWords` of them: that many over its shortest pairing.
        /// (A few more reads than ``upperBound(_:tierBound:pairingsBound:coverageBound:shareBound:)``
        /// alone, but most beers have no pairing short enough to reach the best scores.)
        @inline(__always)
        func shareBound(_ b: Int, heldWords: Int) -> Float {
            let start = food.pairingStart.pointer[b]
            let lengths = food.pairingLength.pointer
            var shortest: Float = .infinity
            for p in 0..<pairingSlots(b) { shortest = min(shortest, max(Float(lengths[start + p]), 1)) }
            return min(Float(heldWords) / shortest, 1)
        }

        /// The same bound when the pairings that can hold query words are known: bit `p` of
        /// `pairings` for pairing slot `p` (as in the postings) — one word over the
        /// shortest of those.
        @inline(__always)
        func shareBound(_ b: Int, pairings: UInt8) -> Float {
            let start = food.pairingStart.pointer[b]
            let lengths = food.pairingLength.pointer
            var shortest: Float = .infinity
            var bits = pairings
            while bits != 0 {
                shortest = min(shortest, max(Float(lengths[start + bits.trailingZeroBitCount]), 1))
                bits &= bits - 1
            }
            return min(1 / shortest, 1)
        }

        /// The score and match details of beer `index`.
        func score(_ index: Int) -> Candidate {
            var strong = InlineArray<8, UInt32>(repeating: 0)
            var any = InlineArray<8, UInt32>(repeating: 0)
            var absent = InlineArray<8, UInt32>(repeating: 0)
            food.forEachPairingConcept(ofBeer: index) { p, c in
                let s = strongSlots[Int(c)]
                any[p] |= s | weakSlots[Int(c)]
                strong[p] |= s
                if keepsOut { absent[p] |= absentSlots[Int(c)] }
            }
            return score(index, strong: strong, any: any, absent: absent)
        }

        /// The first of beer `index`'s pairings that holds the query word of `slot`, in any
        /// form (and no concept the slot's word is not); nil when none does.
        func pairing(of index: Int, holding slot: Int) -> Int? {
            let bit = UInt32(1) << UInt32(slot)
            let start = food.pairingStart[index]
            for g in start..<food.pairingStart[index + 1] {
                let r = Int(food.pairingRef[g])
                var held: UInt32 = 0
                var absent: UInt32 = 0
                for k in Int(food.distinctConceptStart[r])..<Int(food.distinctConceptStart[r + 1]) {
                    let c = Int(food.distinctConcepts[k])
                    held |= strongSlots[c] | weakSlots[c]
                    absent |= absentSlots[c]
                }
                if held & ~absent & bit != 0 { return g - start }
            }
            return nil
        }

        /// The most beers ``score(batch:into:)`` takes at once.
        static let batchSize = 16

        /// Scores `beers` (at most ``batchSize``) into `out`, each as ``score(_:)`` does,
        /// reading their pairings in stages: every beer's pairing references, then where
        /// each pairing's concepts are, then the concepts. A beer's reads depend on each
        /// other, but different beers' do not: staged, their cache misses overlap instead
        /// of following one another.
        func score(batch beers: UnsafeBufferPointer<Int32>, into out: UnsafeMutablePointer<Candidate>) {
            let starts = food.pairingStart.pointer
            let refs = food.pairingRef.pointer
            let conceptStart = food.distinctConceptStart.pointer
            let concepts = food.distinctConcepts.pointer
            var total = 0
            for b in beers { total += starts[Int(b) + 1] - starts[Int(b)] }
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(3 * total, 1)) { stage in
                // The distinct pairing of each pairing, then its concepts' range.
                var j = 0
                for b in beers {
                    for g in starts[Int(b)]..<starts[Int(b) + 1] {
                        stage[j] = refs[g]
                        j += 1
                    }
                }
                for j in 0..<total {
                    let r = Int(stage[j])
                    stage[total + 2 * j] = conceptStart[r]
                    stage[total + 2 * j + 1] = conceptStart[r + 1]
                }
                j = 0
                for (i, b) in beers.enumerated() {
                    var strong = InlineArray<8, UInt32>(repeating: 0)
                    var any = InlineArray<8, UInt32>(repeating: 0)
                    var absent = InlineArray<8, UInt32>(repeating: 0)
                    let count = starts[Int(b) + 1] - starts[Int(b)]
                    for g in 0..<count {
                        let p = min(g, 7)
                        for k in Int(stage[total + 2 * j])..<Int(stage[total + 2 * j + 1]) {
                            let c = Int(concepts[k])
                            let s = strongSlots[c]
                            any[p] |= s | weakSlots[c]
                            strong[p] |= s
                            if keepsOut { absent[p] |= absentSlots[c] }
                        }
                        j += 1
                    }
                    (out + i).initialize(to: score(Int(b), strong: strong, any: any, absent: absent))
                }
            }
        }

        /// The score of beer `index` from the query slots each of its pairing slots holds,
        /// as its own form (`strong`) or in any form, but for those a concept of the
        /// pairing keeps out (`absent`).
        @inline(__always)
        private func score(
            _ index: Int, strong held: InlineArray<8, UInt32>, any heldAny: InlineArray<8, UInt32>,
            absent: InlineArray<8, UInt32>
        ) -> Candidate {
            var strong = held
            var any = heldAny
            if keepsOut {
                for p in 0..<8 {
                    strong[p] &= ~absent[p]
                    any[p] &= ~absent[p]
                }
            }
            let mAll = UInt32(wordCount)
            var bestStrong: UInt32 = 0
            var bestAny: UInt32 = 0
            var union: UInt32 = 0
            var strongUnion: UInt32 = 0
            var bestPairing = 0
            var bestKey = (-1, -1, 0)
            var pairingsMatching = 0
            let pStart = food.pairingStart.pointer[index]
            let lengths = food.pairingLength.pointer
            // What pairings of only dish-form words hold, which counts when no other does.
            var formUnion: UInt32 = 0
            var formStrongUnion: UInt32 = 0
            var formPairings = 0
            // The most of the words' weight one pairing holds (of those that make the union).
            var bestCoverage: Float = 0
            var formBestCoverage: Float = 0
            for p in 0..<pairingSlots(index) where any[p] != 0 {
                let s = UInt32(strong[p].nonzeroBitCount)
                let a = UInt32(any[p].nonzeroBitCount)
                bestStrong = max(bestStrong, s)
                bestAny = max(bestAny, a)
                let held = coverage(any: any[p], strong: strong[p])
                if any[p] & ~formSlots != 0 {
                    pairingsMatching += 1
                    union |= any[p]
                    strongUnion |= strong[p]
                    bestCoverage = max(bestCoverage, held)
                } else {
                    formPairings += 1
                    formUnion |= any[p]
                    formStrongUnion |= strong[p]
                    formBestCoverage = max(formBestCoverage, held)
                }
                let key = (Int(s), Int(a), -Int(lengths[pStart + p]))
                if key > bestKey {
                    bestKey = key
                    bestPairing = p
                }
            }
            if union == 0 {
                union = formUnion
                strongUnion = formStrongUnion
                pairingsMatching = formPairings
                bestCoverage = formBestCoverage
            }
            var score: Float = 0
            if everyWordKnown {
                if bestStrong == mAll { score += 4 }
                if bestAny == mAll { score += 2 }
                if UInt32(union.nonzeroBitCount) == mAll { score += 1 }
            }
            score += coverage(any: union, strong: strongUnion) / idfTotal
            score += Self.bestPairingWeight * (bestCoverage / idfTotal)
            let bestLen = max(Float(lengths[pStart + bestPairing]), 1)
            score +=
                Self.tightnessWeight * min(Float(bestKey.1) / bestLen, 1) + Self.tightnessWeight
                * Float(min(pairingsMatching, 3)) / 3
            return Candidate(
                index: Int32(index), score: score, union: union, bestPairing: UInt8(bestPairing),
                allInOnePairing: everyWordKnown && bestAny == mAll,
                allWords: everyWordKnown && UInt32(union.nonzeroBitCount) == mAll)
        }
    }
}
