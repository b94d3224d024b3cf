import BreweryCompletion
import BreweryCore
import BreweryTaste

extension Session {
    /// The taste store `options` names, kept open for the session (the last one opened); nil when it does not
    /// exist and `creating` is false (a read of nothing yet rated writes nothing).
    func tasteStore(_ options: TasteOptions, creating: Bool) throws(BreweryError) -> TasteStore? {
        try tasteStore(at: TasteLocation.resolve(explicit: options.taste, environment: environment), creating: creating)
    }

    /// The taste store at `path`, kept open as ``tasteStore(_:creating:)`` keeps it.
    private func tasteStore(at path: String, creating: Bool) throws(BreweryError) -> TasteStore? {
        if let open = tasteStore, open.path == path { return open.store }
        let store = try BreweryError.lifting(BreweryError.taste) { () throws(TasteError) in
            try TasteStore.open(at: path, creating: creating)
        }
        if let store { tasteStore = (path, store) }
        return store
    }

    /// Everything the store `options` names holds (nothing when there is no store yet).
    func tasteProfile(_ options: TasteOptions) throws(BreweryError) -> TasteProfile {
        guard let store = try tasteStore(options, creating: false) else { return TasteProfile() }
        return try BreweryError.lifting(BreweryError.taste) { () throws(TasteError) in try store.profile() }
    }

    /// The beers of one of the user's lists in the store `taste` names (the line's
    /// `--taste`), else the one the environment names, for the shell's completion: read
    /// from the store kept open, at each call (a beer rated a line ago is there); none
    /// when there is no store or it cannot be read.
    func keptBeers(_ list: CommandGrammar.KeptList, taste: String? = nil) -> [TastedBeer] {
        let path = TasteLocation.resolve(explicit: taste, environment: environment)
        guard let store = try? tasteStore(at: path, creating: false), let profile = try? store.profile() else { return [] }
        switch list {
        case .ratings: return profile.ratings.map(\.beer)
        case .wishlist: return profile.wishes.map(\.beer)
        case .cellar: return profile.cellar.filter { $0.count > 0 }.map(\.beer)
        }
    }

    /// Runs `body` on the store if there is one (nil when there is none: nothing to
    /// remove), its error said in one line.
    func changingExistingTaste<T>(_ options: TasteOptions, _ body: (TasteStore) throws(TasteError) -> T)
        throws(BreweryError) -> T?
    {
        guard let store = try tasteStore(options, creating: false) else { return nil }
        return try BreweryError.lifting(BreweryError.taste) { () throws(TasteError) in try body(store) }
    }

    /// The catalogue and the beer `words` name, as the taste store names it; `usage` when
    /// no beer is named.
    func tastedBeer(_ words: [String], _ options: GlobalOptions, usage: String) throws(BreweryError)
        -> (catalogue: Catalogue, beer: TastedBeer)
    {
        guard !words.isEmpty else { throw .usage(usage) }
        let catalogue = try catalogue(options).catalogue
        return (catalogue, TastedBeer(try lookup(words, in: catalogue), in: catalogue))
    }

    /// Runs `body` on the store, made if need be, its error said in one line.
    func changingTaste<T>(_ options: TasteOptions, _ body: (TasteStore) throws(TasteError) -> T) throws(BreweryError) -> T {
        guard let store = try tasteStore(options, creating: true) else { preconditionFailure("a store is made when asked") }
        return try BreweryError.lifting(BreweryError.taste) { () throws(TasteError) in try body(store) }
    }
}
