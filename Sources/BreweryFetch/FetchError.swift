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
    /// 429 asking for a wait longer than is honoured (`Retry-After`).
    case rateLimitedFor(url: String, seconds: Double)
    /// No connection, refused, or timed out, until the retries ran out.
    case connection(url: String, reason: String, attempts: Int)
    /// The body is not JSON, is cut short, or is not beers.
    case badBody(url: String, detail: String)
    /// A body, or all pages together, larger than the cap.
    case tooLarge(url: String, limit: Int)
    /// More pages than the bound: the server never says it is done.
    case tooManyPages(url: String, limit: Int)
    /// A full page held only beers already seen: the server ignores `page`.
    case repeatingPages(url: String)
    /// The server redirected to another scheme, host or port (or a non-HTTP URL).
    case redirected(url: String, to: String)
    /// The whole fetch took longer than its deadline.
    case deadline(url: String, seconds: Double)
    /// Interrupted (Ctrl-C).
    case cancelled
    /// The pages together are not a valid catalogue (e.g. two beers with one id).
    case invalidCatalogue(CatalogueError)

    package var description: String {
        switch self {
        case .badURL(let u): return "'\(u)' is not an http(s) URL"
        case .client(let url, let status, let message):
            return "\(url) answered \(status)\(message.isEmpty ? "" : ": \(message)") (a client error; check the URL)"
        case .server(let url, let status, let attempts):
            return "\(url) answered \(status) (server error) \(attempts) times; try again later"
        case .rateLimited(let url, let attempts):
            return "\(url) kept answering 429 (rate limited) after \(attempts) attempts; try again later"
        case .rateLimitedFor(let url, let seconds):
            return "\(url) answered 429 (rate limited) and asks to wait \(Int(min(seconds, 1e9).rounded())) s; try again later"
        case .connection(let url, let reason, let attempts): return "cannot fetch \(url): \(reason) (after \(attempts) attempts)"
        case .badBody(let url, let detail): return "\(url) sent a bad page: \(detail)"
        case .tooLarge(let url, let limit): return "\(url) sent more than \(limit / 1_048_576) MiB; refusing it"
        case .tooManyPages(let url, let limit):
            return "\(url) still sends full pages after \(limit) pages; stopping (is it a Punk API server?)"
        case .repeatingPages(let url): return "\(url) repeats beers of earlier pages; the server seems to ignore 'page'"
        case .redirected(let url, let to):
            return "\(url) redirects to \(to), another place; not followed (fetch from that URL if you trust it)"
        case .deadline(let url, let seconds):
            return "fetching \(url) took over \(Int(seconds.rounded())) s; stopped (BREWERY_FETCH_DEADLINE to allow more)"
        case .cancelled: return "fetch interrupted"
        case .invalidCatalogue(let e): return e.description
        }
    }
}
