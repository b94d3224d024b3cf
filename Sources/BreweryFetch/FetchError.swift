import BreweryCore

/// Why a fetch failed. Every case names the URL; the previous catalogue is never touched.
package enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not an http(s) URL.
    case badURL(String)
    /// A 4xx answer (other than 429): the request is wrong; not retried.
    case client(url: String, status: Int, message: String)
    /// 5xx answers until the retries ran out.
    case server(url: String, status: Int, attempts: Int)
    /// 429 until the retries ran out.
    case rateLimited(url: String, attempts: Int)
    /// No connection, refused, or timed out, until the retries ran out.
    case connection(url: String, reason: String, attempts: Int)
    /// The body is not JSON, is cut short, or is not beers.
    case badBody(url: String, detail: String)
    /// The body is larger than the cap.
    case tooLarge(url: String, limit: Int)
    /// More pages than the bound: the server never says it is done.
    case tooManyPages(url: String, limit: Int)
    /// A full page held only beers already seen: the server ignores `page`.
    case repeatingPages(url: String)
    /// Interrupted (Ctrl-C).
    case cancelled
    /// The pages together are not a valid catalogue (e.g. two beers with one id).
    case invalidCatalogue(CatalogueError)

    package var description: String {
        switch self {
        case let .badURL(u): return "'\(u)' is not an http(s) URL"
        case let .client(url, status, message):
            return "\(url) answered \(status)\(message.isEmpty ? "" : ": \(message)") (a client error; check the URL)"
        case let .server(url, status, attempts): return "\(url) answered \(status) (server error) \(attempts) times; try again later"
        case let .rateLimited(url, attempts): return "\(url) kept answering 429 (rate limited) after \(attempts) attempts; try again later"
        case let .connection(url, reason, attempts): return "cannot fetch \(url): \(reason) (after \(attempts) attempts)"
        case let .badBody(url, detail): return "\(url) sent a bad page: \(detail)"
        case let .tooLarge(url, limit): return "\(url) sent more than \(limit / 1_048_576) MiB; refusing it"
        case let .tooManyPages(url, limit): return "\(url) still sends full pages after \(limit) pages; stopping (is it a Punk API server?)"
        case let .repeatingPages(url): return "\(url) repeats beers of earlier pages; the server seems to ignore 'page'"
        case .cancelled: return "fetch interrupted"
        case let .invalidCatalogue(e): return e.description
        }
    }
}
