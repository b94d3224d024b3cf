import Foundation

/// A beer the user rated: a score from 0.5 to 5 (stars), an optional note, and when.
public struct BeerRating: Sendable, Hashable, Codable {
    /// The beer rated.
    public var beer: TastedBeer
    /// Stars, ``scores``.
    public var score: Double
    /// The user's words about it, if any.
    public var note: String?
    /// When it was rated, as an ISO 8601 date and time (UTC), e.g. `2026-11-28T10:04:00Z`.
    public var ratedAt: String

    /// The scores a rating may have.
    public static let scores: ClosedRange<Double> = 0.5...5

    /// A rating of `beer`.
    public init(beer: TastedBeer, score: Double, note: String? = nil, ratedAt: String) {
        self.beer = beer
        self.score = score
        self.note = note
        self.ratedAt = ratedAt
    }

    /// The score `text` states ("4", "4.5", "3.75", or with a decimal comma "4,5" as
    /// much of Europe writes it), or nil when it is not a number from 0.5 to 5 in steps
    /// of at most two decimals.
    public static func score(parsing text: String) -> Double? {
        var t = Whitespace.trimmed(text)
        if !t.contains("."), t.firstIndex(of: ",") == t.lastIndex(of: ",") { t = t.replacingOccurrences(of: ",", with: ".") }
        guard t.count <= 5, let v = Double(t), v.isFinite, scores.contains(v) else { return nil }
        let hundredths = (v * 100).rounded()
        guard abs(hundredths - v * 100) < 1e-6 else { return nil }
        return hundredths / 100
    }

    /// `date` as the store writes dates: ISO 8601 in UTC to the second.
    public static func timestamp(_ date: Date) -> String { date.formatted(Date.ISO8601FormatStyle()) }

    /// The score as people write stars: "★4.5".
    public static func stars(_ score: Double) -> String {
        "★" + (score == score.rounded() ? String(Int(score)) : String(score))
    }
}
