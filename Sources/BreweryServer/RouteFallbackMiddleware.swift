import BreweryAPI
import Hummingbird

/// The API's answers where the router has none, as JSON: 405 for a method no route
/// takes (only GET, HEAD and OPTIONS are), else 404 for a path with no route.
struct RouteFallbackMiddleware: RouterMiddleware {
    typealias Context = ConnectionContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard [.get, .head, .options].contains(request.method) else {
                return Response(BreweryAPI.methodNotAllowed(request.method.rawValue))
            }
            return Response(BreweryAPI.notFound(path: request.uri.path))
        }
    }
}
