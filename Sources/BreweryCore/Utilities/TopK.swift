import HeapModule

/// Keeps the best `k` of a stream of scored beers, on a min-max heap.
///
/// Built once per chunk of a scan; ``offer(_:)`` allocates nothing once the heap holds
/// `k` elements.
package struct TopK: Sendable {
    /// How many to keep.
    package let k: Int
    private var heap: Heap<ScoredBeer>

    /// Creates an empty top-k keeping `k` elements (none for `k` ≤ 0).
    ///
    /// Room is reserved for at most ``reservedLimit`` elements; a larger `k` (say,
    /// "all of a million beers") grows the heap as elements come, so no `k` can ask for
    /// an allocation larger than what is offered.
    package init(k: Int) {
        self.k = max(k, 0)
        heap = Heap(minimumCapacity: min(self.k, Self.reservedLimit))
    }

    /// The most elements reserved up front.
    package static let reservedLimit = 4096

    /// The worst element kept, once `k` are kept; a candidate must beat it.
    @inline(__always)
    package var threshold: ScoredBeer? { heap.count >= k ? heap.min : nil }

    /// Offers a candidate; returns whether it was kept.
    ///
    /// - Complexity: O(log k).
    @inline(__always)
    @discardableResult
    package mutating func offer(_ s: ScoredBeer) -> Bool {
        guard k > 0 else { return false }
        if heap.count < k {
            heap.insert(s)
            return true
        } else if let worst = heap.min, worst < s {
            _ = heap.replaceMin(with: s)
            return true
        }
        return false
    }

    /// The kept elements, best first.
    package func sorted() -> [ScoredBeer] { heap.unordered.sorted(by: >) }

    /// The best `k` of several top-k lists, best first.
    package static func merge(_ lists: [[ScoredBeer]], k: Int) -> [ScoredBeer] {
        Array(lists.joined().sorted(by: >).prefix(k))
    }
}
