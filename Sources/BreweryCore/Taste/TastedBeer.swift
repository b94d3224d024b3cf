/// A beer as the user's taste names it: by its catalogue id **and** its name.
///
/// Catalogues number beers differently (the Punk API v2 and v3 do), so a rating made on
/// one catalogue finds its beer on another by name, folded as `show` folds names, and is
/// never attached to a different beer that happens to have the same id.
public struct TastedBeer: Sendable, Hashable, Codable {
    /// The id the beer had in the catalogue it was rated on.
    public var id: Int
    /// Its name there.
    public var name: String

    /// A beer named by `id` and `name`.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    /// The beer at `index` of `catalogue`.
    public init(_ index: Int, in catalogue: Catalogue) {
        self.init(id: catalogue.beers[index].id, name: catalogue.beers.name(at: index))
    }

    /// The name folded (case, accents, dashes and spacing aside): what tells two entries
    /// for one beer apart from entries for two beers, whatever their ids.
    public var key: String { TextFolding.fold(Whitespace.trimmed(name)) }

    /// The beer's index in `catalogue`: the beer with this id when its name folds the
    /// same; else the one beer with this name; nil when none or several have it.
    public func index(in catalogue: Catalogue) -> Int? {
        let key = self.key
        if let i = catalogue.index(ofID: id), TextFolding.fold(catalogue.beers.name(at: i)) == key { return i }
        guard !key.isEmpty, let named = catalogue.names.beers(named: Array(key.utf8)) else { return nil }
        let exact = named.filter { TextFolding.fold(catalogue.beers.name(at: $0)) == key }
        return exact.count == 1 ? exact[0] : nil
    }
}
