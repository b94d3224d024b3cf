import BreweryCore

/// A beer in brief — id, name and the three numbers — as documents name a query beer.
package struct BeerSummary: Encodable, Sendable, Equatable {
    package var id: Int
    package var name: String
    @Nullable package var abv: Double?
    @Nullable package var ibu: Double?
    @Nullable package var ebc: Double?

    /// The document form of `beer`.
    package init(_ beer: BeerBasics) {
        id = beer.id
        name = beer.name
        abv = beer.abv
        ibu = beer.ibu
        ebc = beer.ebc
    }
}
