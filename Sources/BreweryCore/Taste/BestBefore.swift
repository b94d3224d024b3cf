import Foundation

/// A best-before month, as bottles and cans print it: `MM-YYYY`.
public struct BestBefore: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year, 1900–9999.
    public var year: Int
    /// The month, 1–12.
    public var month: Int

    /// The month `month` of `year`, nil out of range.
    public init?(year: Int, month: Int) {
        guard (1900...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month `text` states as `MM-YYYY` (also `M-YYYY`, `MM/YYYY` or `YYYY-MM`), or the
    /// month of a whole date `YYYY-MM-DD` (a label's day: the month it falls in, a day the
    /// month has); nil for anything else. A date with the year last is not read: its day
    /// and month may come in either order.
    public init?(parsing text: String) {
        var parts = Whitespace.trimmed(text).split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "/" }
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        var day: Int?
        if parts.count == 3, parts[0].count == 4, parts[2].count <= 2 {
            day = Int(parts[2])
            parts.removeLast()
        }
        guard parts.count == 2 else { return nil }
        let (m, y) = parts[0].count == 4 ? (parts[1], parts[0]) : (parts[0], parts[1])
        guard m.count <= 2, y.count == 4, let month = Int(m), let year = Int(y) else { return nil }
        self.init(year: year, month: month)
        if let day, !(1...daysInMonth).contains(day) { return nil }
    }

    /// What ``init(parsing:)`` reads, in words, for an error message of every front end.
    public static let formatsRead = "a month as MM-YYYY or a date as YYYY-MM-DD (a day the month has), e.g. 03-2027"

    /// How many days the month has (the Gregorian calendar's leap years).
    public var daysInMonth: Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The month (UTC) that `date` falls in: the month it is, for marking bottles past
    /// their best-before.
    public init(containing date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month], from: date)
        self = BestBefore(year: c.year ?? 2000, month: c.month ?? 1) ?? BestBefore(year: 2000, month: 1)!
    }

    /// `MM-YYYY`.
    public var description: String { (month < 10 ? "0" : "") + "\(month)-\(year)" }

    public static func < (a: BestBefore, b: BestBefore) -> Bool { (a.year, a.month) < (b.year, b.month) }
}
