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

    /// One part of the score.
    package struct PartRow: Encodable, Sendable, Equatable {
        package var part: String
        /// The part's similarity; `null` when the pair leaves it out.
        @Nullable package var similarity: Double?
        package var weight: Double
    }

    /// A query beer's similarity.
    package struct LikedScore: Encodable, Sendable, Equatable {
        package var id: Int
        package var score: Double
    }

    /// A pair of values: the query beer's and this beer's.
    package struct Pair: Encodable, Sendable, Equatable {
        @Nullable package var query: Double?
        @Nullable package var other: Double?
    }

    package var axes: [AxisRow]
    package var parts: [PartRow]
    package var numeric: Double
    package var food: Double
    package var numericWeight: Double
    package var foodWeight: Double
    package var sameYeast: [String]
    package var yeastWords: [String]
    package var sharedHops: [String]
    package var sharedLateHops: [String]
    package var sharedMalts: [String]
    /// The style family of the query beer and of this one.
    @Nullable package var queryStyle: String?
    @Nullable package var otherStyle: String?
    package var sharedStyleWords: [String]
    package var sharedDishes: [String]
    package var fermentationCelsius: Pair
    package var dryHopGramsPerLitre: Pair
    /// The liked beer the parts are against.
    package var closestLiked: Int
    /// The similarity to each liked beer.
    package var likedScores: [LikedScore]
    /// The disliked beer most like this one, if any.
    package var closestNotLiked: LikedScore?

    enum CodingKeys: String, CodingKey {
        case axes, parts, numeric, food
        case numericWeight = "numeric_weight"
        case foodWeight = "food_weight"
        case sameYeast = "same_yeast"
        case yeastWords = "yeast_words"
        case sharedHops = "shared_hops"
        case sharedLateHops = "shared_late_hops"
        case sharedMalts = "shared_malts"
        case queryStyle = "query_style"
        case otherStyle = "other_style"
        case sharedStyleWords = "shared_style_words"
        case sharedDishes = "shared_dishes"
        case fermentationCelsius = "fermentation_celsius"
        case dryHopGramsPerLitre = "dry_hop_g_per_l"
        case closestLiked = "closest_liked"
        case likedScores = "liked_scores"
        case closestNotLiked = "closest_not_liked"
    }

    /// The breakdown the scorer gave, against liked beer `closestLiked` (an id).
    package init(
        _ b: SimilarityBreakdown, closestLiked: Int, likedScores: [(Int, Float)] = [], closestDisliked: (Int, Float)? = nil
    ) {
        let r = { (v: Float) in NumberFormat.rounded(Double(v), places: 4) }
        axes = b.axes.map {
            AxisRow(
                axis: $0.axis.name, query: $0.query, other: $0.other,
                scaledDifference: $0.scaledDifference.map { NumberFormat.rounded(Double($0), places: 4) },
                weight: Double($0.weight))
        }
        parts = b.parts.map { PartRow(part: $0.part.description, similarity: $0.similarity.map(r), weight: r($0.weight)) }
        numeric = r(b.numeric)
        food = r(b.food)
        numericWeight = Double(b.numericWeight)
        foodWeight = Double(b.foodWeight)
        sameYeast = b.sameYeast
        yeastWords = b.yeastWords
        sharedHops = b.sharedHops
        sharedLateHops = b.sharedLateHops
        sharedMalts = b.sharedMalts
        queryStyle = b.styles.query?.rawValue
        otherStyle = b.styles.other?.rawValue
        sharedStyleWords = b.sharedStyleWords
        sharedDishes = b.sharedDishes
        fermentationCelsius = Pair(query: b.fermentation.query, other: b.fermentation.other)
        dryHopGramsPerLitre = Pair(
            query: b.dryHopGramsPerLitre.query.map { NumberFormat.rounded($0, places: 2) },
            other: b.dryHopGramsPerLitre.other.map { NumberFormat.rounded($0, places: 2) })
        self.closestLiked = closestLiked
        self.likedScores = likedScores.map { LikedScore(id: $0.0, score: r($0.1)) }
        closestNotLiked = closestDisliked.map { LikedScore(id: $0.0, score: r($0.1)) }
    }
}
