/// A result row of `search` and `list`: rank, id, name, and for a search how the name
/// matched.
public struct NameRow: Encodable, Sendable, Equatable {
    public var rank: Int
    public var id: Int
    public var name: String
    /// `exact`, `prefix`, `word prefix`, `substring` or `fuzzy`; absent in a list.
    public var match: String?

    public init(rank: Int, id: Int, name: String, match: String? = nil) {
        self.rank = rank
        self.id = id
        self.name = name
        self.match = match
    }
}
