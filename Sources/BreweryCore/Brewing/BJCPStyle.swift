/// A BJCP 2021 beer style: its code, name, the yeast it is fermented with and its vital
/// statistics (`Data/bjcp-styles.txt`).
public struct BJCPStyle: Sendable, Equatable {
    /// The yeast a style is fermented with, as a brewer would group strains.
    public enum Yeast: String, Sendable, Equatable {
        case lager, ale, hybrid, weizen, belgian, sour
        case germanAle = "german ale"
    }

    /// One of the five numbers a style bounds.
    public enum Measure: String, Sendable, CaseIterable {
        case og = "OG"
        case fg = "FG"
        case ibu = "IBU"
        case srm = "SRM"
        case abv = "ABV"

        /// Its place in ``allCases``.
        var index: Int {
            switch self {
            case .og: 0
            case .fg: 1
            case .ibu: 2
            case .srm: 3
            case .abv: 4
            }
        }
    }

    /// "21A"; the specialty IPAs share "21B".
    public var code: String
    /// "American IPA".
    public var name: String
    /// Its category's name ("IPA").
    public var category: String
    public var yeast: Yeast
    /// The range of each measure, low to high.
    public var ranges: [Measure: ClosedRange<Double>]
    /// The style's words as beers' names and taglines say them ("imperial stout"), folded.
    public var words: [[Substring]]

    /// Whether the style is a catch-all whose numbers vary with a base style (its OG range
    /// spans more than 0.050): the BJCP's Brett Beer and Mixed-Fermentation Sour.
    public var isCatchAll: Bool { (ranges[.og].map { $0.upperBound - $0.lowerBound } ?? 0) > 0.05 }

    /// The category's number: 21 of "21A".
    public var categoryNumber: Int { Int(code.prefix { $0.isNumber }) ?? 0 }

    /// The letter within the category: "A" of "21A"; nil for a category of one style.
    public var letter: String? {
        let rest = code.drop { $0.isNumber }
        return rest.isEmpty ? nil : String(rest)
    }

    /// "American IPA (21A)".
    public var label: String { "\(name) (\(code))" }
}
