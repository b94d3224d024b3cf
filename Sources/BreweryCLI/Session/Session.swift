import BreweryCore
import BreweryStore
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
    /// How a listing says where the rest is: the shell has `more`, a one-shot run has not.
    var moreHint = MoreHint.oneShot
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
    /// When the snapshot of a catalogue read from its JSON is written.
    enum SnapshotTiming {
        /// As part of the load.
        case duringLoad
        /// By ``writePendingSnapshots()``: a one-shot command answers first.
        case whenAsked
        /// On another thread as soon as the load ends: the shell answers its first
        /// command, or shows its prompt, while it is written (``finishSnapshotWrites(waiting:)``).
        case beside
    }
    var snapshotTiming = SnapshotTiming.duringLoad
    /// The snapshots left to write (``SnapshotTiming/whenAsked``).
    private var pendingSnapshots: [CatalogueStore.PendingSnapshot] = []
    /// Snapshots being written on another thread, each giving what went wrong.
    private var snapshotWrites: [BackgroundValue<String?>] = []

    init(environment: [String: String], output: Output) {
        self.environment = environment
        self.output = output
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
        finishSnapshotWrites(waiting: true)
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
                let defers = snapshotTiming != .duringLoad
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
        if let pending = loaded.pendingSnapshot {
            if snapshotTiming == .beside {
                snapshotWrites.append(BackgroundValue { pending.write() })
            } else {
                pendingSnapshots.append(pending)
            }
        }
        loaded.pendingSnapshot = nil
        for warning in loaded.warnings { output.note("brewery: warning: \(warning)") }
        cache = (path, loaded, version)
        saidGone = false
        onLoad?(loaded)
        return loaded
    }

    /// Writes the snapshots left for after the command (``SnapshotTiming/whenAsked``), saying what
    /// went wrong as a warning.
    func writePendingSnapshots() {
        let pending = pendingSnapshots
        pendingSnapshots = []
        for snapshot in pending {
            if let warning = snapshot.write() { output.note("brewery: warning: \(warning)") }
        }
    }

    /// Says what went wrong with the snapshots written on another thread
    /// (``SnapshotTiming/beside``) that are done, or, `waiting`, with all of them
    /// once they are.
    func finishSnapshotWrites(waiting: Bool) {
        guard !snapshotWrites.isEmpty else { return }
        var left: [BackgroundValue<String?>] = []
        for write in snapshotWrites {
            guard let outcome = waiting ? write.value : write.value(waitingAtMost: 0) else {
                left.append(write)
                continue
            }
            if let warning = outcome { output.note("brewery: warning: \(warning)") }
        }
        snapshotWrites = left
    }

    /// A load still running after a Ctrl-C, for the next command.
    private var loading: (path: String, version: FileVersion?, load: BackgroundValue<Result<LoadedCatalogue, StoreError>>)?

    /// The beer the words of a command name, by id or name.
    func lookup(_ words: [String], in catalogue: Catalogue) throws(BreweryError) -> Int {
        try BreweryError.lifting(BreweryError.catalogue) { () throws(CatalogueError) in
            try catalogue.lookup(words.joined(separator: " "))
        }
    }

    /// The beers the arguments of a command name (``Catalogue/lookup(arguments:)``).
    func lookupEach(_ words: [String], in catalogue: Catalogue) throws(BreweryError) -> [Int] {
        do {
            return try catalogue.lookup(arguments: words)
        } catch {
            switch error {
            case .catalogue(let error): throw .catalogue(error)
            case .notOneBeer(let words, let word):
                throw .usage(
                    "'\(TerminalText.safe(words))' is not one beer, and '\(TerminalText.safe(word))' "
                        + "is no beer on its own; name several beers by id or in quotes, e.g. 192 \"Dead Pony Club\"")
            }
        }
    }

    /// Forgets the cached catalogue (after a fetch).
    func invalidate() { cache = nil }

    /// Shows `count` rows of a ranked result: as one view when they are at most
    /// ``chunkRows`` (or asked expanded), else chunk by chunk, each `view(range)` built
    /// only when it is written (a million rows as JSON stream out in constant memory),
    /// stopping at a Ctrl-C between chunks. Long streamed output is not paged.
    func showRows<V: CommandView>(count: Int, _ options: GlobalOptions, _ view: (Range<Int>) -> V) {
        let format = options.requestedFormat ?? defaultFormat
        let mode = options.expanded ? .on : expanded
        guard count > chunkRows, ChunkedRendering.supports(format, expanded: mode) else {
            show(view(0..<count), options)
            return
        }
        // The window covers the chunks written whole: after a Ctrl-C, `more` goes on from
        // the first row not surely shown (a chunk cut short is shown again, the first one
        // too: its window then shows no row and has more).
        var window: ResultWindow?
        for start in stride(from: 0, to: count, by: chunkRows) {
            if cancelled() { break }
            let end = min(start + chunkRows, count)
            let part: ChunkedRendering.Part = start == 0 ? .first : (end == count ? .last : .middle)
            let chunk = view(start..<end)
            output.write(
                ChunkedRendering.text(of: chunk, part, format: format, width: output.terminal.width, style: output.style))
            if cancelled() {
                if start == 0, let w = chunk.window { window = ResultWindow(offset: w.offset, shown: 0, more: true) }
                break
            }
            if start == 0 { window = chunk.window }
            if let w = chunk.window, let first = window { window = ResultWindow(offset: first.offset, shown: end, more: w.more) }
        }
        lastWindow = window
    }

    /// Rows per chunk of ``showRows(count:_:_:)``.
    var chunkRows = 1_000

    /// Writes what a command shows, in the format its options or the session ask for, and
    /// notes the part of a ranking it showed for `more`.
    func show(_ view: some CommandView, _ options: GlobalOptions) {
        let format = options.requestedFormat ?? defaultFormat
        let mode = options.expanded ? .on : expanded
        let text = view.rendered(format, width: output.terminal.width, style: output.style, expanded: mode)
        output.show(text, paging: !options.noPager)
        lastWindow = view.window
    }
}
