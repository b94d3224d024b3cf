import BreweryAPI
import BreweryWeb
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// ``BreweryAPI``'s endpoints on Hummingbird's router. Each endpoint answers GET, HEAD
/// (its GET without the body) and OPTIONS; queries (rankings, text filters) run on the
/// ``QueryPool``, cancelled if their client goes away before they start and answered 503
/// when too many wait; the rest are answered at once.
///
/// Middleware, outermost first: the request log, the refusal of bodies, CORS for
/// requests from a browser page (an `Origin` header; preflights answered there), and the
/// API's JSON 404 and 405 where the router has no route.
enum APIRouter {
    static func make(api: BreweryAPI, pool: QueryPool, log: RequestLog?) -> Router<ConnectionContext> {
        let router = Router(context: ConnectionContext.self, options: .autoGenerateHeadEndpoints)
        if let log { router.add(middleware: RequestLogMiddleware(log: log)) }
        router.add(middleware: BodyRefusalMiddleware())
        router.add(middleware: SameOriginWritesMiddleware())
        router.add(
            middleware: CORSMiddleware(
                allowOrigin: .all, allowHeaders: [HTTPField.Name("*")!], allowMethods: [.get, .head, .options],
                maxAge: .seconds(86_400)))
        router.add(middleware: RouteFallbackMiddleware())
        var optioned: Set<String> = []
        for endpoint in BreweryAPI.endpoints {
            let path = RouterPath(endpoint.path)
            let method: HTTPRequest.Method =
                switch endpoint.method {
                case .get: .get
                case .put: .put
                case .delete: .delete
                }
            router.on(path, method: method) { request, context in
                try await answer(request, context, isQuery: { endpoint.isQuery($0) }, pool: pool) { id, query in
                    api.answer(endpoint, id: id, query: query)
                } refused: {
                    BreweryAPI.failure($0)
                }
            }
            if optioned.insert(endpoint.path).inserted {
                let allowed = BreweryAPI.options(path: endpoint.path)
                router.on(path, method: .options) { _, _ in Response(allowed) }
            }
        }
        let site = WebSite(api: api)
        for route in WebSite.routes {
            router.get(RouterPath(route.path)) { request, context in
                try await answer(request, context, isQuery: { _ in route.isQuery }, pool: pool) { id, query in
                    site.answer(route, id: id, query: query)
                } refused: {
                    site.problem($0)
                }
            }
        }
        return router
    }

    /// The answer `respond` gives to the request's `{id}` and query; run on the query pool
    /// when `isQuery` says so. A query string that cannot be read is answered by `refused`.
    private static func answer(
        _ request: Request, _ context: ConnectionContext, isQuery: (QueryParameters) -> Bool, pool: QueryPool,
        _ respond: @escaping @Sendable (String?, QueryParameters) -> APIResponse,
        refused: (APIError) -> APIResponse
    ) async throws -> Response {
        let query: QueryParameters
        do { query = try QueryParameters(request.uri.query) } catch { return Response(refused(error)) }
        // `/v2/beers/%31%39%32` is `/v2/beers/192`, as any server reads a path.
        let id = context.parameters.get("id").map { $0.removingPercentEncoding ?? $0 }
        guard isQuery(query) else { return Response(respond(id, query)) }
        let ran = try? await request.body.consumeWithCancellationOnInboundClose { _ in
            await pool.run { respond(id, query) }
        }
        var response = Response(ran.flatMap { $0 } ?? BreweryAPI.busy)
        // Watching for the client to leave consumes the request's inbound side: the
        // connection ends with the answer, and the client is told so.
        response.headers[.connection] = "close"
        return response
    }
}
