import BreweryAPI
import BreweryCore

/// The web page of `brewery serve`, without HTTP: each route renders HTML from the same
/// use cases the API answers with (``BreweryAPI``'s views), so the page has no query of
/// its own. The page's script reads the API for what changes without a new page (more of
/// the grid, search as you type, the map, ratings).
package struct WebSite: Sendable {
    /// One page or file of the site: its path pattern, whether its work grows with the
    /// catalogue (a server runs those apart), and its answer.
    package struct Route: Sendable {
        package let path: String
        package let isQuery: Bool
        let render: @Sendable (WebSite, String?, QueryParameters) -> APIResponse
    }

    /// The ingredient names the filter forms suggest.
    package struct Suggestions: Sendable {
        let hops: [String]
        let malts: [String]
        let yeasts: [String]
    }

    /// The API whose use cases the pages show.
    package let api: BreweryAPI
    /// Suggestions, made once.
    let suggestions: BuiltOnce<Suggestions>

    /// The most names a filter field suggests.
    static let suggested = 200

    package init(api: BreweryAPI) {
        self.api = api
        let ingredients = api.catalogue.ingredients
        suggestions = BuiltOnce {
            Suggestions(
                hops: ingredients[.hops].mostUsed(limit: Self.suggested),
                malts: ingredients[.malt].mostUsed(limit: Self.suggested),
                yeasts: ingredients[.yeast].mostUsed(limit: Self.suggested))
        }
    }

    /// The site's routes.
    package static let routes: [Route] = [
        Route(path: "/", isQuery: true) { site, _, q in CataloguePage.render(site, q) },
        Route(path: "/beers/{id}", isQuery: true) { site, id, q in BeerPage.render(site, id: id, q) },
        Route(path: "/food", isQuery: true) { site, _, q in FoodPage.render(site, q) },
        Route(path: "/map", isQuery: false) { site, _, q in MapPage.render(site, q) },
        Route(path: "/me", isQuery: true) { site, _, q in ForYouPage.render(site, q) },
        Route(path: "/static/app.js", isQuery: false) { _, _, _ in
            WebResponse.asset(WebAssets.script, type: "text/javascript; charset=utf-8")
        },
        Route(path: "/static/app.css", isQuery: false) { _, _, _ in
            WebResponse.asset(WebAssets.stylesheet, type: "text/css; charset=utf-8")
        },
        Route(path: "/glass/{id}", isQuery: false) { site, segment, _ in
            guard let colour = GlassPicture.colour(segment: segment ?? "") else {
                return WebResponse.html(WebLayout.problem("No such picture", status: 404, credit: site.credit), status: 404)
            }
            return WebResponse.asset(Array(GlassPicture.svg(colour).utf8), type: "image/svg+xml")
        },
    ]

    /// The answer of `route` with the path's `{id}` segment (percent-decoded) and the query.
    package func answer(_ route: Route, id: String?, query: QueryParameters) -> APIResponse {
        route.render(self, id, query)
    }

    /// The page for an error of the API's use cases.
    package func problem(_ error: APIError) -> APIResponse {
        let status = error.status
        return WebResponse.html(WebLayout.problem(error.message, status: status, credit: credit), status: status)
    }

    /// What the footer of every page says of the beers.
    var credit: String { api.origin.credit }

    /// A whole page of the site (``WebLayout/page(title:section:main:credit:)``).
    func page(title: String, section: WebLayout.Section?, main: String) -> String {
        WebLayout.page(title: title, section: section, main: main, credit: credit)
    }
}
