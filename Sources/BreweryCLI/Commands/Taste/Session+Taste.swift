import BreweryCore
import BreweryTaste

extension Session {
    /// The taste store `options` names, kept open for the session (the last one opened); nil when it does not
    /// exist and `creating` is false (a read of nothing yet rated writes nothing).
    func tasteStore(_ options: TasteOptions, creating: Bool) throws(BreweryError) -> TasteStore? {
        let path = TasteLocation.resolve(explicit: options.taste, environment: environment)
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
