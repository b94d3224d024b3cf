/// Everything the user has told Brewery about their taste: ratings, wishlist and cellar.
public struct TasteProfile: Sendable, Equatable {
    /// Ratings, one a beer.
    public var ratings: [BeerRating]
    /// The wishlist, one entry a beer.
    public var wishes: [WishedBeer]
    /// The cellar, one entry a beer.
    public var cellar: [CellarEntry]

    /// A profile of these entries.
    public init(ratings: [BeerRating] = [], wishes: [WishedBeer] = [], cellar: [CellarEntry] = []) {
        self.ratings = ratings
        self.wishes = wishes
        self.cellar = cellar
    }
}
