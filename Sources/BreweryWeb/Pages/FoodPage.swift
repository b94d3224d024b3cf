import BreweryAPI
import BreweryCore
import BreweryViews

/// `/food`: "what to drink with…" — the beers `/v2/recommend/food` ranks for a dish, each
/// with the pairing that matched, and what the words were read as (typos corrected,
/// concepts, words no pairing has).
enum FoodPage {
    /// The kinds of food the food knowledge reads ("dessert", "shellfish", "sunday
    /// roast"), offered as the dish field is typed: no pairing need say them.
    static let dishList: String = {
        let names = Set(FoodKnowledge.standard.concepts.map(\.name)).sorted()
        return #"<datalist id="dishes">"# + names.map { #"<option value="\#(HTML.escape($0))">"# }.joined() + "</datalist>"
    }()

    static func render(_ site: WebSite, _ q: QueryParameters) -> APIResponse {
        let text = q["q"] ?? ""
        var main = "<h1>What to drink with…</h1>"
        main += #"<form class="search" role="search" action="/food" method="get"><label for="dish">A dish</label> "#
        main +=
            #"<input type="search" id="dish" name="q" list="dishes" placeholder="e.g. fish tacos" value="\#(HTML.escape(text))"> <button type="submit">Find beers</button>"#
            + dishList + "</form>"
        guard !text.allSatisfy(\.isWhitespace) else {
            return WebResponse.html(site.page(title: "Food", section: .food, main: main))
        }
        var params = QueryParameters()
        params.append("q", text)
        params.append("limit", "20")
        do {
            let d = try site.api.foodView(params).document
            main += #"<section aria-labelledby="food-title"><h2 id="food-title">Beers for “\#(HTML.escape(text))”</h2>"#
            var notes: [String] = []
            for (typo, word) in d.corrections.sorted(by: { $0.key < $1.key }) {
                notes.append("Read “\(HTML.escape(typo))” as “\(HTML.escape(word))”.")
            }
            for e in d.expansions where !e.matchedAs.isEmpty {
                // As the shell says it: the concept named only when it is not the word typed.
                let read = e.concept == e.term ? "" : " read as \(HTML.escape(e.concept)),"
                let members = HTML.escape(e.matchedAs.prefix(6).joined(separator: ", "))
                notes.append("“\(HTML.escape(e.term))”\(read) matched as \(members).")
            }
            if !d.unknownWords.isEmpty {
                notes.append("No pairing mentions \(HTML.escape(d.unknownWords.map { "“\($0)”" }.joined(separator: ", "))).")
            }
            if !d.suggestions.isEmpty {
                notes.append("Pairings have: \(HTML.escape(d.suggestions.joined(separator: ", "))).")
            }
            if !notes.isEmpty { main += #"<p class="notes">\#(notes.joined(separator: " "))</p>"# }
            if d.results.isEmpty {
                main += "<p>No beer's pairings match that dish.</p>"
            } else {
                main += RecommendationListHTML.list(d.results)
            }
            main += "</section>"
            return WebResponse.html(site.page(title: "Beers for \(text)", section: .food, main: main))
        } catch {
            main += #"<p role="alert" class="error">\#(HTML.escape(error.message))</p>"#
            return WebResponse.html(site.page(title: "Food", section: .food, main: main), status: error.status)
        }
    }
}
