/// A result row of `recommend like` and `recommend food`.
///
/// abv, ibu and ebc are always present (`null` when missing); the fields of one
/// recommender only (`matched_words`, `pairing` for food; `shared_foods`, `close_axes`,
/// `same_yeast`, `shared_hops`, `shared_malts`, `breakdown` for like) are absent from the other's rows.
package struct RecommendationRow: Encodable, Sendable, Equatable {
    package var rank: Int
    package var id: Int
    package var name: String
    @Nullable package var abv: Double?
    @Nullable package var ibu: Double?
    @Nullable package var ebc: Double?
    /// The score, to 4 decimals.
    package var score: Double
    /// The score on the one 0–100 scale of both recommenders (``MatchScale``).
    package var match: Int
    /// The short "why".
    package var reason: String
    package var matchedWords: [String]?
    /// Food: query words read as concepts → the member the pairing holds (`shellfish` → `crab`).
    package var matchedAs: [String: String]?
    package var pairing: String?
    package var sharedFoods: [String]?
    package var closeAxes: [String]?
    package var sameYeast: [String]?
    package var sharedHops: [String]?
    package var sharedMalts: [String]?
    package var breakdown: Breakdown?

    /// The `--explain` parts of a score: of `recommend like` or of `recommend food`.
    package enum Breakdown: Encodable, Sendable, Equatable {
        case like(LikeBreakdown)
        case food(FoodBreakdown)

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .like(let b): try c.encode(b)
            case .food(let b): try c.encode(b)
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case rank, id, name, abv, ibu, ebc, score, reason, pairing, breakdown
        case match = "match_percent"
        case matchedWords = "matched_words"
        case matchedAs = "matched_as"
        case sharedFoods = "shared_foods"
        case closeAxes = "close_axes"
        case sameYeast = "same_yeast"
        case sharedHops = "shared_hops"
        case sharedMalts = "shared_malts"
    }

    package init(
        rank: Int, id: Int, name: String, abv: Double?, ibu: Double?, ebc: Double?, score: Double, match: Int,
        reason: String,
        matchedWords: [String]? = nil, matchedAs: [String: String]? = nil, pairing: String? = nil, sharedFoods: [String]? = nil,
        closeAxes: [String]? = nil,
        sameYeast: [String]? = nil, sharedHops: [String]? = nil, sharedMalts: [String]? = nil, breakdown: Breakdown? = nil
    ) {
        self.rank = rank
        self.id = id
        self.name = name
        self.abv = abv
        self.ibu = ibu
        self.ebc = ebc
        self.score = score
        self.match = match
        self.reason = reason
        self.matchedWords = matchedWords
        self.matchedAs = matchedAs
        self.pairing = pairing
        self.sharedFoods = sharedFoods
        self.closeAxes = closeAxes
        self.sameYeast = sameYeast
        self.sharedHops = sharedHops
        self.sharedMalts = sharedMalts
        self.breakdown = breakdown
    }
}
