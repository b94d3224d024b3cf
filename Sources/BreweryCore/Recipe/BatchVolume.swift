/// A batch size as a brewer types it: `10l`, `10 L`, `23 litres`, `5gal`, `5 gallons`
/// (US gallons), and a brewery's `10hl` (hectolitres) or `7bbl` (US beer barrels).
public struct BatchVolume: Sendable, Equatable {
    /// The volume in litres.
    public let litres: Double

    /// Litres in a US gallon.
    public static let litresPerGallon = 3.785_411_784
    /// Litres in a US beer barrel (31 US gallons).
    public static let litresPerBarrel = 31 * litresPerGallon

    /// The batch sizes taken, in litres: a test brew to a large brewery's.
    public static let litresTaken: ClosedRange<Double> = 0.1...100_000
    /// ``litresTaken`` in words.
    static let takenInWords = "0.1 l to 100,000 l"

    /// What a batch volume is, for messages that refuse one.
    public static let expected =
        "a volume from \(takenInWords) with its unit, such as 10l, 23 litres, 5gal (US gallons), 10hl or 7bbl (US beer barrels)"

    /// A batch of `litres`.
    public init(litres: Double) { self.litres = litres }

    /// Parses `text`; nil when it is not a number with a unit of litres or gallons, or is
    /// not within ``litresTaken``.
    public init?(parsing text: String) {
        guard let litres = Self.litres(parsing: text), Self.litresTaken.contains(litres) else { return nil }
        self.litres = litres
    }

    /// The litres `text` says, a number with its unit, within ``litresTaken`` or not;
    /// nil when it is not a number with a unit of litres or gallons.
    static func litres(parsing text: String) -> Double? {
        let t = text.lowercased().filter { !$0.isWhitespace }
        let digits = t.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(digits), value.isFinite, let unit = litresPerUnit[String(t.dropFirst(digits.count))]
        else { return nil }
        return value * unit
    }

    /// Whether `word` is a unit of a batch volume ("gal", "litres"), as typed apart from
    /// its number.
    public static func isUnit(_ word: String) -> Bool { litresPerUnit[word.lowercased()] != nil }

    /// Litres per unit, by the unit's spellings.
    private static let litresPerUnit: [String: Double] = {
        var units: [String: Double] = [:]
        for u in ["l", "lt", "ltr", "litre", "litres", "liter", "liters"] { units[u] = 1 }
        for u in ["gal", "gals", "gallon", "gallons", "usgal"] { units[u] = litresPerGallon }
        for u in ["hl", "hectolitre", "hectolitres", "hectoliter", "hectoliters"] { units[u] = 100 }
        for u in ["bbl", "bbls", "barrel", "barrels"] { units[u] = litresPerBarrel }
        return units
    }()
}
