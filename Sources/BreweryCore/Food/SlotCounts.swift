/// How many of a food query's word slots each beer holds, kept as bit-sliced counters:
/// plane `i` holds bit `i` of every beer's count, 64 beers to a machine word.
///
/// Built from the slots' ``BeerSet``s with a ripple-carry add per slot (a few word
/// operations per 64 beers and slot), so the beers holding exactly `c` of the words can
/// be walked level by level, most words first, without touching a beer's pairings: a
/// long query where no beer holds every word scores the beers holding the most words and
/// stops when a level's best possible score cannot reach the top k.
package struct SlotCounts {
    /// Bit `i` of the counts of beers `64·w …< 64·w + 64` is at `planes[i · wordCount + w]`.
    private var planes: [UInt64]
    private let planeCount: Int
    private let wordCount: Int

    /// Counts, for each beer, the sets of `slots` that hold it (all of one capacity).
    package init(slots: [BeerSet]) {
        let words = slots.first?.words.count ?? 0
        let bits = max(Int.bitWidth - slots.count.leadingZeroBitCount, 1)
        wordCount = words
        planeCount = bits
        planes = [UInt64](repeating: 0, count: bits * words)
        planes.withUnsafeMutableBufferPointer { planes in
            for slot in slots {
                slot.words.withUnsafeBufferPointer { s in
                    for w in 0..<words {
                        // Add the slot's bits: a ripple carry up the planes.
                        var carry = s[w]
                        var i = w
                        while carry != 0 && i < planes.count {
                            let p = planes[i]
                            planes[i] = p ^ carry
                            carry &= p
                            i += words
                        }
                    }
                }
            }
        }
    }

    /// The beers that exactly `count` slots hold, ascending.
    package func beers(holding count: Int) -> Beers {
        Beers(planes: planes, planeCount: planeCount, wordCount: wordCount, count: count)
    }

    /// The beers of one count, as a sequence (see ``BeerSet/Members``).
    package struct Beers: Sequence, IteratorProtocol {
        let planes: [UInt64]
        let planeCount: Int
        let wordCount: Int
        let count: Int
        var word = -1
        var bits: UInt64 = 0

        package mutating func next() -> Int? {
            guard count > 0, count < 1 << planeCount else { return nil }
            while bits == 0 {
                word += 1
                guard word < wordCount else { return nil }
                var match = UInt64.max
                var i = 0
                while i < planeCount && match != 0 {
                    let p = planes[i * wordCount + word]
                    match &= (count >> i) & 1 == 1 ? p : ~p
                    i += 1
                }
                bits = match
            }
            let b = word << 6 | bits.trailingZeroBitCount
            bits &= bits - 1
            return b
        }
    }
}
