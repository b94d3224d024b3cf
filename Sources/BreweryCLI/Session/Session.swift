import BreweryCore
import BreweryStore
import BreweryTaste
import BreweryViews
import Foundation

/// What a command runs against: the environment, the output, the loaded catalogue
/// (cached across REPL lines) and session settings.
final class Session: @unchecked Sendable {
    let environment: [String: String]
    let output: Output
    /// Results per page/list unless a command says otherwise: `set limit N`, else 10.
    var defaultLimit: Int { chosenLimit ?? 10 }
    /// What `set limit N` chose; nil until then (`list` keeps its pages of 25).
    var chosenLimit: Int?
    /// The format of commands that do not ask for one (`set format`).
    var defaultFormat = OutputFormat.table
    /// Whether tables show their records expanded, one field per line (`set expanded`).
    var expanded = ExpandedDisplay.Mode.off
    /// Whether JSON is written as JSON Lines, one compact document per line (a script
    /// piped into the shell), rather than one pretty document.
    var jsonLines = false
    /// Whether commands are typed in the shell, which has commands a one-shot run has not
    /// (`more`) and takes them without the program name: advice says them so.
    var inShell: Bool {
        get { output.inShell }
        set { output.inShell = newValue }
    }
    /// How a listing says where the rest is.
    var moreHint: String { inShell ? MoreHint.shell : MoreHint.oneShot }
    /// The part of its ranking the last paged command showed, for `more`.
    var lastWindow: ResultWindow?
    /// Set by Ctrl-C while a command runs (the output's, which stops writing then).
    var cancelled: @Sendable () -> Bool {
        get { output.cancelled }
        set { output.cancelled = newValue }
    }
    /// How long the last command's query itself took (the part the benchmarks measure),
    /// for `timing on`; nil for commands that run no query.
    var lastQueryDuration: Duration?
    /// How long the last command waited for the catalogue to be read (its first, or the
    /// first after the file changed), for `timing on`; nil when it was loaded already.
    var lastLoadDuration: Duration?

    /// The shell's own `--catalogue`, used by commands that do not name one.
    var catalogueOverride: String?

    private var cache: (path: String, loaded: LoadedCatalogue, file: FileVersion?)?
    /// Called with the catalogue each time one is loaded (the shell updates its completion).
    var onLoad: ((LoadedCatalogue) -> Void)?
    /// The catalogue file vanished while loaded (said once).
    private var saidGone = false
    /// The version of the catalogue file that changed into one that cannot be read (said once).
    private var unreadable: FileVersion?
    /// The snapshots of catalogues read from their JSON, and when they are written.
    let snapshots: SnapshotWrites
    /// Whether a person types the lines (the shell on a terminal): only then does a command
    /// ask a question it was not asked to (`cellar drink` asking for a rating).
    var interactive = false
    /// Asks the user a question and returns the line answered, nil at the end of input:
    /// the shell's prompt, or standard input for a one-shot command.
    var ask: (String) -> String? = Session.asking { readLine() }
    /// The taste store last opened, by path: kept open for the session.
    var tasteStore: (path: String, store: TasteStore)?

    /// A way to ask that writes the question to standard error and answers with the next
    /// line `read` gives; at the end of input (nil) it ends the question's line, so what
    /// follows starts its own.
    static func asking(_ read: @escaping () -> String?) -> (String) -> String? {
        { question in
            _ = FileDescriptorWriter.write(question, to: STDERR_FILENO)
            guard let line = read() else {
                _ = FileDescriptorWriter.write("\n", to: STDERR_FILENO)
                return nil
            }
            return line
        }
    }

    init(environment: [String: String], output: Output) {
        self.environment = environment
        self.output = output
        snapshots = SnapshotWrites { warning in output.note("brewery: warning: \(warning)") }
    }

    /// Runs `query`, noting how long it took in ``lastQueryDuration``.
    func timedQuery<T, E: Error>(_ query: () throws(E) -> T) throws(E) -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer { lastQueryDuration = clock.now - start }
        return try query()
    }

    /// The catalogue at the path the options and environment name, loaded once and
    /// loaded again when its file changes on disk (another process fetched, or it was
    /// edited), which is said in a note.
    func catalogue(_ options: GlobalOptions) throws(BreweryError) -> LoadedCatalogue {
        let path = CatalogueLocation.resolve(explicit: options.catalogue ?? catalogueOverride, environment: environment)
        let now = FileVersion(path: path)
        if let cache, cache.path == path {
            if now == cache.file { return cache.loaded }
            if now == nil {
                if !saidGone {
                    output.note(
                        "brewery: warning: the catalogue '\(TerminalText.safe(path))' is gone from disk; "
                            + "still using the \(cache.loaded.catalogue.count) beers read before")
                    saidGone = true
                }
                return cache.loaded
            }
            // A file changed into one that cannot be read (cut short, half written) leaves
            // the beers read before in use, said once for that version of the file.
            if now == unreadable { return cache.loaded }
            let loaded: LoadedCatalogue
            do {
                loaded = try load(path, version: now)
            } catch {
                if case .cancelled = error { throw error }
                unreadable = now
                output.note(
                    "brewery: warning: the catalogue '\(TerminalText.safe(path))' changed on disk and cannot be read "
                        + "(\(error.description)); still using the \(cache.loaded.catalogue.count) beers read before")
                return cache.loaded
            }
            output.note(
                "brewery: note: the catalogue '\(TerminalText.safe(path))' changed on disk; "
                    + "reloaded it (\(loaded.catalogue.count) beers)")
            return loaded
        }
        return try load(path, version: now)
    }

    private func load(_ path: String, version: FileVersion?) throws(BreweryError) -> LoadedCatalogue {
        // One snapshot write at a time: a reload of the same file waits for the last.
        snapshots.finish(waiting: true)
        let clock = ContinuousClock()
        let started = clock.now
        defer { lastLoadDuration = clock.now - started }
        // Loading runs on another thread while this one watches for Ctrl-C: a shell whose
        // user gives up on a long load gets its prompt back at once, and the load goes on
        // for the next command (which takes it if the file is still the same).
        if let pending = loading, pending.path != path || pending.version != version { loading = nil }
        let pending =
            loading
            ?? {
                let environment = environment
                let defers = snapshots.timing != .duringLoad
                let started = BackgroundValue { () -> Result<LoadedCatalogue, StoreError> in
                    Result { () throws(StoreError) in
                        try LoadedCatalogue.load(
                            path: path, snapshots: CatalogueSnapshotCache.standard(environment: environment),
                            deferringSnapshot: defers)
                    }
                }
                return (path, version, started)
            }()
        loading = pending
        var result = pending.load.value(waitingAtMost: 0.02)
        while result == nil {
            if cancelled() {
                throw .cancelled("cancelled; the catalogue goes on loading, and the next command uses it")
            }
            result = pending.load.value(waitingAtMost: 0.02)
        }
        loading = nil
        var loaded: LoadedCatalogue
        switch result.unsafelyUnwrapped {
        case .success(let value): loaded = value
        case .failure(let error): throw .store(error)
        }
        if let pending = loaded.pendingSnapshot { snapshots.add(pending) }
        loaded.pendingSnapshot = nil
        for warning in loaded.warnings { output.note("brewery: warning: \(warning)") }
        cache = (path, loaded, version)
        saidGone = false
        onLoad?(loaded)
        return loaded
    }

    /// A load still running after a Ctrl-C, for the next command.
    private var loading: (path: String, version: FileVersion?, load: BackgroundValue<Result<LoadedCatalogue, StoreError>>)?

    /// Forgets the cached catalogue (after a fetch).
    func invalidate() { cache = nil }

    /// Rows per chunk of ``showRows(count:_:_:)``.
    var chunkRows = 1_000
}
