import BreweryCore

/// A result row of `search` and `list`: rank, id, name, the three numbers the tables
/// show, and for a search how the name matched.
package struct NameRow: Encodable, Sendable, Equatable {
    package var rank: Int
    package var id: Int
    package var name: String
    @Nullable package var abv: Double?
    @Nullable package var ibu: Double?
    @Nullable package var ebc: Double?
    /// `exact`, `prefix`, `word prefix`, `substring` or `fuzzy`; absent in a list.
    package var match: String?

    package init(rank: Int, beer: BeerBasics, match: String? = nil) {
        self.rank = rank
        self.id = beer.id
        self.name = beer.name
        self.abv = beer.abv
        self.ibu = beer.ibu
        self.ebc = beer.ebc
        self.match = match
    }
}
