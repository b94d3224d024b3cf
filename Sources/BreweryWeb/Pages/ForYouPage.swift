import BreweryAPI
import BreweryViews

/// `/me`: `recommend for me` from the reader's ratings and wishlist, and the ratings
/// themselves (each beer's page rates it).
enum ForYouPage {
    static func render(_ site: WebSite, _ q: QueryParameters) -> APIResponse {
        var main = "<h1>For you</h1>"
        guard site.api.keepsRatings else {
            main += "<p>This server keeps no ratings.</p>"
            return WebResponse.html(WebLayout.page(title: "For you", section: .me, main: main))
        }
        var params = QueryParameters()
        params.append("limit", "20")
        do {
            let mine = try site.api.forMeView(params).document
            main += #"<section aria-labelledby="for-me"><h2 id="for-me">Beers you may like</h2>"#
            main += RecommendationListHTML.list(mine.results) + "</section>"
        } catch {
            main +=
                #"<p class="empty">\#(error.status == 404 ? "Rate a few beers you like (3½ stars or more) on their pages, and beers for you show here." : HTML.escape(error.message))</p>"#
        }
        do {
            let ratings = try site.api.ratingsView(QueryParameters()).document
            main += #"<section aria-labelledby="ratings"><h2 id="ratings">Your ratings</h2>"#
            if ratings.results.isEmpty {
                main += "<p>None yet.</p>"
            } else {
                main +=
                    #"<table class="ratings"><thead><tr><th scope="col">Beer</th><th scope="col">Stars</th><th scope="col">Note</th><th scope="col">Rated</th></tr></thead><tbody>"#
                for r in ratings.results {
                    let name = HTML.escape(r.beer.name)
                    let link = r.beer.id.map { #"<a href="/beers/\#($0)">\#(name)</a>"# } ?? name
                    main +=
                        "<tr><td>\(link)</td><td>\(BeerCardHTML.number(r.score))</td><td>\(HTML.escape(r.note ?? ""))</td><td>\(HTML.escape(String(r.ratedAt.prefix(10))))</td></tr>"
                }
                main += "</tbody></table>"
            }
            main += "</section>"
        } catch {
            main += #"<p role="alert" class="error">\#(HTML.escape(error.message))</p>"#
        }
        return WebResponse.html(WebLayout.page(title: "For you", section: .me, main: main))
    }
}
