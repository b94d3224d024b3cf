import ArgumentParser
import BreweryCore
import BreweryFetch
import BreweryStore
import BreweryViews
import Foundation

/// `fetch [SOURCE | --from SOURCE]`: fill the local catalogue, atomically.
struct Fetch: SessionCommand, TakesGlobalOptions, DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch or import the catalogue into the local store, replacing it atomically.",
        discussion: """
            SOURCE is a Punk-API-compatible base URL (…/v2 or …/v3), the URL or path of a JSON \
            array of beers, or a folder of one-beer JSON files. Default: $BREWERY_SOURCE, else \
            \(Fetch.defaultSource). A failed or interrupted fetch leaves the previous \
            catalogue exactly as it was.
            """)

    /// The community Punk API v3 server.
    static let defaultSource = "https://punkapi-alxiw.amvera.io/v3"

    static let options = GlobalOptions.described + [.value("--from")]
    static let argument: (valueName: String, values: [String])? = ("source", [])

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Where to fetch from (as --from).", valueName: "source"), completion: .file())
    var source: String?

    @Option(name: .long, help: ArgumentHelp("Where to fetch from.", valueName: "source"))
    var from: String?

    func execute(in session: Session) throws(BreweryError) {
        if let source, let from, source != from {
            throw .usage("fetch takes one source: '\(TerminalText.safe(source))' or --from '\(TerminalText.safe(from))'")
        }
        let source =
            source ?? from ?? session.environment["BREWERY_SOURCE"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultSource
        let path = CatalogueLocation.resolve(
            explicit: global.catalogue ?? session.catalogueOverride, environment: session.environment)
        let store = CatalogueStore(path: path)
        let previous = try? store.readBeers()
        let started = ContinuousClock.now
        let (beers, pages) = try Self.read(source, session: session)
        if session.cancelled() { throw .failure("fetch interrupted; the previous catalogue at '\(path)' is unchanged") }
        try BreweryError.lifting(BreweryError.store) { () throws(StoreError) in _ = try store.save(beers, source: source) }
        session.invalidate()
        let diff = CatalogueDiff(old: previous ?? [], new: beers)
        session.show(
            FetchSummaryView(
                path: path, source: source, beers: beers.count, pages: pages,
                seconds: Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000,
                hadPrevious: previous != nil, added: diff.added, removed: diff.removed, changed: diff.changed),
            global)
    }

    /// The beers at `source` — pages of a server, a JSON file or a folder — and the
    /// number of pages read.
    static func read(_ source: String, session: Session) throws(BreweryError) -> (beers: [Beer], pages: Int) {
        guard source.hasPrefix("http://") || source.hasPrefix("https://") else {
            let beers = try BreweryError.lifting(BreweryError.store) { () throws(StoreError) in
                try CatalogueStore.readImport(from: source)
            }
            return (beers, 0)
        }
        let showProgress = session.output.terminal.stdoutIsTTY || isatty(STDERR_FILENO) == 1
        let progress: @Sendable (Int, Int) -> Void = { p, n in
            if showProgress { _ = FileDescriptorWriter.write("\rfetching: \(p) pages, \(n) beers", to: STDERR_FILENO) }
        }
        let config = try FetchSettings.configuration(environment: session.environment)
        let report = try BreweryError.lifting(BreweryError.fetch) { () throws(FetchError) in
            try PunkAPIFetcher(configuration: config, cancelled: session.cancelled).fetchAll(from: source, progress: progress)
        }
        if isatty(STDERR_FILENO) == 1 { _ = FileDescriptorWriter.write("\r\u{1B}[K", to: STDERR_FILENO) }
        for w in report.warnings { session.output.note("warning: \(w)") }
        return (report.beers, report.pages)
    }
}
