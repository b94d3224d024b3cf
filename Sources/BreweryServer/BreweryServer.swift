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
/// the query string (``QueryParameters/maximumLength``). SIGINT and SIGTERM stop it
/// gracefully: it stops accepting, lets requests in flight finish, then returns.
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
        var logger = Logger(label: "brewery.serve")
        logger.logLevel = .critical
        let http = HTTP1Channel.Configuration(
            idleTimeout: .seconds(Int64(idleTimeout)),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: Self.maximumHeaderBytes, maxHeaderListSize: Self.maximumHeaderBytes, maxHeaderFieldCount: 100)
        )
        let app = Application(
            responder: APIResponder(api: api, log: log, pool: QueryPool()),
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(host, port: port)),
            onServerRunning: { channel in onReady(channel.localAddress?.port ?? port) },
            logger: logger)
        do {
            try await app.runService()
        } catch {
            throw ServerError(host: host, port: port, underlying: error)
        }
    }
}

/// Adapts Hummingbird's requests to ``BreweryAPI`` and back. Queries (rankings, text
/// filters) run on the ``QueryPool``, cancelled if their client goes away before they
/// start and answered 503 when too many wait; the rest are answered at once.
struct APIResponder: HTTPResponder {
    typealias Context = ConnectionContext
    let api: BreweryAPI
    let log: RequestLog?
    let pool: QueryPool

    func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        let method = request.method.rawValue
        // `/v2/beers/%31%39%32` is `/v2/beers/192`, as any server reads a path.
        let path = request.uri.path.removingPercentEncoding ?? request.uri.path
        let query = request.uri.query
        let answer: APIResponse
        let isQuery = BreweryAPI.isQuery(path: path, query: query)
        // A body is refused at its head, and the connection ends with the answer: a body
        // trickled a byte at a time would otherwise hold it open past the idle timeout.
        let hasBody =
            request.headers[.transferEncoding] != nil || (request.headers[.contentLength].flatMap { Int($0) } ?? 0) > 0
        if hasBody {
            answer = BreweryAPI.bodyRefused
            // The server would read the body to its end before closing: close it once the
            // answer is on its way.
            let channel = context.channel
            channel.eventLoop.scheduleTask(in: .milliseconds(200)) { channel.close(promise: nil) }
        } else if isQuery {
            let api = api
            let pool = pool
            let ran = try? await request.body.consumeWithCancellationOnInboundClose { _ in
                await pool.run { api.respond(method: method, path: path, query: query) }
            }
            answer = ran.flatMap { $0 } ?? BreweryAPI.busy
        } else {
            answer = api.respond(method: method, path: path, query: query)
        }
        var headers = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { headers.append(HTTPField(name: name, value: value)) }
        }
        headers[.contentLength] = String(answer.body.count)
        // Watching for the client to leave consumes the request's inbound side: the
        // connection ends with the answer, and the client is told so.
        if isQuery || hasBody { headers[.connection] = "close" }
        let body: ResponseBody =
            method == "HEAD" || answer.body.isEmpty ? .init() : .init(byteBuffer: ByteBuffer(bytes: answer.body))
        if let log {
            let elapsed = ContinuousClock.now - started
            log.write(method: method, target: request.uri.string, status: answer.status, elapsed: elapsed)
        }
        return Response(status: .init(code: answer.status), headers: headers, body: body)
    }
}

/// A request's context that knows its connection, so an answer can end it.
struct ConnectionContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The request's connection.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
