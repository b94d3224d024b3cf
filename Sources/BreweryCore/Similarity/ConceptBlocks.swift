import CMaskedSums
import CPrefetch

/// Which beers of each ``FeatureBlocks`` block have each food concept (or recipe token): one 64-bit word
/// per (concept, block), bit `u` for position `64·block + u`.
///
/// `recommend like` reads one word per query concept for each block it scores, and adds
/// the concept's weight only at the set bits. A concept used by at least 1/64 of the
/// beers keeps a word for every block (read directly); a rarer one keeps only its
/// non-zero words with their block numbers, read with a cursor as blocks go by.
package struct ConceptBlocks: Sendable {
    /// For a frequent concept, its word for every block; nil for the others.
    let dense: [AlignedBuffer<UInt64>?]
    /// For the others, their non-zero words (CSR by concept, ascending block).
    let sparseStart: [Int]
    let sparseBlock: AlignedBuffer<Int32>
    let sparseWord: AlignedBuffer<UInt64>

    /// Indexes the distinct concepts of each beer (`food`) in the order of `blocks`.
    package init(food: FoodIndex, blocks: FeatureBlocks) {
        self.init(
            tokenCount: food.vocabulary.conceptCount, beerCount: food.beerCount, blocks: blocks,
            frequencies: food.beerConcepts, tokensOfBeer: { food.concepts(ofBeer: $0) })
    }

    /// Indexes the recipe tokens of each beer (``RecipeFeatures``) in the order of `blocks`.
    package init(recipe: RecipeFeatures, blocks: FeatureBlocks) {
        self.init(
            tokenCount: recipe.keys.count, beerCount: recipe.count, blocks: blocks, frequencies: recipe.tokens,
            tokensOfBeer: { recipe.tokens(ofBeer: $0) })
    }

    /// Indexes `tokenCount` kinds of token: `frequencies` lists every (beer, token) use
    /// once, `tokensOfBeer` a beer's distinct tokens.
    init(
        tokenCount: Int, beerCount: Int, blocks: FeatureBlocks, frequencies: [Int32],
        tokensOfBeer: (Int) -> ArraySlice<Int32>
    ) {
        let conceptCount = tokenCount
        var frequency = [Int](repeating: 0, count: conceptCount)
        for c in frequencies { frequency[Int(c)] += 1 }
        let minimum = max(beerCount / 64, 1)
        let denseWords: [AlignedBuffer<UInt64>?] = frequency.map {
            $0 >= minimum ? AlignedBuffer<UInt64>(count: blocks.blockCount, repeating: 0) : nil
        }
        var lists = [[(Int32, UInt64)]](repeating: [], count: conceptCount)
        for p in 0..<blocks.positions {
            let beer = Int(blocks.beerAt[p])
            guard beer >= 0 else { continue }
            let block = p / FeatureBlocks.width
            let bit = UInt64(1) << UInt64(p % FeatureBlocks.width)
            for c in tokensOfBeer(beer) {
                if let words = denseWords[Int(c)] {
                    words[block] |= bit
                } else if let last = lists[Int(c)].last, last.0 == Int32(block) {
                    lists[Int(c)][lists[Int(c)].count - 1].1 |= bit
                } else {
                    lists[Int(c)].append((Int32(block), bit))
                }
            }
        }
        dense = denseWords
        var start = [0]
        start.reserveCapacity(conceptCount + 1)
        for l in lists { start.append(start.last! + l.count) }
        sparseStart = start
        sparseBlock = AlignedBuffer(copying: lists.flatMap { $0.map(\.0) })
        sparseWord = AlignedBuffer(copying: lists.flatMap { $0.map(\.1) })
    }
}

extension ConceptBlocks {
    /// Reads the words of a query's concepts for blocks visited in ascending order.
    ///
    /// Its state is one allocation of plain values (no reference counting on the hot
    /// path); the owner calls ``deallocate()``.
    struct Cursor {
        private struct Slot {
            var dense: UnsafeMutablePointer<UInt64>?
            var next: Int
            var end: Int
            var weight: Float
            var unit: UInt16
        }
        private let slots: UnsafeMutablePointer<Slot>
        /// Number of query concepts.
        let count: Int
        private let blockOf: UnsafeMutablePointer<Int32>
        private let wordAt: UnsafeMutablePointer<UInt64>

        /// A cursor over `concepts` with their `weights` and the weights' `units` (one slot
        /// each, in order), before the first block.
        init(_ concepts: [Int32], weights: [Float], units: [UInt16], _ index: ConceptBlocks) {
            count = concepts.count
            let bytes = max(count, 1) * MemoryLayout<Slot>.stride
            slots = UnsafeMutableRawPointer.allocate(byteCount: (bytes + 63) / 64 * 64, alignment: 64)
                .bindMemory(to: Slot.self, capacity: max(count, 1))
            for (j, c) in concepts.enumerated() {
                (slots + j).initialize(
                    to: Slot(
                        dense: index.dense[Int(c)]?.pointer, next: index.sparseStart[Int(c)],
                        end: index.sparseStart[Int(c) + 1], weight: weights[j], unit: units[j]))
            }
            blockOf = index.sparseBlock.pointer
            wordAt = index.sparseWord.pointer
        }

        /// Frees the slots.
        func deallocate() { UnsafeMutableRawPointer(slots).deallocate() }

        /// The weight of query concept `slot`.
        @inline(__always)
        func weight(_ slot: Int) -> Float { slots[slot].weight }

        /// The weight of query concept `slot` in whole units (``QueryPlan/SetPart/units``).
        @inline(__always)
        func unit(_ slot: Int) -> UInt16 { slots[slot].unit }

        /// Adds the weight of query concept `slot` to `present[b - blocks.lowerBound]` for
        /// each block `b` of `blocks` where some beer has it (+0 elsewhere, which leaves a
        /// sum as it is); blocks must not go backwards. With `masked`, a dense concept's
        /// words (a whole group of 16 blocks) are tested with AVX-512 (``SimilarityScorer/maskedSums``).
        @inline(__always)
        mutating func addPresence(
            _ slot: Int, blocks: Range<Int>, into present: UnsafeMutablePointer<Float>, masked: Bool
        ) {
            let w = slots[slot].weight
            let first = blocks.lowerBound
            if let words = slots[slot].dense {
                // A whole group only: a catalogue's last, shorter one would be read past
                // its end.
                if masked && blocks.count == 16 {
                    brewery_add_presence(words + first, w, present)
                    return
                }
                for b in blocks { present[b - first] += words[b] != 0 ? w : 0 }
                return
            }
            // The rarer concepts keep only their non-zero words.
            _ = word(slot, block: first)
            var c = slots[slot].next
            let e = slots[slot].end
            let end = Int32(blocks.upperBound)
            while c < e && blockOf[c] < end {
                present[Int(blockOf[c]) - first] += w
                c += 1
            }
            slots[slot].next = c
        }

        /// Starts loading the words of the frequent query concepts for `blocks` (a group:
        /// at most 16 words, two cache lines) into the cache.
        @inline(__always)
        func prefetch(blocks: Range<Int>) {
            for s in 0..<count {
                guard let words = slots[s].dense else { continue }
                brewery_prefetch(words + blocks.lowerBound)
                if blocks.count > 8 { brewery_prefetch(words + blocks.lowerBound + 8) }
            }
        }

        /// Writes the words of query concept `slot` for `blocks` (at most a group's) to
        /// `out[b - blocks.lowerBound]`, 0 where no beer of a block has it; blocks must not
        /// go backwards.
        @inline(__always)
        mutating func words(_ slot: Int, blocks: Range<Int>, into out: UnsafeMutablePointer<UInt64>) {
            let first = blocks.lowerBound
            if let words = slots[slot].dense {
                out.update(from: words + first, count: blocks.count)
                return
            }
            out.update(repeating: 0, count: blocks.count)
            // The rarer concepts keep only their non-zero words.
            _ = word(slot, block: first)
            var c = slots[slot].next
            let e = slots[slot].end
            let end = Int32(blocks.upperBound)
            while c < e && blockOf[c] < end {
                out[Int(blockOf[c]) - first] = wordAt[c]
                c += 1
            }
            slots[slot].next = c
        }

        /// The word of query concept `slot` for `block`; blocks must not go backwards.
        @inline(__always)
        mutating func word(_ slot: Int, block: Int) -> UInt64 {
            if let words = slots[slot].dense { return words[block] }
            var c = slots[slot].next
            let e = slots[slot].end
            let target = Int32(block)
            if c < e && blockOf[c] < target {
                // Gallop past the blocks skipped since the last read, then bisect.
                var step = 1
                var hi = c + 1
                while hi < e && blockOf[hi] < target {
                    c = hi
                    step &<<= 1
                    hi = c + step
                }
                var lo = c + 1
                hi = min(hi, e)
                while lo < hi {
                    let mid = (lo + hi) >> 1
                    if blockOf[mid] < target { lo = mid + 1 } else { hi = mid }
                }
                c = lo
            }
            slots[slot].next = c
            return c < e && blockOf[c] == target ? wordAt[c] : 0
        }
    }
}
