/// A beer in brief — id, name and the three numbers — as documents name a query beer.
package struct BeerSummary: Encodable, Sendable, Equatable {
    package var id: Int
    package var name: String
    @Nullable package var abv: Double?
    @Nullable package var ibu: Double?
    @Nullable package var ebc: Double?

    package init(id: Int, name: String, abv: Double?, ibu: Double?, ebc: Double?) {
        self.id = id
        self.name = name
        self.abv = abv
        self.ibu = ibu
        self.ebc = ebc
    }
}
