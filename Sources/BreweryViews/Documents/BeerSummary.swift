/// A beer in brief — id, name and the three numbers — as documents name a query beer.
public struct BeerSummary: Encodable, Sendable, Equatable {
    public var id: Int
    public var name: String
    @Nullable public var abv: Double?
    @Nullable public var ibu: Double?
    @Nullable public var ebc: Double?

    public init(id: Int, name: String, abv: Double?, ibu: Double?, ebc: Double?) {
        self.id = id
        self.name = name
        self.abv = abv
        self.ibu = ibu
        self.ebc = ebc
    }
}
