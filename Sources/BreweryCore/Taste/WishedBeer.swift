/// A beer on the user's wishlist: one to try.
public struct WishedBeer: Sendable, Hashable, Codable {
    /// The beer.
    public var beer: TastedBeer
    /// When it was wished for, as an ISO 8601 date and time (UTC).
    public var addedAt: String

    /// A wish for `beer`.
    public init(beer: TastedBeer, addedAt: String) {
        self.beer = beer
        self.addedAt = addedAt
    }
}
