/// A batch size as a brewer types it: `10l`, `10 L`, `23 litres`, `5gal`, `5 gallons`
/// (US gallons).
public struct BatchVolume: Sendable, Equatable {
    /// The volume in litres.
    public let litres: Double

    /// Litres in a US gallon.
    public static let litresPerGallon = 3.785_411_784

    /// A batch of `litres`.
    public init(litres: Double) { self.litres = litres }

    /// Parses `text`; nil when it is not a number with a unit of litres or gallons, or is
    /// not between 0.1 and 100,000 litres.
    public init?(parsing text: String) {
        let t = text.lowercased().filter { !$0.isWhitespace }
        let digits = t.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(digits), value.isFinite else { return nil }
        let unit = t.dropFirst(digits.count)
        let litres: Double
        switch unit {
        case "l", "lt", "ltr", "litre", "litres", "liter", "liters": litres = value
        case "gal", "gals", "gallon", "gallons", "usgal": litres = value * Self.litresPerGallon
        default: return nil
        }
        guard (0.1...100_000).contains(litres) else { return nil }
        self.litres = litres
    }
}
