/// What a taste profile says to `recommend for me`, on one catalogue: the beers that pull
/// (rated well, or wished for), those that push away (rated poorly), the beers already
/// tried, and the entries whose beer this catalogue does not have.
public struct TasteSignals: Sendable, Equatable {
    /// A beer whose likes are recommended, and how strongly.
    public struct Pull: Sendable, Equatable {
        /// Its catalogue index.
        public var index: Int
        /// Its weight, 0–1: the rating over 5, or ``TasteSignals/wishWeight`` for a wish.
        public var weight: Float
        /// The user's rating; nil for a wished-for beer.
        public var rating: Double?
    }

    /// A beer rated poorly: beers like it are pushed down (as `--not` does for `like`).
    public struct Push: Sendable, Equatable {
        /// Its catalogue index.
        public var index: Int
        /// The user's rating.
        public var rating: Double
    }

    /// Ratings from this up pull.
    public static let likedFrom = 3.5
    /// Ratings up to this push away.
    public static let dislikedUpTo = 2.0
    /// A wished-for beer's pull: milder than any liked beer's.
    public static let wishWeight: Float = 0.5
    /// The most beers that pull: the best rated (then the latest) are kept, so a long
    /// history costs a bounded number of searches.
    public static let maximumPulls = 32

    /// The beers that pull, strongest first.
    public var pulls: [Pull]
    /// The beers that push away, lowest rated first (at most what one `like` query takes
    /// besides its liked beer).
    public var pushes: [Push]
    /// Every beer rated or in the cellar, by index.
    public var tried: Set<Int>
    /// Ratings that found their beer in this catalogue.
    public var ratedCount: Int
    /// Entries whose beer this catalogue does not have (by id and name, nor by name alone).
    public var missing: [TastedBeer]

    /// The signals of `profile` on `catalogue`.
    public init(_ profile: TasteProfile, catalogue: Catalogue) {
        var missing: [TastedBeer] = []
        func resolve(_ beer: TastedBeer) -> Int? {
            let i = beer.index(in: catalogue)
            if i == nil, !missing.contains(beer) { missing.append(beer) }
            return i
        }
        var pulls: [(pull: Pull, at: String)] = []
        var pushes: [(push: Push, at: String)] = []
        var tried: Set<Int> = []
        var rated = 0
        for r in profile.ratings {
            guard let i = resolve(r.beer) else { continue }
            rated += 1
            tried.insert(i)
            if r.score >= Self.likedFrom {
                pulls.append((Pull(index: i, weight: Float(r.score / 5), rating: r.score), r.ratedAt))
            } else if r.score <= Self.dislikedUpTo {
                pushes.append((Push(index: i, rating: r.score), r.ratedAt))
            }
        }
        for w in profile.wishes {
            guard let i = resolve(w.beer), !tried.contains(i) else { continue }
            pulls.append((Pull(index: i, weight: Self.wishWeight, rating: nil), w.addedAt))
        }
        for c in profile.cellar {
            if let i = resolve(c.beer) { tried.insert(i) }
        }
        // Strongest first, then the latest, then by index: the same profile always gives
        // the same order.
        pulls.sort {
            ($0.pull.weight, $0.at, -$0.pull.index) > ($1.pull.weight, $1.at, -$1.pull.index)
        }
        pushes.sort { ($0.push.rating, $1.at, $0.push.index) < ($1.push.rating, $0.at, $1.push.index) }
        var seen: Set<Int> = []
        self.pulls = Array(pulls.map(\.pull).filter { seen.insert($0.index).inserted }.prefix(Self.maximumPulls))
        self.pushes = Array(pushes.map(\.push).prefix(LikeQuery.maximumBeers - 1))
        self.tried = tried
        self.ratedCount = rated
        self.missing = missing
    }
}
