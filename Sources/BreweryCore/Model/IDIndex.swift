import Algorithms

/// Beer ids by beer index, and the beer indexes in id order for lookups by id.
///
/// Two flat arrays instead of a dictionary: built with one sort (none when the ids are
/// already ascending, as in the Punk API), stored as they are in a snapshot, and
/// searched by bisection.
package struct IDIndex: Sendable {
    /// The id of each beer, by beer index.
    package let ids: [Int]
    /// Beer indexes ordered by id.
    let order: [Int32]
    /// Whether the ids ascend with the beer index (as in the Punk API).
    package let ascending: Bool

    /// Indexes `ids` (beer `i` has id `ids[i]`).
    ///
    /// - Precondition: the ids are unique.
    package init(ids: [Int]) {
        self.ids = ids
        var ascending = true
        for i in ids.indices.dropFirst() where ids[i - 1] >= ids[i] {
            ascending = false
            break
        }
        self.ascending = ascending
        if ascending {
            order = (0..<Int32(ids.count)).map { $0 }
        } else {
            order = (0..<Int32(ids.count)).sorted { ids[Int($0)] < ids[Int($1)] }
        }
    }

    /// An index read back from a snapshot.
    init(ids: [Int], order: [Int32]) {
        self.ids = ids
        self.order = order
        ascending = order.indices.allSatisfy { order[$0] == $0 }
    }

    /// The beer index of `id`, if a beer has it.
    package func index(of id: Int) -> Int? {
        // Ascending ids without gaps (as in the Punk API) put an id at its distance from
        // the first: one read instead of a bisection's twenty at a million beers.
        if ascending, let first = ids.first {
            let (guess, overflow) = id.subtractingReportingOverflow(first)
            if !overflow, guess >= 0, guess < ids.count, ids[guess] == id { return guess }
        }
        let p = position(of: id)
        return p < order.count && ids[Int(order[p])] == id ? Int(order[p]) : nil
    }

    /// Up to `count` ids closest to `id` (ties to the smaller), ascending.
    package func nearest(to id: Int, count: Int) -> [Int] {
        var lo = position(of: id)
        var hi = lo  // candidates are order[lo..<hi], grown outwards
        while hi - lo < count && (lo > 0 || hi < order.count) {
            let below = lo > 0 ? Self.gap(id, ids[Int(order[lo - 1])]) : .max
            let above = hi < order.count ? Self.gap(id, ids[Int(order[hi])]) : .max
            if below <= above { lo -= 1 } else { hi += 1 }
        }
        return order[lo..<hi].map { ids[Int($0)] }
    }

    /// |a − b|, without overflow for any two ids.
    private static func gap(_ a: Int, _ b: Int) -> UInt {
        a >= b ? UInt(bitPattern: a &- b) : UInt(bitPattern: b &- a)
    }

    /// The first position in ``order`` whose id is not below `id`.
    private func position(of id: Int) -> Int {
        order.partitioningIndex { ids[Int($0)] >= id }
    }
}
