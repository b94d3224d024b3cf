/// What a listing shows of a beer: its id, name, abv, ibu and ebc. A snapshot decodes
/// these alone, without the beer's text and recipe (``BeerList/basics(at:)``).
public struct BeerBasics: Sendable, Equatable {
    /// The Punk API id.
    public let id: Int
    /// The name.
    public let name: String
    /// Alcohol by volume, percent.
    public let abv: Double?
    /// Bitterness, IBU.
    public let ibu: Double?
    /// Colour, EBC.
    public let ebc: Double?

    /// The basics as given.
    public init(id: Int, name: String, abv: Double?, ibu: Double?, ebc: Double?) {
        self.id = id
        self.name = name
        self.abv = abv
        self.ibu = ibu
        self.ebc = ebc
    }

    /// The basics of `beer`.
    public init(_ beer: Beer) {
        self.init(id: beer.id, name: beer.name, abv: beer.abv, ibu: beer.ibu, ebc: beer.ebc)
    }

    /// The value of `axis`.
    public func value(of axis: Axis) -> Double? {
        switch axis {
        case .abv: abv
        case .ibu: ibu
        case .ebc: ebc
        }
    }
}
