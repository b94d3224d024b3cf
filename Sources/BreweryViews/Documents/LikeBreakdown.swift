import BreweryCore

/// The `--explain` breakdown of a `recommend like` score, as JSON.
package struct LikeBreakdown: Encodable, Sendable, Equatable {
    /// One axis of the numeric part.
    package struct AxisRow: Encodable, Sendable, Equatable {
        package var axis: String
        @Nullable package var query: Double?
        @Nullable package var other: Double?
        /// The difference in robust units; `null` when either value is missing.
        @Nullable package var scaledDifference: Double?
        package var weight: Double

        enum CodingKeys: String, CodingKey {
            case axis, query, other, weight
            case scaledDifference = "scaled_difference"
        }
    }

    package var axes: [AxisRow]
    package var numeric: Double
    package var food: Double
    package var numericWeight: Double
    package var foodWeight: Double

    enum CodingKeys: String, CodingKey {
        case axes, numeric, food
        case numericWeight = "numeric_weight"
        case foodWeight = "food_weight"
    }

    /// The breakdown the scorer gave.
    package init(_ b: SimilarityBreakdown) {
        axes = b.axes.map {
            AxisRow(
                axis: $0.axis.name, query: $0.query, other: $0.other,
                scaledDifference: $0.scaledDifference.map { NumberFormat.rounded(Double($0), places: 4) },
                weight: Double($0.weight))
        }
        numeric = NumberFormat.rounded(Double(b.numeric), places: 4)
        food = NumberFormat.rounded(Double(b.food), places: 4)
        numericWeight = Double(b.numericWeight)
        foodWeight = Double(b.foodWeight)
    }
}
