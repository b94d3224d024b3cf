import BreweryCore
import BreweryStore
import Foundation

/// What a command runs against: the environment, the output, the loaded catalogue
/// (cached across REPL lines) and session settings.
final class Session: @unchecked Sendable {
    let environment: [String: String]
    let output: Output
    /// True inside the REPL.
    var interactive: Bool
    /// Results per page/list unless a command says otherwise (`set limit N`).
    var defaultLimit = 10
    /// `set format json` in the REPL makes every command print JSON.
    var jsonByDefault = false
    /// What `more` continues.
    var pager: Pager?
    /// Set by Ctrl-C while a command runs.
    var cancelled: @Sendable () -> Bool = { false }
    /// How long the last command's query itself took (the part the benchmarks measure),
    /// for `timing on`; nil for commands that run no query.
    var lastQueryDuration: Duration?

    /// Runs `query`, noting how long it took in ``lastQueryDuration``.
    func timedQuery<T>(_ query: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer { lastQueryDuration = clock.now - start }
        return try query()
    }

    /// The shell's own `--catalogue`, used by commands that do not name one.
    var catalogueOverride: String?

    private var cache: (path: String, loaded: LoadedCatalogue)?

    init(environment: [String: String], output: Output, interactive: Bool = false) {
        self.environment = environment
        self.output = output
        self.interactive = interactive
    }

    /// The catalogue at the path the options and environment name, loaded once.
    func catalogue(_ options: GlobalOptions) throws -> LoadedCatalogue {
        let path = CatalogueLocation.resolve(explicit: options.catalogue ?? catalogueOverride, environment: environment)
        if let cache, cache.path == path { return cache.loaded }
        let loaded = try LoadedCatalogue.load(path: path, snapshots: CatalogueSnapshotCache.standard(environment: environment))
        cache = (path, loaded)
        return loaded
    }

    /// Forgets the cached catalogue (after a fetch).
    func invalidate() { cache = nil }
}

/// The rest of a listing, for the REPL's `more`.
struct Pager {
    var title: String
    var rows: [String]
    var shown: Int
}
