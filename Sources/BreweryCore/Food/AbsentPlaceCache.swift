import Foundation

/// The places (``FoodIndex/postings`` entries) that hold any of a set of absent words, one
/// bit each, kept per catalogue by the words' postings ranges.
///
/// A concept's exclusions (vegetarian's meat and fish words) are the same for each of its
/// members and every query that names it; their bitset is worth building once. At most
/// ``capacity`` sets are kept (each is a bit per place); a new one past that replaces
/// one kept, so hostile queries cannot grow it without bound.
package final class AbsentPlaceCache: Sendable {
    /// The most bitsets kept.
    package static let capacity = 16

    private let lock = NSLock()
    nonisolated(unsafe) private var kept: [[Range<Int>]: [UInt64]] = [:]

    package init() {}

    /// How many bitsets are kept.
    package var count: Int { lock.withLock { kept.count } }

    /// The bitset of `ranges`' places, made by `make` when not kept.
    package func places(of ranges: [Range<Int>], making make: () -> [UInt64]) -> [UInt64] {
        if let known = lock.withLock({ kept[ranges] }) { return known }
        let made = make()
        lock.withLock {
            if kept.count >= Self.capacity, let any = kept.keys.first { kept[any] = nil }
            kept[ranges] = made
        }
        return made
    }
}
