/// Why a beer scored what it did in `recommend like`, against one liked beer.
public struct SimilarityBreakdown: Sendable, Equatable {
    /// One axis of the numeric part.
    public struct AxisPart: Sendable, Equatable {
        /// Which number (abv, ibu or ebc).
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

    /// One part of the score.
    public struct Part: Sendable, Equatable {
        /// Which part.
        public var part: SimilarityPart
        /// The part's similarity in [0, 1]; nil when the pair leaves it out (one of the
        /// beers has no value for it, or its weight is 0).
        public var similarity: Float?
        /// Its weight (0 when the query beer lacks the part).
        public var weight: Float
    }

    /// The numeric part, axis by axis.
    public var axes: [AxisPart]
    /// Every part, in ``SimilarityPart`` order.
    public var parts: [Part]
    /// Pairing concepts both beers share.
    public var sharedFoods: [String]
    /// The query beer's pairings this beer goes with whole (every concept shared).
    public var sharedDishes: [String]
    /// The yeast strain both use (after families are merged), e.g. "Wyeast 1056".
    public var sameYeast: [String]
    /// Words describing both beers' yeasts ("lager", "wheat").
    public var yeastWords: [String]
    /// Hop varieties both use, rarest first.
    public var sharedHops: [String]
    /// Hop varieties both add late (dry hop or aroma).
    public var sharedLateHops: [String]
    /// Malts both use, rarest first.
    public var sharedMalts: [String]
    /// The style family of the query beer and of this one (``StyleReading``).
    public var styles: (query: BeerStyle?, other: BeerStyle?)
    /// Style words both beers' texts use ("imperial stout", "coffee", "low ph"), rarest first.
    public var sharedStyleWords: [String]
    /// What both use that at most one beer in ten does, rarest first: the strain, hops
    /// and malts that say something of the pair (``RecipeFeatures/standoutWeight``).
    public var standoutYeast: [String]
    public var standoutHops: [String]
    public var standoutMalts: [String]
    /// Fermentation °C of the query beer and this one.
    public var fermentation: (query: Double?, other: Double?)
    /// Dry hops in grams per litre, of the query beer and this one.
    public var dryHopGramsPerLitre: (query: Double?, other: Double?)
    /// The combined score.
    public var score: Float

    /// The part `part`.
    public func part(_ part: SimilarityPart) -> Part { parts[part.rawValue] }

    /// Numeric similarity in [0, 1] (0 when left out).
    public var numeric: Float { part(.numeric).similarity ?? 0 }
    /// Food similarity in [0, 1] (0 when left out).
    public var food: Float { part(.food).similarity ?? 0 }
    /// The numeric part's weight.
    public var numericWeight: Float { part(.numeric).weight }
    /// The food part's weight.
    public var foodWeight: Float { part(.food).weight }

    public static func == (a: Self, b: Self) -> Bool {
        a.axes == b.axes && a.parts == b.parts && a.sharedFoods == b.sharedFoods && a.sharedDishes == b.sharedDishes
            && a.sameYeast == b.sameYeast
            && a.yeastWords == b.yeastWords && a.sharedHops == b.sharedHops && a.sharedLateHops == b.sharedLateHops
            && a.sharedMalts == b.sharedMalts && a.styles == b.styles && a.sharedStyleWords == b.sharedStyleWords
            && a.standoutYeast == b.standoutYeast && a.standoutHops == b.standoutHops
            && a.standoutMalts == b.standoutMalts
            && a.fermentation == b.fermentation
            && a.dryHopGramsPerLitre == b.dryHopGramsPerLitre && a.score == b.score
    }
}
