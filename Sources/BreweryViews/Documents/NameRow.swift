/// A result row of `search` and `list`: rank, id, name, and for a search how the name
/// matched.
package struct NameRow: Encodable, Sendable, Equatable {
    package var rank: Int
    package var id: Int
    package var name: String
    /// `exact`, `prefix`, `word prefix`, `substring` or `fuzzy`; absent in a list.
    package var match: String?

    package init(rank: Int, id: Int, name: String, match: String? = nil) {
        self.rank = rank
        self.id = id
        self.name = name
        self.match = match
    }
}
