import Foundation

/// How much each part of `recommend like` counts.
///
/// abv, ibu and ebc weigh the axes inside the numeric distance, and their mean is the
/// numeric part's weight; `food`, `yeast`, `hops`, `malt`, `method` and `style` weigh the
/// other parts. The score is the weighted mean of the parts both beers have. The defaults
/// were fitted on the expert-judged dev set, with cross-validation, by
/// `Benchmarks/like-judged.sh` (see docs/recommending.md).
public struct ScoringWeights: Sendable, Equatable, CustomStringConvertible {
    /// The abv axis's weight in the numeric distance.
    public var abv: Float
    /// The ibu axis's weight in the numeric distance.
    public var ibu: Float
    /// The ebc axis's weight in the numeric distance.
    public var ebc: Float
    /// The food pairings' part.
    public var food: Float
    /// The yeast's part.
    public var yeast: Float
    /// The hops' part.
    public var hops: Float
    /// The malts' part.
    public var malt: Float
    /// The method's part (mash and fermentation temperatures, dry hopping).
    public var method: Float
    /// The style's part (family and style words).
    public var style: Float

    /// The documented defaults.
    public static let standard = ScoringWeights(
        abv: 1, ibu: 1, ebc: 1, food: 0.5, yeast: 0.5, hops: 0.25, malt: 0.25, method: 0.25, style: 1.25)

    /// Named starting points for `--weights`.
    public static let presets: [(name: String, weights: ScoringWeights, about: String)] = [
        ("standard", .standard, "the defaults"),
        ("numeric", ScoringWeights(abv: 1, ibu: 1, ebc: 1), "abv/ibu/ebc only"),
        ("food", ScoringWeights(abv: 0, ibu: 0, ebc: 0, food: 1), "food pairings only"),
        ("card", ScoringWeights(abv: 1, ibu: 1, ebc: 1, food: 0.5), "abv/ibu/ebc and food, as before recipes counted"),
        (
            "recipe", ScoringWeights(abv: 0, ibu: 0, ebc: 0, yeast: 3, hops: 0.25, malt: 0.5, method: 0.25),
            "yeast, hops, malt and method only"
        ),
        ("style", ScoringWeights(abv: 0, ibu: 0, ebc: 0, style: 1), "style family and style words only"),
        (
            "unstyled", ScoringWeights(abv: 1, ibu: 1, ebc: 1, food: 1, yeast: 3, hops: 0.25, malt: 0.5, method: 0.25),
            "the defaults before style counted"
        ),
    ]

    /// Creates weights; each must be finite and ≥ 0.
    public init(
        abv: Float, ibu: Float, ebc: Float, food: Float = 0, yeast: Float = 0, hops: Float = 0, malt: Float = 0,
        method: Float = 0, style: Float = 0
    ) {
        self.abv = abv
        self.ibu = ibu
        self.ebc = ebc
        self.food = food
        self.yeast = yeast
        self.hops = hops
        self.malt = malt
        self.method = method
        self.style = style
    }

    /// The largest weight accepted.
    public static let maximum: Float = 1_000_000

    /// The names `--weights` takes.
    public static let names = ["abv", "ibu", "ebc", "food", "yeast", "hops", "malt", "method", "style"]

    /// Parses `"abv=1,ibu=2,food=0"`, optionally starting with a preset
    /// (`"numeric"`, `"recipe,food=1"`); unnamed weights keep the preset's (else the
    /// defaults).
    ///
    /// - Throws: ``ScoringError/badWeights(_:)`` naming what is wrong.
    /// - Parameter text: what follows `--weights`.
    public init(parsing text: String) throws(ScoringError) {
        self = .standard
        for (n, part) in text.split(separator: ",", omittingEmptySubsequences: true).enumerated() {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            if n == 0, let preset = Self.presets.first(where: { $0.name == name }) {
                self = preset.weights
                continue
            }
            let kv = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard kv.count == 2 else {
                let presets = Self.presets.map(\.name).joined(separator: ", ")
                throw ScoringError.badWeights("'\(part)' is not name=number or a preset first (\(presets))")
            }
            // Bounded, so no sum or product of weights can overflow to infinity.
            guard let v = Float(kv[1]), v.isFinite, v >= 0, v <= Self.maximum else {
                throw ScoringError.badWeights("'\(part)' is not name=number (a number from 0 to 1000000)")
            }
            switch kv[0].lowercased() {
            case "abv": abv = v
            case "ibu": ibu = v
            case "ebc": ebc = v
            case "food": food = v
            case "yeast": yeast = v
            case "hops", "hop": hops = v
            case "malt", "malts": malt = v
            case "method": method = v
            case "style": style = v
            default:
                throw ScoringError.badWeights("unknown weight '\(kv[0])' (use \(Self.names.joined(separator: ", ")))")
            }
        }
        if numeric + food + yeast + hops + malt + method + style == 0 { throw ScoringError.badWeights("all weights are 0") }
    }

    /// The weight of `axis`.
    public func weight(of axis: Axis) -> Float {
        switch axis {
        case .abv: abv
        case .ibu: ibu
        case .ebc: ebc
        }
    }

    /// The weight of `part` in the score.
    public func weight(of part: SimilarityPart) -> Float {
        switch part {
        case .numeric: numeric
        case .method: method
        case .food: food
        case .yeast: yeast
        case .hops: hops
        case .malt: malt
        case .style: style
        }
    }

    /// Multiplies the weight of `part` by `factor` (the numeric part's: each axis's).
    public mutating func scale(_ part: SimilarityPart, by factor: Float) {
        switch part {
        case .numeric:
            abv *= factor
            ibu *= factor
            ebc *= factor
        case .method: method *= factor
        case .food: food *= factor
        case .yeast: yeast *= factor
        case .hops: hops *= factor
        case .malt: malt *= factor
        case .style: style *= factor
        }
    }

    /// Weight of the numeric part against the others: the mean axis weight.
    public var numeric: Float { (abv + ibu + ebc) / 3 }

    public var description: String { self == .standard ? Self.standardDescription : spelledOut }

    /// The standard weights' ``description``, spelt out once.
    private static let standardDescription = standard.spelledOut

    private var spelledOut: String {
        [abv, ibu, ebc, food, yeast, hops, malt, method, style].enumerated().map { "\(Self.names[$0])=\(fmt($1))" }
            .joined(separator: ",")
    }

    private func fmt(_ v: Float) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
