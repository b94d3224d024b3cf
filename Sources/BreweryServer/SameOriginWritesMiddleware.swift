import BreweryAPI
import Foundation
import HTTPTypes
import Hummingbird

/// Refuses a write (PUT, DELETE) that a browser sends from another site's page (403):
/// one whose `Origin` is not this server's own address (its `Host`), or that the browser
/// marks as cross-site (`Sec-Fetch-Site`). The web page's own ratings pass; so does a
/// client that is not a browser (no `Origin`), which the server's write rules already
/// govern. CORS alone would not stop such a request: a page may send it without reading
/// the answer.
package struct SameOriginWritesMiddleware: RouterMiddleware {
    package typealias Context = ConnectionContext

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard request.method == .put || request.method == .delete else { return try await next(request, context) }
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site != "same-origin", site != "none" {
            return Response(Self.refused)
        }
        if let origin = request.headers[HTTPField.Name("Origin")!] {
            let host = request.head.authority ?? ""
            guard Self.isSameOrigin(origin, host: host) else { return Response(Self.refused) }
        }
        return try await next(request, context)
    }

    /// Whether `origin` (`http://127.0.0.1:8080`) names the server at `host` (`127.0.0.1:8080`).
    package static func isSameOrigin(_ origin: String, host: String) -> Bool {
        guard !host.isEmpty, let scheme = origin.range(of: "://") else { return false }
        return origin[scheme.upperBound...].lowercased() == host.lowercased()
    }

    static var refused: APIResponse {
        BreweryAPI.failure(
            .forbidden("Ratings, the wishlist and the cellar change only from this server's own page, not from another site's"))
    }
}
