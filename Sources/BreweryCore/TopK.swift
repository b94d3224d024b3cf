import HeapModule

/// A scored beer: its index in the catalogue and its score.
///
/// Ordered so that a *better* result is *greater*: higher score first, and on equal
/// scores the lower beer id wins, which makes every ranking deterministic.
public struct ScoredBeer: Comparable, Sendable, Hashable {
    /// Index of the beer in the catalogue.
    public var index: Int32
    /// Beer id, the tie-breaker.
    public var id: Int32
    /// The score; higher is better.
    public var score: Float

    /// Creates a scored beer.
    public init(index: Int32, id: Int32, score: Float) {
        self.index = index
        self.id = id
        self.score = score
    }

    public static func < (a: ScoredBeer, b: ScoredBeer) -> Bool {
        a.score != b.score ? a.score < b.score : a.id > b.id
    }
}

/// Keeps the best `k` of a stream of scored beers, on a min-max heap.
///
/// Built once per chunk of a scan; ``offer(_:)`` allocates nothing once the heap holds
/// `k` elements.
public struct TopK: Sendable {
    /// How many to keep.
    public let k: Int
    private var heap: Heap<ScoredBeer>

    /// Creates an empty top-k with room for `k` elements.
    public init(k: Int) {
        self.k = max(k, 0)
        heap = Heap(minimumCapacity: self.k)
    }

    /// The worst element kept, once `k` are kept; a candidate must beat it.
    @inline(__always)
    public var threshold: ScoredBeer? { heap.count >= k ? heap.min : nil }

    /// Offers a candidate.
    ///
    /// - Complexity: O(log k).
    @inline(__always)
    public mutating func offer(_ s: ScoredBeer) {
        guard k > 0 else { return }
        if heap.count < k {
            heap.insert(s)
        } else if let worst = heap.min, worst < s {
            _ = heap.replaceMin(with: s)
        }
    }

    /// The kept elements, best first.
    public func sorted() -> [ScoredBeer] { heap.unordered.sorted(by: >) }

    /// The best `k` of several top-k lists, best first.
    public static func merge(_ lists: [[ScoredBeer]], k: Int) -> [ScoredBeer] {
        Array(lists.joined().sorted(by: >).prefix(k))
    }
}
