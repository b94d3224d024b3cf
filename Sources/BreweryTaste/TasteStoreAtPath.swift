import BreweryCore
import Foundation

/// The taste store at a path, opened on first use and made on the first write (a server
/// that is only read writes nothing): the ``TasteRecords`` `brewery serve` answers from.
package final class TasteStoreAtPath: TasteRecords, @unchecked Sendable {
    /// The store's file.
    package let path: String
    private let lock = NSLock()
    private var store: TasteStore?

    package init(path: String) { self.path = path }

    /// The store, opened (made when `creating`) on first use; nil when there is none and
    /// not `creating`.
    private func opened(creating: Bool) throws(TasteError) -> TasteStore? {
        lock.lock()
        defer { lock.unlock() }
        if let store { return store }
        store = try TasteStore.open(at: path, creating: creating)
        return store
    }

    package func profile() throws -> TasteProfile { try opened(creating: false)?.profile() ?? TasteProfile() }

    package func rate(_ rating: BeerRating) throws -> BeerRating? {
        guard let store = try opened(creating: true) else { return nil }
        return try store.rate(rating)
    }

    package func unrate(_ beer: TastedBeer) throws -> Bool { try opened(creating: false)?.unrate(beer) ?? false }

    package func wish(_ wish: WishedBeer) throws -> Bool {
        guard let store = try opened(creating: true) else { return false }
        return try store.wish(wish)
    }

    package func unwish(_ beer: TastedBeer) throws -> Bool { try opened(creating: false)?.unwish(beer) ?? false }

    package func addToCellar(_ beer: TastedBeer, count: Int, bestBefore: BestBefore?, place: String?, at time: String) throws
        -> CellarEntry
    {
        guard let store = try opened(creating: true) else { throw TasteError(path: path, reason: "cannot be made") }
        return try store.addToCellar(beer, count: count, bestBefore: bestBefore, place: place, at: time)
    }

    package func drink(_ beer: TastedBeer) throws -> Int? { try opened(creating: false)?.drink(beer) }
}
