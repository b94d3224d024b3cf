/// One route of the API: its path pattern, which a router matches (`{id}` is one path
/// segment), how its work grows, and how it answers.
///
/// ``BreweryAPI/endpoints`` lists them all; `brewery serve` registers each on Hummingbird's
/// router, and the API's tests call them directly.
package struct APIEndpoint: Sendable {
    /// How a request's work grows: a server runs queries apart from the cheap requests.
    package enum Cost: Sendable {
        /// Bounded by the answer (a beer, a page by id).
        case cheap
        /// A ranking or a text filter, whose work grows with the catalogue.
        case query
        /// A query when any of these parameters is given, else cheap.
        case queryWhenGiven([String])
    }

    /// The HTTP methods an endpoint answers: a GET also answers HEAD.
    package enum Method: String, Sendable {
        case get = "GET"
        case put = "PUT"
        case delete = "DELETE"
    }

    /// The path pattern, e.g. `/v2/beers/{id}/like`.
    package let path: String
    /// The method it answers.
    package let method: Method
    /// How its work grows.
    package let cost: Cost
    /// The answer, given the `{id}` segment (percent-decoded) if the pattern has one.
    let answer: @Sendable (BreweryAPI, String?, QueryParameters) throws(APIError) -> APIResponse

    init(
        _ path: String, _ cost: Cost = .cheap, method: Method = .get,
        answer: @escaping @Sendable (BreweryAPI, String?, QueryParameters) throws(APIError) -> APIResponse
    ) {
        self.path = path
        self.method = method
        self.cost = cost
        self.answer = answer
    }

    /// Whether a request with `parameters` is a query (see ``Cost``).
    package func isQuery(_ parameters: QueryParameters) -> Bool {
        switch cost {
        case .cheap: false
        case .query: true
        case .queryWhenGiven(let names): names.contains { parameters[$0] != nil }
        }
    }
}
