import ArgumentParser
import BreweryAPI
import BreweryCompletion
import BreweryCore
import BreweryServer
import BreweryStore
import BreweryTaste
import Foundation

/// `serve`: the Punk API v2 and Brewery's recommendations over HTTP.
struct Serve: SessionCommand, DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the catalogue over HTTP: a web page, the Punk API v2, plus recommendations.",
        discussion: """
            The web page is at / (browse, search, a beer's recipe, food, the map, your taste).

            Endpoints: GET /v2/beers (page, per_page and the Punk API's filters), /v2/beers/{id}, \
            /v2/beers/random, /v2/beers/{id}/like, /v2/recommend/like?ids=192|106, \
            /v2/recommend/food?q=tacos, /v2/search?q=punk, your taste at /v2/ratings, /v2/ratings/{id} \
            (GET; PUT ?score=4.5; DELETE), /v2/wishlist, /v2/wishlist/{id}, /v2/cellar, /v2/cellar/{id} \
            and /v2/recommend/me, the map at /v2/map, and /openapi.json, which describes them all.

            Ratings, the wishlist and the cellar are changed only when the server listens on a loopback address (127.0.0.1, ::1, \
            localhost), or with --allow-writes; otherwise a PUT or DELETE is answered 403.

            Listens on 127.0.0.1 (this machine only) unless --host says otherwise, e.g. --host 0.0.0.0 \
            for every network interface. One line per request goes to standard output (--quiet turns \
            it off). Ctrl-C or SIGTERM stops it once the requests in flight are answered.
            """)

    static let options: [CommandGrammar.Option] = [
        .value("--catalogue"), .value("--host"), .value("--port"), .value("--idle-timeout"), .flag("--quiet"),
        .value("--taste"), .flag("--allow-writes"),
    ]

    @Option(
        help: ArgumentHelp(
            "The catalogue JSON file (default: $BREWERY_CATALOGUE, else ~/.local/share/brewery/catalogue.json).",
            valueName: "path"))
    var catalogue: String?

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on (0 picks a free one).", valueName: "port"))
    var port = 8080

    @Option(
        help: ArgumentHelp(
            "Close a connection after this many seconds without traffic (1 to 3600).", valueName: "seconds"))
    var idleTimeout = BreweryServer.defaultIdleTimeout

    @Flag(help: "Do not log requests.")
    var quiet = false

    @OptionGroup var taste: TasteOptions

    @Flag(help: "Allow changing ratings (PUT, DELETE) when listening on an address other machines reach.")
    var allowWrites = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port takes 0 to 65535, not \(port)") }
        guard (1...3600).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout takes 1 to 3600 seconds, not \(idleTimeout)")
        }
        guard !host.isEmpty, host.count <= 255, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw ValidationError("--host takes an address such as 127.0.0.1 or 0.0.0.0")
        }
    }

    func execute(in session: Session) throws(BreweryError) {
        var options = GlobalOptions()
        options.catalogue = catalogue
        let loaded = try session.catalogue(options)
        let loopback = ["127.0.0.1", "localhost", "::1"].contains(host)
        let store = TasteStoreAtPath(path: TasteLocation.resolve(explicit: taste.taste, environment: session.environment))
        let api = BreweryAPI(
            catalogue: loaded.catalogue, dictionary: SystemWordList.shared, taste: store, allowsWrites: loopback || allowWrites,
            origin: CatalogueOrigin(source: loaded.metadata?.source))
        let server = BreweryServer(api: api, host: host, port: port, idleTimeout: idleTimeout, log: quiet ? nil : RequestLog())
        let output = session.output
        let (host, count, path) = (host, loaded.catalogue.count, loaded.path)
        let served = ForegroundServer(server).run { port in
            let shown = host.contains(":") ? "[\(host)]" : host
            output.line(
                "Serving \(count) beers from \(path) at http://\(shown):\(port)/ (the web page; the Punk API at /v2/beers; Ctrl-C stops)"
            )
            if !loopback { output.note("brewery: listening on \(host): other machines can reach this server") }
        } whileServing: {
            // A catalogue first read from its JSON gets its snapshot once the server listens.
            session.snapshots.writePending()
        }
        if case .failure(let error) = served { throw .failure("\(error)") }
    }
}
