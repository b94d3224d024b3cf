/// What `recommend like` is asked: the beers liked, the beers not liked, and the weights.
///
/// With one liked beer a beer's score is its similarity to it. With several, it is the
/// harmonic mean of its similarities to each — high only when it is close to every liked
/// beer, not to one of them. A beer like a disliked one is pushed down: the score is
/// multiplied by 1 − ``dislikePenalty`` × its highest similarity to a disliked beer.
public struct LikeQuery: Sendable, Equatable {
    /// Beer indexes liked (at least one).
    public var liked: [Int]
    /// Beer indexes not liked.
    public var disliked: [Int]
    /// How much each part of the similarity counts.
    public var weights: ScoringWeights
    /// Whether ``weights`` were fitted to what the liked beers share (``TasteWeights``)
    /// rather than given.
    public var weightsFitted = false

    /// How far a beer identical to a disliked one is pushed down (its score halved).
    public static let dislikePenalty: Float = 0.5
    /// The most liked plus disliked beers one query takes.
    public static let maximumBeers = 16

    /// A query; duplicates are dropped (a beer both liked and disliked counts as liked).
    public init(liked: [Int], disliked: [Int] = [], weights: ScoringWeights = .standard) {
        var seen: Set<Int> = []
        self.liked = liked.filter { seen.insert($0).inserted }
        self.disliked = disliked.filter { seen.insert($0).inserted }
        self.weights = weights
    }

    /// Every beer named, liked first.
    public var beers: [Int] { liked + disliked }

    /// Combines a beer's similarities to the liked beers (in order) and its highest
    /// similarity to a disliked one (0 with none) into its score, by the operations the
    /// search uses.
    @inline(__always)
    static func combine(inverseSum: Float, likedCount: Int, single: Float, dislike: Float, anyDisliked: Bool) -> Float {
        let liked = likedCount == 1 ? single : Float(likedCount) / inverseSum
        return anyDisliked ? liked * (1 - dislikePenalty * dislike) : liked
    }
}
