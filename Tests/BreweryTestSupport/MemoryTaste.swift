import BreweryCore

/// An in-memory taste store: what the API and the web page read and change, without
/// SQLite (the store itself is BreweryTasteTests', the routes over HTTP BreweryServerTests').
public final class MemoryTaste: TasteRecords, @unchecked Sendable {
    public init() {}
    public let stored = Locked(TasteProfile())
    public var ratings: [BeerRating] { stored.withLock { $0.ratings } }
    /// How many times everything stored was read (``profile()``).
    public let reads = Locked(0)

    public func profile() throws -> TasteProfile {
        reads.withLock { $0 += 1 }
        return stored.withLock { $0 }
    }

    public func rate(_ rating: BeerRating) throws -> BeerRating? {
        stored.withLock { p in
            let earlier = p.ratings.first { $0.beer.key == rating.beer.key }
            p.ratings.removeAll { $0.beer.key == rating.beer.key }
            p.ratings.append(rating)
            return earlier
        }
    }

    public func unrate(_ beer: TastedBeer) throws -> Bool {
        stored.withLock { p in
            let had = p.ratings.contains { $0.beer.key == beer.key }
            p.ratings.removeAll { $0.beer.key == beer.key }
            return had
        }
    }

    public func wish(_ wish: WishedBeer) throws -> Bool {
        stored.withLock { p in
            guard !p.wishes.contains(where: { $0.beer.key == wish.beer.key }) else { return false }
            p.wishes.append(wish)
            return true
        }
    }

    public func unwish(_ beer: TastedBeer) throws -> Bool {
        stored.withLock { p in
            let had = p.wishes.contains { $0.beer.key == beer.key }
            p.wishes.removeAll { $0.beer.key == beer.key }
            return had
        }
    }

    public func addToCellar(_ beer: TastedBeer, count: Int, bestBefore: BestBefore?, place: String?, at time: String) throws
        -> CellarEntry
    {
        stored.withLock { p in
            let earlier = p.cellar.first { $0.beer.key == beer.key }
            let entry = CellarEntry(
                beer: beer, count: (earlier?.count ?? 0) + count, bestBefore: bestBefore ?? earlier?.bestBefore,
                place: place ?? earlier?.place, addedAt: earlier?.addedAt ?? time)
            p.cellar.removeAll { $0.beer.key == beer.key }
            p.cellar.append(entry)
            return entry
        }
    }

    public func drink(_ beer: TastedBeer) throws -> Int? {
        stored.withLock { p in
            guard let i = p.cellar.firstIndex(where: { $0.beer.key == beer.key }) else { return nil }
            p.cellar[i].count -= 1
            let left = p.cellar[i].count
            if left == 0 { p.cellar.remove(at: i) }
            return left
        }
    }
}
