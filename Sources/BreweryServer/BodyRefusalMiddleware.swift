import BreweryAPI
import Hummingbird
import NIOCore

/// Refuses a request that sends a body (413) at its head, and ends the connection once
/// the answer is on its way: the API reads no body, and one trickled a byte at a time
/// would otherwise hold the connection open past the idle timeout.
struct BodyRefusalMiddleware: RouterMiddleware {
    typealias Context = ConnectionContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let hasBody =
            request.headers[.transferEncoding] != nil || (request.headers[.contentLength].flatMap { Int($0) } ?? 0) > 0
        guard hasBody else { return try await next(request, context) }
        // The server would read the body to its end before closing: close it soon after.
        let channel = context.channel
        channel.eventLoop.scheduleTask(in: .milliseconds(200)) { channel.close(promise: nil) }
        var response = Response(BreweryAPI.bodyRefused)
        response.headers[.connection] = "close"
        return response
    }
}
