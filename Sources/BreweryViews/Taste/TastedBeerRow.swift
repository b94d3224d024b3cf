import BreweryCore

/// A stored beer as the taste lists show it: the id and name it was stored with, and the
/// id it has in the catalogue in use (nil when this catalogue does not have it).
package struct TastedBeerRow: Encodable, Sendable, Equatable {
    /// The id in the catalogue in use; nil when the beer is not in it.
    @Nullable package var id: Int?
    /// The name stored.
    package var name: String
    /// The id stored (the catalogue it was added on).
    package var storedID: Int

    /// The row of `beer` on `catalogue`.
    package init(_ beer: TastedBeer, catalogue: Catalogue) {
        id = beer.index(in: catalogue).map { catalogue.beers[$0].id }
        name = beer.name
        storedID = beer.id
    }

    /// The id cell: the catalogue's id, or "–" when not in it.
    var idCell: String { id.map(String.init) ?? "–" }

    enum CodingKeys: String, CodingKey {
        case id, name
        case storedID = "stored_id"
    }
}
