/// Why a request got no answer, with the HTTP status it gets. The body is the Punk API's
/// error object: `{"statusCode": 400, "error": "Bad Request", "message": "…"}`.
package enum APIError: Error, Equatable, Sendable {
    /// A parameter or path segment the API cannot take (400).
    case badRequest(String)
    /// No such beer, or no such route (404).
    case notFound(String)
    /// A write to a server that takes none (403).
    case forbidden(String)
    /// The user's taste store cannot be read or written (503).
    case tasteUnavailable(String)
    /// A method other than GET, HEAD or OPTIONS (405).
    case methodNotAllowed(String)
    /// A query string longer than ``QueryParameters/maximumLength`` (414).
    case uriTooLong(String)
    /// Too many requests waiting for the query threads; try again shortly (503).
    case busy(String)
    /// A beer to show whose bytes in the catalogue file changed since the server loaded it:
    /// its indexes no longer describe it, so it is not served (503) until a restart.
    case catalogueChanged(String)
    /// A request with a body: the API reads none, and a body trickled in would hold the
    /// connection (413).
    case hasBody(String)

    /// The HTTP status code.
    package var status: Int {
        switch self {
        case .badRequest: 400
        case .notFound: 404
        case .forbidden: 403
        case .tasteUnavailable: 503
        case .methodNotAllowed: 405
        case .uriTooLong: 414
        case .busy, .catalogueChanged: 503
        case .hasBody: 413
        }
    }

    /// The status's reason phrase, as the `error` field.
    package var reason: String {
        switch self {
        case .badRequest: "Bad Request"
        case .notFound: "Not Found"
        case .forbidden: "Forbidden"
        case .tasteUnavailable: "Service Unavailable"
        case .methodNotAllowed: "Method Not Allowed"
        case .uriTooLong: "URI Too Long"
        case .busy, .catalogueChanged: "Service Unavailable"
        case .hasBody: "Content Too Large"
        }
    }

    /// What went wrong, for the client's developer.
    package var message: String {
        switch self {
        case .badRequest(let m), .notFound(let m), .forbidden(let m), .tasteUnavailable(let m), .methodNotAllowed(let m),
            .uriTooLong(let m), .busy(let m),
            .catalogueChanged(let m), .hasBody(let m):
            m
        }
    }

    /// The JSON error response.
    package var response: APIResponse {
        var r = APIResponse(status: status, json: ErrorBody(statusCode: status, error: reason, message: message))
        if case .methodNotAllowed = self { r.headers.append(("Allow", "GET, HEAD, OPTIONS")) }
        if case .busy = self { r.headers.append(("Retry-After", "1")) }
        return r
    }

    private struct ErrorBody: Encodable {
        var statusCode: Int
        var error: String
        var message: String
    }
}
