/// Where a front end keeps the user's taste, as the core's use cases read and change it.
/// An adapter implements it (SQLite in `BreweryTaste`); the server's answers take one.
public protocol TasteRecords: Sendable {
    /// Everything stored (nothing when no store exists yet).
    func profile() throws -> TasteProfile
    /// Rates a beer, replacing its earlier rating (returned).
    func rate(_ rating: BeerRating) throws -> BeerRating?
    /// Removes a beer's rating; false when it had none.
    func unrate(_ beer: TastedBeer) throws -> Bool
    /// Puts a beer on the wishlist; false when it was on it already.
    func wish(_ wish: WishedBeer) throws -> Bool
    /// Takes a beer off the wishlist; false when it was not on it.
    func unwish(_ beer: TastedBeer) throws -> Bool
    /// Adds `count` of a beer to the cellar (a best-before or place given replaces the one
    /// kept) and returns the entry now kept.
    func addToCellar(_ beer: TastedBeer, count: Int, bestBefore: BestBefore?, place: String?, at time: String) throws
        -> CellarEntry
    /// Takes one of a beer from the cellar: how many are left, nil when it was not there.
    func drink(_ beer: TastedBeer) throws -> Int?
}
