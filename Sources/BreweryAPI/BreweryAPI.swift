import BreweryCore
import BreweryViews
import Dispatch
import Foundation

/// The HTTP API, without HTTP: its ``endpoints``, each a path pattern and an answer
/// from a request's parameters to an ``APIResponse``. It only reads the catalogue, so any
/// number of requests can run at once; `brewery serve` registers the endpoints on a router.
///
/// - Punk API v2: `/v2/beers` (paged, filtered by ``PunkAPIFilter``), `/v2/beers/{id}`,
///   `/v2/beers/random` — beers as the original served them.
/// - Brewery's own: `/v2/beers/{id}/like`, `/v2/recommend/like`, `/v2/recommend/food`,
///   `/v2/search`, answering with the documents of the CLI's `--json`; a beer's recipe
///   for brewing apps at `/v2/beers/{id}/recipe.xml` (BeerXML) and `.beerjson`.
/// - `/openapi.json`: the API's OpenAPI 3.1 description.
package struct BreweryAPI: Sendable {
    /// The catalogue served.
    package let catalogue: Catalogue
    /// Where its beers come from.
    package let origin: CatalogueOrigin
    /// Beer indexes by ascending id: the order of `/v2/beers`.
    let byID: [Int32]
    /// Each beer's JSON, encoded once at start for catalogues up to ``encodedAtStart`` beers.
    private let encoded: [[UInt8]]?
    /// The JSON of beers answered lately, when they are not ``encoded``.
    private let recent = RecentBeerJSON()
    /// What the text filters read, built once.
    let texts: FilterTexts
    /// The map with no filter, the same for every request: made once, on first asking.
    let wholeMap: BuiltOnce<BeerMap>
    /// Real words, never corrected into others in a food query.
    private let dictionary: WordList?
    /// The user's taste (`/v2/ratings`, `/v2/recommend/me`); nil serves none.
    let taste: (any TasteRecords)?
    /// Whether ratings may be changed (PUT, DELETE): `serve` on a loopback address, or
    /// told so.
    let allowsWrites: Bool

    /// Catalogues up to this size keep every beer's JSON ready.
    package static let encodedAtStart = 100_000
    /// Most results a page has (`per_page`, `limit`).
    package static let maximumPerPage = 80

    /// An API over `catalogue`; a food query's word of `dictionary` is never corrected.
    /// Beers are encoded at start when the catalogue has at most `encodingUpTo` of them.
    /// `taste` answers the ratings routes, which change it only when `allowsWrites`.
    /// `origin` says where the beers come from.
    package init(
        catalogue: Catalogue, dictionary: WordList? = nil, encodingUpTo limit: Int = encodedAtStart,
        taste: (any TasteRecords)? = nil, allowsWrites: Bool = false, origin: CatalogueOrigin = .diyDog
    ) {
        self.catalogue = catalogue
        self.origin = origin
        self.dictionary = dictionary
        self.taste = taste
        self.allowsWrites = allowsWrites
        let ids = catalogue.ids
        var order = (0..<Int32(catalogue.count)).map { $0 }
        if !(1..<max(catalogue.count, 1)).allSatisfy({ ids[$0 - 1] < ids[$0] }) { order.sort { ids[Int($0)] < ids[Int($1)] } }
        byID = order
        if catalogue.count <= limit {
            let out = UnsafeMutableBufferPointer<[UInt8]>.allocate(capacity: catalogue.count)
            out.initialize(repeating: [])
            nonisolated(unsafe) let slots = out
            let chunks = max(1, min(catalogue.count / 256, 64))
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                for i in stride(from: c, to: catalogue.count, by: chunks) { slots[i] = APIResponse.encode(catalogue.beers[i]) }
            }
            encoded = Array(out)
            out.deinitialize()
            out.deallocate()
        } else {
            encoded = nil
        }
        texts = FilterTexts(catalogue: catalogue)
        let idOrder = byID
        wholeMap = BuiltOnce { BeerMap(catalogue: catalogue, order: idOrder) }
        if catalogue.count <= Self.encodedAtStart {
            _ = texts.pairings.value
            _ = texts.names.value
        } else {
            // Built beside the first requests, so the first text filter need not wait for them.
            let texts = texts
            DispatchQueue.global(qos: .utility).async {
                _ = texts.names.value
                _ = texts.pairings.value
            }
        }
        // Each beer's style and recipe checks (seconds at 1M to build, unless kept from an
        // earlier run) are made ready beside the first requests, never before the server
        // listens.
        DispatchQueue.global(qos: .utility).async { _ = catalogue.brewing }
    }

    /// The routes, in the order a router should prefer them (`random` before `{id}`).
    package static let endpoints: [APIEndpoint] = [
        APIEndpoint("/v2/beers", .queryWhenGiven(PunkAPIFilter.textParameters + ["sort"])) { api, _, q throws(APIError) in
            try api.beerArray(try api.pageOfBeers(q))
        },
        APIEndpoint("/v2/beers/random") { api, _, _ throws(APIError) in
            guard let i = api.byID.randomElement() else { throw .notFound("The catalogue has no beers") }
            return try api.beerArray([Int(i)])
        },
        APIEndpoint("/v2/beers/{id}") { api, id, _ throws(APIError) in try api.beerArray([try api.index(ofID: id)]) },
        APIEndpoint("/v2/beers/{id}/like", .query) { api, id, q throws(APIError) in
            APIResponse(json: try api.likeView(liked: [try api.index(ofID: id)], q, filterIDs: true).document)
        },
        APIEndpoint("/v2/beers/{id}/recipe") { api, id, q throws(APIError) in
            APIResponse(json: try api.recipeView(try api.index(ofID: id), q).document)
        },
        APIEndpoint("/v2/beers/{id}/recipe.xml") { api, id, q throws(APIError) in
            try api.recipe(try api.index(ofID: id), q, as: .beerxml)
        },
        APIEndpoint("/v2/beers/{id}/recipe.beerjson") { api, id, q throws(APIError) in
            try api.recipe(try api.index(ofID: id), q, as: .beerjson)
        },
        APIEndpoint("/v2/recommend/like", .query) { api, _, q throws(APIError) in
            guard let text = q["ids"] else { throw .badRequest("ids is required: the beers you like, e.g. ids=192|106") }
            return APIResponse(
                json: try api.likeView(liked: try api.beers(named: text, parameter: "ids"), q, filterIDs: false).document)
        },
        APIEndpoint("/v2/recommend/food", .query) { api, _, q throws(APIError) in
            APIResponse(json: try api.foodView(q).document)
        },
        APIEndpoint("/v2/search", .query) { api, _, q throws(APIError) in
            APIResponse(json: try api.searchView(q).document)
        },
        APIEndpoint("/v2/recommend/me", .query) { api, _, q throws(APIError) in
            APIResponse(json: try api.forMeView(q).document)
        },
        APIEndpoint("/v2/ratings") { api, _, q throws(APIError) in
            APIResponse(json: try api.ratingsView(q).document)
        },
        APIEndpoint("/v2/ratings/{id}") { api, id, _ throws(APIError) in try api.rating(try api.index(ofID: id)) },
        APIEndpoint("/v2/ratings/{id}", method: .put) { api, id, q throws(APIError) in
            try api.rate(try api.index(ofID: id), q)
        },
        APIEndpoint("/v2/ratings/{id}", method: .delete) { api, id, _ throws(APIError) in
            try api.unrate(try api.index(ofID: id))
        },
        APIEndpoint("/v2/wishlist") { api, _, _ throws(APIError) in APIResponse(json: try api.wishlistView().document) },
        APIEndpoint("/v2/wishlist/{id}") { api, id, _ throws(APIError) in try api.wished(try api.index(ofID: id)) },
        APIEndpoint("/v2/wishlist/{id}", method: .put) { api, id, _ throws(APIError) in
            try api.wish(try api.index(ofID: id))
        },
        APIEndpoint("/v2/wishlist/{id}", method: .delete) { api, id, _ throws(APIError) in
            try api.unwish(try api.index(ofID: id))
        },
        APIEndpoint("/v2/cellar") { api, _, _ throws(APIError) in APIResponse(json: try api.cellarView().document) },
        APIEndpoint("/v2/cellar/{id}") { api, id, _ throws(APIError) in try api.cellared(try api.index(ofID: id)) },
        APIEndpoint("/v2/cellar/{id}", method: .put) { api, id, q throws(APIError) in
            try api.cellar(try api.index(ofID: id), q)
        },
        APIEndpoint("/v2/cellar/{id}", method: .delete) { api, id, _ throws(APIError) in
            try api.drink(try api.index(ofID: id))
        },
        APIEndpoint("/v2/map", .query) { api, _, q throws(APIError) in
            APIResponse(json: BeerMapView(map: try api.map(q), catalogue: api.catalogue).document)
        },
        APIEndpoint("/openapi.json") { _, _, _ in APIResponse(jsonBytes: OpenAPIDocument.bytes) },
    ]

    /// The answer of `endpoint` to a GET or HEAD request, errors included; `id` is the
    /// path's `{id}` segment, percent-decoded.
    package func answer(_ endpoint: APIEndpoint, id: String?, query: QueryParameters) -> APIResponse {
        do {
            return Self.withCORS(try endpoint.answer(self, id, query))
        } catch {
            return Self.failure(error)
        }
    }

    /// The answer to a request the API cannot take, as JSON with its status.
    package static func failure(_ error: APIError) -> APIResponse { withCORS(error.response) }

    /// The answer to a path with no route.
    package static func notFound(path: String) -> APIResponse {
        failure(.notFound("No route for \(PunkAPIFilter.printable(path.removingPercentEncoding ?? path)); see /openapi.json"))
    }

    /// The answer to a method no route takes.
    package static func methodNotAllowed(_ method: String) -> APIResponse {
        failure(
            .methodNotAllowed(
                "\(PunkAPIFilter.printable(method)) is not allowed; the API takes GET, HEAD and OPTIONS, and PUT and DELETE on /v2/ratings/{id}, /v2/wishlist/{id} and /v2/cellar/{id}"
            ))
    }

    /// The answer to OPTIONS on a route (a browser's CORS preflight carries an `Origin`
    /// header and is answered by the server's CORS middleware instead). Pages of other
    /// origins may read, never write: PUT and DELETE are allowed, not offered to them.
    package static var options: APIResponse { options(path: "") }

    /// The answer to OPTIONS on the route `path`.
    package static func options(path: String) -> APIResponse {
        let methods = endpoints.filter { $0.path == path }.map(\.method)
        let reads = methods.contains(.get) || methods.isEmpty ? ["GET", "HEAD"] : []
        let writes = methods.filter { $0 != .get }.map(\.rawValue)
        return withCORS(
            APIResponse(
                status: 204,
                headers: [
                    ("Allow", (reads + ["OPTIONS"] + writes).joined(separator: ", ")),
                    ("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS"),
                    ("Access-Control-Allow-Headers", "*"), ("Access-Control-Max-Age", "86400"),
                ], body: []))
    }

    /// The answer to a request that sends a body: the API takes none.
    package static var bodyRefused: APIResponse {
        failure(.hasBody("Requests to this API take no body; send the parameters in the query string"))
    }

    /// The answer when the query threads are all taken and too many requests wait.
    package static var busy: APIResponse {
        failure(.busy("The server is busy with other queries; try again in a second"))
    }

    /// Every answer may be read by a page of any origin, as the Punk API's were.
    private static func withCORS(_ response: APIResponse) -> APIResponse {
        var r = response
        r.headers.append(("Access-Control-Allow-Origin", "*"))
        return r
    }

    // MARK: Punk API

    /// The beers of a `/v2/beers` page: `page` of `per_page` (default 25) of the beers
    /// the filter parameters pass, in id order, or in `sort` order (Brewery's: `name`,
    /// `abv`, `ibu`, `ebc` or `id`, highest first with a leading `-`; beers missing the
    /// value last). The web page's grid shows the same pages.
    package func pageOfBeers(_ q: QueryParameters) throws(APIError) -> [Int] {
        let page = try Self.positive("page", q, default: 1, maximum: Int(Int32.max))
        let perPage = try Self.positive("per_page", q, default: 25, maximum: Self.maximumPerPage)
        let filter = try PunkAPIFilter.pagingFilter(q, catalogue: catalogue, texts: texts)
        let skip = (page - 1).multipliedReportingOverflow(by: perPage)
        let skipped = skip.overflow ? Int.max : skip.partialValue
        guard let (order, descending) = try Self.sort(q), order != .id || descending else {
            return filter.page(of: byID, skipping: skipped, limit: perPage, catalogue.features)
        }
        guard skipped < Self.deepestResult else {
            throw .badRequest(
                "page \(page) of \(perPage) goes past result \(Self.deepestResult), the deepest sorted; narrow the query with filters instead"
            )
        }
        let features = catalogue.features
        var passing: [Int] = []
        passing.reserveCapacity(catalogue.count)
        for i in byID where filter.passes(Int(i), features) { passing.append(Int(i)) }
        let sorted = order.sorted(passing, in: catalogue, descending: descending, first: skipped + perPage)
        return Array(sorted.dropFirst(skipped))
    }

    /// `sort`: an order, highest first with a leading `-`; nil when not given.
    static func sort(_ q: QueryParameters) throws(APIError) -> (BeerOrder, Bool)? {
        guard let text = q["sort"] else { return nil }
        let descending = text.hasPrefix("-")
        guard let order = BeerOrder(rawValue: String(text.dropFirst(descending ? 1 : 0)).lowercased()) else {
            throw .badRequest(
                "sort takes \(BeerOrder.allCases.map(\.rawValue).joined(separator: ", ")), with a leading - for highest first, not '\(PunkAPIFilter.printable(text))'"
            )
        }
        return (order, descending)
    }

    /// The beers at `indexes` as a JSON array; a beer whose bytes in the catalogue file
    /// changed since it was loaded is refused (``APIError/catalogueChanged(_:)``), unless it
    /// was answered lately and is kept (``RecentBeerJSON``), as loaded.
    func beerArray(_ indexes: [Int]) throws(APIError) -> APIResponse {
        var body: [UInt8] = [UInt8(ascii: "[")]
        for (n, i) in indexes.enumerated() {
            if n > 0 { body.append(UInt8(ascii: ",")) }
            if let bytes = encoded?[i] {
                body += bytes
                continue
            }
            if let bytes = recent.json(of: i) {
                body += bytes
                continue
            }
            guard let beer = catalogue.beers.unchanged(at: i) else {
                throw .catalogueChanged(
                    "Beer \(catalogue.ids[i]) changed in the catalogue file since the server loaded it; restart the server to load the file again"
                )
            }
            let bytes = APIResponse.encode(beer)
            recent.keep(bytes, of: i)
            body += bytes
        }
        body.append(UInt8(ascii: "]"))
        return APIResponse(jsonBytes: body)
    }

    /// The beer whose id is the path segment `segment`.
    package func index(ofID segment: String?) throws(APIError) -> Int {
        let segment = segment ?? ""
        guard let id = Int(segment), id >= 0 else {
            throw .badRequest("The beer id must be a whole number, not '\(PunkAPIFilter.printable(segment))'")
        }
        guard let i = catalogue.index(ofID: id) else { throw .notFound("No beer found that matches the ID \(id)") }
        return i
    }

    // MARK: Brewery's own

    /// The recipe of the beer at `index` for a brewing app, scaled to `batch` when given
    /// (`10l`, `5gal`, `2x`), as BeerXML or BeerJSON.
    private func recipe(_ index: Int, _ q: QueryParameters, as format: BrewingFormat) throws(APIError) -> APIResponse {
        let page = try recipePage(index, q)
        let brewing = BrewingRecipe(beer: page.beer, recipe: page.recipe)
        let body = Array(format.document([brewing]).utf8)
        switch format {
        case .beerxml:
            return APIResponse(status: 200, headers: [("Content-Type", "application/xml; charset=utf-8")], body: body)
        case .beerjson: return APIResponse(jsonBytes: body)
        }
    }

    /// Beers named by `|`-separated ids or names.
    private func beers(named text: String, parameter: String) throws(APIError) -> [Int] {
        // A part of ids separated by commas ("192,106") is those beers, as "192|106" is.
        let parts = text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .flatMap { part in Catalogue.ids(inList: part).map { $0.map(String.init) } ?? [part] }
        guard !parts.isEmpty else { throw .badRequest("\(parameter) must name beers by id or name, e.g. 192|106") }
        guard parts.count <= LikeQuery.maximumBeers else {
            throw .badRequest("\(parameter) takes at most \(LikeQuery.maximumBeers) beers")
        }
        var out: [Int] = []
        for part in parts {
            do { out.append(try catalogue.lookup(listed: part)) } catch {
                if let id = Int(part) { throw .notFound("No beer found that matches the ID \(id)") }
                // In the API's words: its search route, not the command.
                if case .unknownName(_, let suggestions) = error, suggestions.isEmpty {
                    throw .notFound("\(parameter): no beer named '\(excerpt(part))'; names are found with /v2/search?q=…")
                }
                throw .notFound("\(parameter): \(error.description)")
            }
        }
        return out
    }

    /// `recommend like` for the beers `liked`, with the parameters' filters, weights, `not`
    /// and `exclude` (`ids` is a filter only when `filterIDs`).
    package func likeView(liked: [Int], _ q: QueryParameters, filterIDs: Bool) throws(APIError) -> LikeView {
        let (query, excluded) = try likeQuery(liked: liked, q)
        let filter = try PunkAPIFilter.filter(filterIDs ? q : q.removing("ids"), catalogue: catalogue, texts: texts)
        let page = LikeRecommender(catalogue: catalogue).page(
            query, filter: filter, excluding: excluded, window: try Self.window(q))
        let explain = try Self.flag("explain", q)
        return LikeView(catalogue: catalogue, page: page, rows: 0..<page.count, filter: filter, explain: explain)
    }

    /// The query `weights`, `not` and `exclude` make with the beers `liked`, and the beers excluded.
    private func likeQuery(liked: [Int], _ q: QueryParameters) throws(APIError) -> (LikeQuery, [Int]) {
        let weights: ScoringWeights?
        do {
            weights = try q["weights"].map { text throws(ScoringError) in try ScoringWeights(parsing: text) }
        } catch {
            if case .badWeights(let why) = error { throw .badRequest("weights: \(why)") }
            throw .badRequest("weights: \(error.description)")
        }
        let disliked = try q["not"].map { text throws(APIError) in try beers(named: text, parameter: "not") } ?? []
        let excluded = try q["exclude"].map { text throws(APIError) in try beers(named: text, parameter: "exclude") } ?? []
        let query = LikeRecommender(catalogue: catalogue).query(liked: liked, disliked: disliked, weights: weights)
        guard query.beers.count <= LikeQuery.maximumBeers else {
            throw .badRequest("At most \(LikeQuery.maximumBeers) beers, liked and not liked together")
        }
        return (query, excluded)
    }

    /// `recommend food` for the words of `q`, with the parameters' filters.
    package func foodView(_ q: QueryParameters) throws(APIError) -> FoodView {
        let text = try Self.words("q", q, example: "food words, e.g. q=chicken+tacos")
        let filter = try PunkAPIFilter.filter(q, catalogue: catalogue, texts: texts)
        let window = try Self.window(q)
        let page: FoodPage
        do {
            page = try FoodRanker(catalogue: catalogue, dictionary: dictionary).page(text, filter: filter, window: window)
        } catch {
            // In the API's words, not the command line's.
            switch error {
            case .emptyFoodQuery:
                throw .badRequest("q has no food words (only words such as 'with', numbers or signs), e.g. q=chicken+tacos")
            case .tooManyFoodWords(let n):
                throw .badRequest("q takes at most \(FoodQuery.maximumWords) food words (this one has \(n))")
            case .badWeights: throw .badRequest(error.description)
            }
        }
        return FoodView(
            catalogue: catalogue, text: text, page: page, filter: filter, moreHint: Self.nextPage(window),
            explain: try Self.flag("explain", q))
    }

    /// The beers whose names best match `q`, typos forgiven, with the parameters' filters.
    package func searchView(_ q: QueryParameters) throws(APIError) -> SearchView {
        let text = try Self.words("q", q, example: "text to find in beer names, e.g. q=punk")
        let filter = try PunkAPIFilter.filter(q, catalogue: catalogue, texts: texts)
        let window = try Self.window(q)
        let page = NameSearch(catalogue: catalogue).page(text, filter: filter, window: window)
        return SearchView(catalogue: catalogue, query: text, page: page, moreHint: Self.nextPage(window))
    }

    // MARK: Parameters

    /// The deepest result a ranking route reaches: its work is bounded by the answer, so a
    /// page past it is refused rather than ranked.
    package static let deepestResult = 10_000

    /// `limit` (1–80, default 10; `per_page`, as `/v2/beers` names it, when there is no
    /// `limit`) and `page` (from 1), ending at most at the ``deepestResult``th result.
    static func window(_ q: QueryParameters) throws(APIError) -> PageWindow {
        let name = q["limit"] == nil && q["per_page"] != nil ? "per_page" : "limit"
        let limit = try positive(name, q, default: 10, maximum: maximumPerPage)
        let page = try positive("page", q, default: 1, maximum: deepestResult)
        guard page * limit <= deepestResult else {
            throw .badRequest(
                "page \(page) of \(limit) goes past result \(deepestResult), the deepest ranked; "
                    + "narrow the query with filters instead")
        }
        return PageWindow(page: page, perPage: limit)
    }

    /// Where a listing says the rest is: the next page.
    private static func nextPage(_ window: PageWindow) -> String { "page=\(window.offset / (window.limit ?? 1) + 2)" }

    /// A whole-number parameter from 1 to `maximum`.
    private static func positive(_ name: String, _ q: QueryParameters, default value: Int, maximum: Int) throws(APIError) -> Int {
        guard let text = q[name] else { return value }
        guard let n = Int(text.trimmingCharacters(in: .whitespaces)), n >= 1, n <= maximum else {
            throw .badRequest("\(name) must be a whole number from 1 to \(maximum), not '\(PunkAPIFilter.printable(text))'")
        }
        return n
    }

    /// The longest `q` taken, in characters.
    package static let maximumQueryText = 500

    /// A required text parameter of at most ``maximumQueryText`` characters.
    private static func words(_ name: String, _ q: QueryParameters, example: String) throws(APIError) -> String {
        guard let text = q[name], !text.allSatisfy(\.isWhitespace) else { throw .badRequest("\(name) is required: \(example)") }
        guard text.count <= maximumQueryText else {
            throw .badRequest("\(name) is longer than \(maximumQueryText) characters")
        }
        return text
    }

    /// A true/false parameter (`explain`, `explain=true`, `explain=1`).
    static func flag(_ name: String, _ q: QueryParameters) throws(APIError) -> Bool {
        guard let text = q[name] else { return false }
        switch text.lowercased() {
        case "", "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw .badRequest("\(name) must be true or false, not '\(PunkAPIFilter.printable(text))'")
        }
    }
}
