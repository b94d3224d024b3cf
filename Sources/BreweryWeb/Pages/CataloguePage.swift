import BreweryAPI
import BreweryCore
import BreweryViews

/// `/`: the catalogue as a grid of cards, 25 a page in id order or the order asked,
/// narrowed by the filter form; the search box above it (names, typos forgiven). The
/// first page is rendered here; the page's script appends the next pages from
/// `/v2/beers?page=` as the reader scrolls, and a "More beers" link does the same without it.
enum CataloguePage {
    static let perPage = 25

    static func render(_ site: WebSite, _ q: QueryParameters) -> APIResponse {
        let page = q["page"].flatMap { Int($0) }.map { max($0, 1) } ?? 1
        let filters = FilterForm.pairs(q)
        var main = "<h1>Beers</h1>"
        main += searchForm(q)
        if let text = q["q"], !text.allSatisfy(\.isWhitespace) {
            main += searchResults(site, text: text, q)
        } else {
            main += #"<section class="search-results" id="search-results" aria-live="polite" hidden></section>"#
        }
        main += FilterForm.html(q, action: "/", sorting: true, suggestions: site.suggestions.value)
        var pageQuery = FilterForm.parameters(q)
        pageQuery.append("page", String(page))
        pageQuery.append("per_page", String(perPage))
        let shown: [Int]
        do { shown = try site.api.pageOfBeers(pageQuery) } catch {
            return WebResponse.html(
                site.page(
                    title: "Beers", section: .beers,
                    main: main + #"<p role="alert" class="error">\#(HTML.escape(error.message))</p>"#), status: error.status)
        }
        let catalogue = site.api.catalogue
        let filterQuery = HTML.query(filters)
        main += #"<h2 id="grid-title">\#(filters.isEmpty ? "All beers" : "Beers that match")</h2>"#
        main +=
            #"<ul class="grid" id="grid" aria-labelledby="grid-title" data-query="\#(HTML.escape(filterQuery))" data-next="\#(page + 1)">"#
        for i in shown {
            let b = catalogue.beers[i]
            main += BeerCardHTML.card(id: b.id, name: b.name, tagline: b.tagline, abv: b.abv, ibu: b.ibu, ebc: b.ebc)
        }
        main += "</ul>"
        if shown.isEmpty {
            main += #"<p class="empty">No beer matches these filters.</p>"#
        } else if shown.count == perPage {
            main +=
                #"<p class="more"><a id="more" href="/\#(HTML.escape(HTML.query(filters + [("page", String(page + 1))])))">More beers</a></p>"#
        }
        return WebResponse.html(site.page(title: "Beers", section: .beers, main: main))
    }

    /// The search box: the script searches as the reader types and offers the last ten
    /// searches (kept in the browser); without it, the form asks this page.
    static func searchForm(_ q: QueryParameters) -> String {
        #"<form class="search" role="search" action="/" method="get"><label for="search">Find a beer by name</label> "#
            + #"<input type="search" id="search" name="q" list="recent-searches" autocomplete="off" spellcheck="false" value="\#(HTML.escape(q["q"] ?? ""))"> "#
            + #"<button type="submit">Search</button><datalist id="recent-searches"></datalist></form>"#
    }

    /// The names that best match `text`, as `/v2/search` finds them.
    static func searchResults(_ site: WebSite, text: String, _ q: QueryParameters) -> String {
        var out =
            #"<section class="search-results" id="search-results" aria-live="polite"><h2>Names like “\#(HTML.escape(text))”</h2>"#
        do {
            var search = QueryParameters()
            search.append("q", text)
            search.append("limit", "10")
            let view = try site.api.searchView(search)
            guard !view.document.results.isEmpty else { return out + "<p>No beer has a name like that.</p></section>" }
            out += "<ol>"
            for row in view.document.results {
                out += #"<li><a href="/beers/\#(row.id)">\#(HTML.escape(row.name))</a></li>"#
            }
            return out + "</ol></section>"
        } catch {
            return out + #"<p role="alert">\#(HTML.escape(error.message))</p></section>"#
        }
    }
}
