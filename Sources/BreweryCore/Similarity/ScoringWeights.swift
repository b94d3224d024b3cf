import Foundation

/// How much each part of `recommend like` counts.
///
/// abv, ibu and ebc weigh the axes inside the numeric distance; their mean is the
/// numeric part's weight against `food`. Defaults: `abv=1,ibu=1,ebc=1,food=0.5`.
public struct ScoringWeights: Sendable, Equatable, CustomStringConvertible {
    public var abv: Float
    public var ibu: Float
    public var ebc: Float
    public var food: Float

    /// The documented defaults.
    public static let standard = ScoringWeights(abv: 1, ibu: 1, ebc: 1, food: 0.5)

    /// Creates weights; each must be finite and ≥ 0.
    public init(abv: Float, ibu: Float, ebc: Float, food: Float) {
        self.abv = abv
        self.ibu = ibu
        self.ebc = ebc
        self.food = food
    }

    /// The largest weight accepted.
    public static let maximum: Float = 1_000_000

    /// Parses `"abv=1,ibu=2,food=0"`; unnamed weights keep their defaults.
    ///
    /// - Throws: ``ScoringError/badWeights(_:)`` naming what is wrong.
    public init(parsing text: String) throws(ScoringError) {
        self = .standard
        for part in text.split(separator: ",", omittingEmptySubsequences: true) {
            let kv = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            // Bounded, so no sum or product of weights can overflow to infinity.
            guard kv.count == 2, let v = Float(kv[1]), v.isFinite, v >= 0, v <= Self.maximum else {
                throw ScoringError.badWeights("'\(part)' is not name=number (a number from 0 to 1000000)")
            }
            switch kv[0].lowercased() {
            case "abv": abv = v
            case "ibu": ibu = v
            case "ebc": ebc = v
            case "food": food = v
            default: throw ScoringError.badWeights("unknown weight '\(kv[0])' (use abv, ibu, ebc, food)")
            }
        }
        if abv + ibu + ebc + food == 0 { throw ScoringError.badWeights("all weights are 0") }
    }

    /// The weight of `axis`.
    public func weight(of axis: Axis) -> Float {
        switch axis {
        case .abv: abv
        case .ibu: ibu
        case .ebc: ebc
        }
    }

    /// Weight of the numeric part against food: the mean axis weight.
    public var numeric: Float { (abv + ibu + ebc) / 3 }

    public var description: String { "abv=\(fmt(abv)),ibu=\(fmt(ibu)),ebc=\(fmt(ebc)),food=\(fmt(food))" }

    private func fmt(_ v: Float) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
