/// The endpoints, read from a request path (without its query string).
package enum APIRoute: Equatable, Sendable {
    /// `/v2/beers`: a page of beers, filtered.
    case beers
    /// `/v2/beers/random`: one beer at random.
    case random
    /// `/v2/beers/{id}`: one beer, as a one-element array. The segment is checked later.
    case beer(String)
    /// `/v2/beers/{id}/like`: beers like one beer.
    case beerLike(String)
    /// `/v2/recommend/like?ids=…`: beers like several beers.
    case recommendLike
    /// `/v2/recommend/food?q=…`: beers for a food.
    case recommendFood
    /// `/v2/search?q=…`: beers by name.
    case search
    /// `/openapi.json`: the API's description.
    case openAPI

    /// The route of `path`, or nil when there is none. A trailing slash is ignored, as
    /// the original server did.
    package init?(path: String) {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if segments.last == "" { segments = segments.dropLast() }
        let s = segments.map(String.init)
        switch s.count {
        case 1 where s[0] == "openapi.json": self = .openAPI
        case 2 where s == ["v2", "beers"]: self = .beers
        case 2 where s == ["v2", "search"]: self = .search
        case 3 where s[0] == "v2" && s[1] == "beers": self = s[2] == "random" ? .random : .beer(s[2])
        case 3 where s == ["v2", "recommend", "like"]: self = .recommendLike
        case 3 where s == ["v2", "recommend", "food"]: self = .recommendFood
        case 4 where s[0] == "v2" && s[1] == "beers" && s[3] == "like": self = .beerLike(s[2])
        default: return nil
        }
    }
}
