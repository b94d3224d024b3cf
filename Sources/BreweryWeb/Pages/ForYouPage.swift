import BreweryAPI
import BreweryCore
import BreweryViews

/// `/me`: `recommend for me` from the reader's ratings and wishlist, then the ratings, the
/// wishlist and the cellar themselves (each beer's page changes them).
enum ForYouPage {
    static func render(_ site: WebSite, _ q: QueryParameters) -> APIResponse {
        var main = "<h1>For you</h1>"
        guard site.api.keepsRatings else {
            main += "<p>This server keeps no ratings.</p>"
            return WebResponse.html(site.page(title: "For you", section: .me, main: main))
        }
        // One read of the store for the whole page, so its parts agree.
        let profile: TasteProfile
        do { profile = try site.api.profile() } catch {
            main += #"<p role="alert" class="error">\#(HTML.escape(error.message))</p>"#
            return WebResponse.html(site.page(title: "For you", section: .me, main: main))
        }
        var params = QueryParameters()
        params.append("limit", "20")
        do {
            let mine = try site.api.forMeView(params, from: profile).document
            main += #"<section aria-labelledby="for-me"><h2 id="for-me">Beers you may like</h2>"#
            main += RecommendationListHTML.list(mine.results) + "</section>"
        } catch {
            main +=
                #"<p class="empty">\#(error.status == 404 ? "Rate a few beers you like (3½ stars or more) on their pages, and beers for you show here." : HTML.escape(error.message))</p>"#
        }
        do {
            let ratings = try site.api.ratingsView(QueryParameters(), from: profile).document
            main += #"<section aria-labelledby="ratings"><h2 id="ratings">Your ratings</h2>"#
            if ratings.results.isEmpty {
                main += "<p>None yet.</p>"
            } else {
                main += HTML.table(
                    "ratings", headings: ["Beer", "Stars", "Note", "Rated"],
                    rows: ratings.results.map {
                        [
                            link($0.beer), NumberFormat.short($0.score, 2), HTML.escape($0.note ?? ""),
                            HTML.escape(String($0.ratedAt.prefix(10))),
                        ]
                    })
            }
            main += "</section>"
            let wishes = try site.api.wishlistView(from: profile).document.results
            main += #"<section aria-labelledby="wishlist"><h2 id="wishlist">Your wishlist</h2>"#
            main += wishes.isEmpty ? "<p>Nothing on it yet.</p>" : "<ul>"
            for w in wishes { main += "<li>\(link(w.beer))</li>" }
            main += wishes.isEmpty ? "</section>" : "</ul></section>"
            let cellar = try site.api.cellarView(from: profile).document
            main += #"<section aria-labelledby="cellar"><h2 id="cellar">Your cellar</h2>"#
            if cellar.results.isEmpty {
                main += "<p>Empty.</p>"
            } else {
                main += HTML.table(
                    "cellar", headings: ["Beer", "Bottles", "Best before", "Where"],
                    rows: cellar.results.map {
                        [
                            link($0.beer), String($0.count), HTML.escape($0.bestBefore ?? "–") + ($0.past ? " (past)" : ""),
                            HTML.escape($0.place ?? ""),
                        ]
                    })
            }
            main += "</section>"
        } catch {
            main += #"<p role="alert" class="error">\#(HTML.escape(error.message))</p>"#
        }
        return WebResponse.html(site.page(title: "For you", section: .me, main: main))
    }

    /// A kept beer's name, a link to its page when the catalogue has it.
    static func link(_ beer: TastedBeerRow) -> String {
        let name = HTML.escape(beer.name)
        return beer.id.map { #"<a href="/beers/\#($0)">\#(name)</a>"# } ?? name
    }
}
