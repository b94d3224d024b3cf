import BreweryCore
import Foundation

/// Encodes command results as stable JSON (sorted keys, no colour, one document).
enum JSONOutput {
    static func string(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A result row of `search` and `list`.
    struct NameRow: Encodable {
        var rank: Int
        var id: Int
        var name: String
        var match: String?
    }

    /// A result row of `recommend`.
    struct RecommendationRow: Encodable {
        var rank: Int
        var id: Int
        var name: String
        var abv: Double?
        var ibu: Double?
        var ebc: Double?
        var score: Double
        var reason: String
        var matchedWords: [String]?
        var pairing: String?
        var sharedFoods: [String]?
        var closeAxes: [String]?
        var breakdown: Breakdown?

        enum CodingKeys: String, CodingKey {
            case rank, id, name, abv, ibu, ebc, score, reason, pairing, breakdown
            case matchedWords = "matched_words", sharedFoods = "shared_foods", closeAxes = "close_axes"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(rank, forKey: .rank)
            try c.encode(id, forKey: .id)
            try c.encode(name, forKey: .name)
            try c.encode(abv, forKey: .abv)
            try c.encode(ibu, forKey: .ibu)
            try c.encode(ebc, forKey: .ebc)
            try c.encode(score, forKey: .score)
            try c.encode(reason, forKey: .reason)
            try c.encodeIfPresent(matchedWords, forKey: .matchedWords)
            try c.encodeIfPresent(pairing, forKey: .pairing)
            try c.encodeIfPresent(sharedFoods, forKey: .sharedFoods)
            try c.encodeIfPresent(closeAxes, forKey: .closeAxes)
            try c.encodeIfPresent(breakdown, forKey: .breakdown)
        }
    }

    /// The `--explain` breakdown of a `recommend like` score.
    struct Breakdown: Encodable {
        struct AxisRow: Encodable {
            var axis: String
            var query: Double?
            var other: Double?
            var scaledDifference: Double?
            var weight: Double
            enum CodingKeys: String, CodingKey {
                case axis, query, other, weight
                case scaledDifference = "scaled_difference"
            }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(axis, forKey: .axis)
                try c.encode(query, forKey: .query)
                try c.encode(other, forKey: .other)
                try c.encode(scaledDifference, forKey: .scaledDifference)
                try c.encode(weight, forKey: .weight)
            }
        }
        var axes: [AxisRow]
        var numeric: Double
        var food: Double
        var numericWeight: Double
        var foodWeight: Double
        enum CodingKeys: String, CodingKey {
            case axes, numeric, food
            case numericWeight = "numeric_weight", foodWeight = "food_weight"
        }

        init(_ b: SimilarityBreakdown) {
            axes = b.axes.map {
                AxisRow(
                    axis: $0.axis.name, query: $0.query, other: $0.other,
                    scaledDifference: $0.scaledDifference.map { Double($0).rounded(places: 4) }, weight: Double($0.weight))
            }
            numeric = Double(b.numeric).rounded(places: 4)
            food = Double(b.food).rounded(places: 4)
            numericWeight = Double(b.numericWeight)
            foodWeight = Double(b.foodWeight)
        }
    }
}

extension Double {
    func rounded(places: Int) -> Double {
        let p = pow(10, Double(places))
        return (self * p).rounded() / p
    }
}
