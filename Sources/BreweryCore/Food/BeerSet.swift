/// A set of beer indices as a fixed-size bitset: one bit per beer of a catalogue.
///
/// `recommend food` combines the beers of each query word with OR (either form of a
/// word) and AND (every word), counts matches with popcount and walks the members in
/// index order — a few thousand machine words at a million beers, whatever the lists'
/// lengths.
package struct BeerSet: Sendable, Equatable {
    /// The bits, beer `i` at bit `i % 64` of word `i / 64`.
    package private(set) var words: [UInt64]
    /// Number of beers the set ranges over.
    package let capacity: Int

    /// An empty set over `capacity` beers.
    package init(capacity: Int) {
        self.capacity = capacity
        words = [UInt64](repeating: 0, count: (capacity + 63) / 64)
    }

    /// A set with these bits (as read back from a snapshot).
    init(words: [UInt64], capacity: Int) {
        self.words = words
        self.capacity = capacity
    }

    /// Whether beer `i` is in the set.
    @inline(__always)
    package func contains(_ i: Int) -> Bool {
        words[i >> 6] & (1 << UInt64(i & 63)) != 0
    }

    /// Adds the beers of a ``FoodIndex`` postings list (entries `beer << 3 | pairing`).
    package mutating func insert(postings list: ArraySlice<UInt32>) {
        words.withUnsafeMutableBufferPointer { w in
            for p in list {
                let i = Int(p >> 3)
                w[i >> 6] |= 1 << UInt64(i & 63)
            }
        }
    }

    /// Removes every beer, keeping the capacity (a scratch set reused).
    package mutating func removeAll() {
        words.withUnsafeMutableBufferPointer { w in
            for j in w.indices { w[j] = 0 }
        }
    }

    /// Adds beer `i` (below ``capacity``).
    package mutating func insert(_ i: Int) {
        words[i >> 6] |= 1 << UInt64(i & 63)
    }

    /// Adds the beers of `list` (beer indexes below ``capacity``).
    package mutating func insert(beers list: ArraySlice<Int32>) {
        for b in list {
            let i = Int(b)
            words[i >> 6] |= 1 << UInt64(i & 63)
        }
    }

    /// Adds every member of `other` (same capacity).
    package mutating func formUnion(_ other: BeerSet) {
        precondition(other.capacity == capacity)
        other.words.withUnsafeBufferPointer { o in
            words.withUnsafeMutableBufferPointer { w in
                for j in w.indices { w[j] |= o[j] }
            }
        }
    }

    /// Keeps only the members also in `other` (same capacity).
    package mutating func formIntersection(_ other: BeerSet) {
        precondition(other.capacity == capacity)
        other.words.withUnsafeBufferPointer { o in
            words.withUnsafeMutableBufferPointer { w in
                for j in w.indices { w[j] &= o[j] }
            }
        }
    }

    /// Number of members.
    package var count: Int {
        words.withUnsafeBufferPointer { w in w.reduce(0) { $0 + $1.nonzeroBitCount } }
    }

    /// The members in ascending order.
    package var members: Members { Members(words: words, word: -1, end: words.count) }

    /// The members among beers `64·r.lowerBound …< 64·r.upperBound` (machine words `r`
    /// of the set), ascending: one stripe's share of a walk split over threads.
    package func members(inWords r: Range<Int>) -> Members {
        Members(words: words, word: max(r.lowerBound, 0) - 1, end: min(r.upperBound, words.count))
    }

    /// The members of a set in ascending order, as a sequence (no closure, so a loop over
    /// them can update its own state without exclusivity checks).
    package struct Members: Sequence, IteratorProtocol {
        let words: [UInt64]
        var word: Int
        /// The machine word the walk stops before.
        let end: Int
        var bits: UInt64 = 0

        @inline(__always)
        package mutating func next() -> Int? {
            while bits == 0 {
                word += 1
                guard word < end else { return nil }
                bits = words[word]
            }
            let b = word << 6 | bits.trailingZeroBitCount
            bits &= bits - 1
            return b
        }
    }
}
