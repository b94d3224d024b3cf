import Foundation

/// When a beer was first brewed, as a month count (year × 12 + month − 1), read from the
/// record's `first_brewed` ("04/2007", or "2016" alone, which counts as January), and
/// parsed from what people type for the date filters ("01-2012", "01/2012").
public struct BrewDate: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// Months since January of year 0.
    public let months: Int32

    /// The month `month` (1–12) of `year`.
    public init?(month: Int, year: Int) {
        guard (1...12).contains(month), (1000...9999).contains(year) else { return nil }
        months = Int32(year * 12 + month - 1)
    }

    /// A record's `first_brewed`: `MM/YYYY` or `YYYY`.
    public init?(firstBrewed text: String) {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" }).map { $0.trimmingCharacters(in: .whitespaces) }
        switch parts.count {
        case 1:
            guard let y = Int(parts[0]), let d = BrewDate(month: 1, year: y) else { return nil }
            self = d
        case 2:
            guard let m = Int(parts[0]), let y = Int(parts[1]), let d = BrewDate(month: m, year: y) else { return nil }
            self = d
        default: return nil
        }
    }

    /// A filter's `MM-YYYY` (or `MM/YYYY`); a year alone is not taken here, so a typo
    /// such as "2012-01" is an error rather than a different date.
    public init?(filter text: String) {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "-" })
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 4, let m = Int(parts[0]), let y = Int(parts[1]),
            let d = BrewDate(month: m, year: y)
        else { return nil }
        self = d
    }

    init(months: Int32) { self.months = months }

    public static func < (a: BrewDate, b: BrewDate) -> Bool { a.months < b.months }

    /// `MM-YYYY`.
    public var description: String {
        let m = Int(months) % 12 + 1
        let y = Int(months) / 12
        return (m < 10 ? "0" : "") + "\(m)-\(y)"
    }
}
