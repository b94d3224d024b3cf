/// One page of `recommend for me`: what the shell and the server show of it.
public struct ForMePage: Sendable {
    /// A recommended beer and why.
    public struct Row: Sendable {
        /// Its catalogue index.
        public var index: Int
        /// Its score, 0–1: the best pull's weight times the beer's `like` score against it.
        public var score: Float
        /// The pulls (indexes into ``TasteSignals/pulls``) it is close to: the one that
        /// scored, then, closest first, any against which its weighted score is at least
        /// ``ForMeRecommender/alsoCloseShare`` of its score.
        public var pulls: [Int]
        /// The `like` hit against the pull that scored: its parts, and the disliked beer
        /// it is closest to.
        public var hit: LikeRecommender.Hit
    }

    /// The taste ranked for.
    public let signals: TasteSignals
    /// The weights the `like` scores were taken with.
    public let weights: ScoringWeights
    /// The rank of the first row, less one.
    public let offset: Int
    /// Whether the ranking goes on after this page.
    public let more: Bool
    /// The rows, best first.
    public let rows: [Row]
}
