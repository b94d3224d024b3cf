import BreweryCore

/// The `--explain` breakdown of a `recommend like` score, as JSON.
public struct LikeBreakdown: Encodable, Sendable, Equatable {
    /// One axis of the numeric part.
    public struct AxisRow: Encodable, Sendable, Equatable {
        public var axis: String
        @Nullable public var query: Double?
        @Nullable public var other: Double?
        /// The difference in robust units; `null` when either value is missing.
        @Nullable public var scaledDifference: Double?
        public var weight: Double

        enum CodingKeys: String, CodingKey {
            case axis, query, other, weight
            case scaledDifference = "scaled_difference"
        }
    }

    public var axes: [AxisRow]
    public var numeric: Double
    public var food: Double
    public var numericWeight: Double
    public var foodWeight: Double

    enum CodingKeys: String, CodingKey {
        case axes, numeric, food
        case numericWeight = "numeric_weight", foodWeight = "food_weight"
    }

    /// The breakdown the scorer gave.
    public init(_ b: SimilarityBreakdown) {
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
