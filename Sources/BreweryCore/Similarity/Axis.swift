/// The numeric axes used for similarity.
public enum Axis: Int, CaseIterable, Sendable, Codable {
    case abv, ibu, ebc

    /// The field name, as in the Punk API.
    public var name: String { ["abv", "ibu", "ebc"][rawValue] }

    /// The value of this axis for a beer.
    public func value(of beer: Beer) -> Double? {
        switch self {
        case .abv: beer.abv
        case .ibu: beer.ibu
        case .ebc: beer.ebc
        }
    }
}
