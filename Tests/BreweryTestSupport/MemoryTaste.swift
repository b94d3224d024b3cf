import BreweryCore

/// An in-memory taste store: what the API and the web page read and change, without
/// SQLite (the store itself is BreweryTasteTests', the routes over HTTP BreweryServerTests').
public final class MemoryTaste: TasteRecords, @unchecked Sendable {
    public init() {}
    public let ratings = Locked<[BeerRating]>([])
    public func profile() throws -> TasteProfile { TasteProfile(ratings: ratings.withLock { $0 }) }
    public func rate(_ rating: BeerRating) throws -> BeerRating? {
        ratings.withLock { all in
            let earlier = all.first { $0.beer.key == rating.beer.key }
            all.removeAll { $0.beer.key == rating.beer.key }
            all.append(rating)
            return earlier
        }
    }
    public func unrate(_ beer: TastedBeer) throws -> Bool {
        ratings.withLock { all in
            let had = all.contains { $0.beer.key == beer.key }
            all.removeAll { $0.beer.key == beer.key }
            return had
        }
    }
}
