/// Why a beer scored what it did in `recommend like`.
public struct SimilarityBreakdown: Sendable, Equatable {
    /// One axis of the numeric part.
    public struct AxisPart: Sendable, Equatable {
        public var axis: Axis
        /// The query beer's value, if present.
        public var query: Double?
        /// This beer's value, if present.
        public var other: Double?
        /// Difference in robust units; nil when either value is missing.
        public var scaledDifference: Float?
        /// The axis weight.
        public var weight: Float

        /// True when both values are present and within a quarter of a robust spread.
        public var isClose: Bool { (scaledDifference.map { abs($0) <= 0.25 } ?? false) && weight > 0 }
    }

    public var axes: [AxisPart]
    /// Numeric similarity in [0, 1].
    public var numeric: Float
    /// Food similarity in [0, 1].
    public var food: Float
    /// Pairing concepts both beers share.
    public var sharedFoods: [String]
    public var numericWeight: Float
    public var foodWeight: Float
    /// The combined score.
    public var score: Float
}
