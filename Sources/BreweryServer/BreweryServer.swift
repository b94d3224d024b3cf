import BreweryAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// `brewery serve`: ``BreweryAPI`` on Hummingbird 2 over HTTP/1.1.
///
/// Requests run concurrently on SwiftNIO's event loops against the one read-only
/// catalogue; a slow client holds only its own connection, which closes after
/// ``idleTimeout`` seconds without traffic. Headers are capped (``maximumHeaderBytes``) and so is
/// the query string (``QueryParameters/maximumLength``), and so are open connections
/// (``connectionLimit``), below the file descriptors the process may open: past it, new
/// connections wait in the kernel's queue until one closes, instead of `accept` failing
/// over and over. SIGINT and SIGTERM stop it gracefully: it stops accepting, lets requests
/// in flight finish, then returns.
package struct BreweryServer: Sendable {
    /// The API served.
    package let api: BreweryAPI
    /// The address to bind (127.0.0.1 unless told otherwise).
    package let host: String
    /// The port; 0 picks a free one (see `onReady`).
    package let port: Int
    /// Where each request's log line goes; nil for none (`--quiet`).
    package let log: RequestLog?

    /// A connection without traffic for this many seconds is closed.
    package let idleTimeout: Int
    /// The idle timeout unless told otherwise.
    package static let defaultIdleTimeout = 30
    /// The most header bytes a request may send.
    package static let maximumHeaderBytes = 16 * 1024

    package init(
        api: BreweryAPI, host: String = "127.0.0.1", port: Int = 8080, idleTimeout: Int = Self.defaultIdleTimeout,
        log: RequestLog? = nil
    ) {
        self.api = api
        self.idleTimeout = idleTimeout
        self.host = host
        self.port = port
        self.log = log
    }

    /// Serves until SIGINT or SIGTERM. `onReady` gets the port bound, once listening.
    /// - Throws: ``ServerError`` when the address cannot be bound.
    package func run(onReady: @escaping @Sendable (Int) -> Void) async throws(ServerError) {
        do {
            try await application(onReady: onReady).runService()
        } catch {
            throw ServerError(host: host, port: port, underlying: error)
        }
    }

    /// The Hummingbird application that serves: ``APIRouter``'s router over HTTP/1.1 with
    /// the idle timeout and header limits. Tests run it with HummingbirdTesting.
    package func application(onReady: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        var logger = Logger(label: "brewery.serve")
        logger.logLevel = .critical
        let http = HTTP1Channel.Configuration(
            idleTimeout: .seconds(Int64(idleTimeout)),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: Self.maximumHeaderBytes, maxHeaderListSize: Self.maximumHeaderBytes, maxHeaderFieldCount: 100)
        )
        let port = port
        return Application(
            router: APIRouter.make(api: api, pool: QueryPool(), log: log),
            server: HTTPServerBuilder { responder in
                HTTP1RulesChannel(http1: HTTP1Channel(responder: responder, configuration: http))
            },
            configuration: .init(
                address: .hostname(host, port: port),
                availableConnectionsDelegate: MaximumAvailableConnections(Self.connectionLimit(), logger: logger)),
            onServerRunning: { channel in onReady(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// The most connections open at once: the file descriptors this process may open,
    /// less those open now and ``reservedDescriptors``. At least 1.
    package static func connectionLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 65_536 }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 64
        return max(Int(clamping: min(limit.rlim_cur, 1 << 20)) - open - reservedDescriptors, 1)
    }

    /// Descriptors kept for what is not a connection: the snapshot written while serving,
    /// a temporary file, and the few connections one round of accepting may take past the
    /// limit before it is seen.
    package static let reservedDescriptors = 16
}
