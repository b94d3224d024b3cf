/// Bottles or cans of one beer in the user's cellar (or fridge).
public struct CellarEntry: Sendable, Hashable, Codable {
    /// The beer.
    public var beer: TastedBeer
    /// How many, at least 1 (an entry drunk to 0 is removed).
    public var count: Int
    /// The best-before month printed on them, if given.
    public var bestBefore: BestBefore?
    /// Where they are kept ("fridge", "garage shelf"), if given.
    public var place: String?
    /// When they were first added, as an ISO 8601 date and time (UTC).
    public var addedAt: String

    /// An entry of `count` of `beer`.
    public init(beer: TastedBeer, count: Int, bestBefore: BestBefore? = nil, place: String? = nil, addedAt: String) {
        self.beer = beer
        self.count = count
        self.bestBefore = bestBefore
        self.place = place
        self.addedAt = addedAt
    }

    /// The most bottles one entry holds.
    public static let maximumCount = 9_999

    /// Entries in the order `cellar` lists them: soonest best-before first, those without
    /// one last, then by name.
    public static func ordered(_ entries: [CellarEntry]) -> [CellarEntry] {
        entries.sorted { a, b in
            switch (a.bestBefore, b.bestBefore) {
            case (let x?, let y?) where x != y: x < y
            case (.some, nil): true
            case (nil, .some): false
            default: a.beer.key < b.beer.key
            }
        }
    }
}
