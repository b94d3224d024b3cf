/// Where a front end keeps the user's taste, as the core's use cases read and change it.
/// An adapter implements it (SQLite in `BreweryTaste`); the server's answers take one.
public protocol TasteRecords: Sendable {
    /// Everything stored (nothing when no store exists yet).
    func profile() throws -> TasteProfile
    /// Rates a beer, replacing its earlier rating (returned).
    func rate(_ rating: BeerRating) throws -> BeerRating?
    /// Removes a beer's rating; false when it had none.
    func unrate(_ beer: TastedBeer) throws -> Bool
}
