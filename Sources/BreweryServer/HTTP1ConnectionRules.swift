import BreweryAPI
import NIOCore
import NIOHTTP1

/// What HTTP/1 asks of a connection that Hummingbird's pipeline leaves out, at the level
/// where the HTTP version and the parser's errors are still seen (just after the request
/// decoder):
///
/// - An HTTP/1.0 request without `Connection: keep-alive` ends its connection once
///   answered: it is marked `Connection: close`, which Hummingbird honours.
/// - A request the parser refuses gets the API's JSON error, not a bare 400: a request line
///   and headers past the limit (which is where an over-long query string ends up) a 414,
///   anything else a 400, after the answers to any requests before it on the
///   connection, which then closes.
final class HTTP1ConnectionRules: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Requests read whose responses have not ended: an error answer waits for them, so
    /// answers stay in request order.
    private var unanswered = 0
    /// The answer to a refused request, waiting for the requests before it.
    private var refusal: APIResponse?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        unanswered += 1
        guard head.version.major == 1, head.version.minor == 0, !head.isKeepAlive else {
            return context.fireChannelRead(data)
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        // Answered here, and not passed on: Hummingbird would answer a bare 400 after it.
        guard refusal == nil else { return }
        refusal = Self.answer(to: parserError)
        if unanswered == 0 { refuse(context) }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let ends: Bool
        if case .end = unwrapOutboundIn(data) { ends = true } else { ends = false }
        context.write(data, promise: promise)
        guard ends else { return }
        unanswered = max(unanswered - 1, 0)
        if unanswered == 0, refusal != nil { refuse(context) }
    }

    /// Writes the refusal and closes the connection once it is sent.
    private func refuse(_ context: ChannelHandlerContext) {
        guard let answer = refusal else { return }
        var headers = HTTPHeaders(answer.headers)
        headers.replaceOrAdd(name: "access-control-allow-origin", value: "*")
        headers.replaceOrAdd(name: "connection", value: "close")
        headers.replaceOrAdd(name: "content-length", value: String(answer.body.count))
        let head = HTTPResponseHead(version: .http1_1, status: .init(statusCode: answer.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: answer.body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// The API's error answer to a request the parser refused.
    static func answer(to error: HTTPParserError) -> APIResponse {
        switch error {
        case .headerOverflow:
            return APIError.uriTooLong(
                "The request line and headers are longer than \(BreweryServer.maximumHeaderBytes / 1024) KiB; the query string is limited to \(QueryParameters.maximumLength) bytes"
            ).response
        default:
            return APIError.badRequest("The request is not valid HTTP/1.1 (\(error))").response
        }
    }
}
