import BreweryViews

/// A ranked list of beers (like, food, for you): each with its glass, name (the link to its
/// page), abv and ibu, the match on the 0–100 scale both recommenders share, and the reason
/// in words — for food, the pairing that matched.
enum RecommendationListHTML {
    static func list(_ rows: [RecommendationRow]) -> String {
        var out = #"<ol class="ranked">"#
        for r in rows {
            var numbers: [String] = []
            if let abv = r.abv { numbers.append("\(NumberFormat.short(abv))% abv") }
            if let ibu = r.ibu { numbers.append("\(NumberFormat.short(ibu)) IBU") }
            out += #"<li data-id="\#(r.id)"><img src="\#(GlassPicture.path(ebc: r.ebc))" alt="" width="33" height="48"><div>"#
            out += #"<a href="/beers/\#(r.id)">\#(HTML.escape(r.name))</a> <span class="match">\#(r.match)% match</span>"#
            if !numbers.isEmpty { out += #" <span class="numbers">\#(numbers.joined(separator: " · "))</span>"# }
            // A food row's reason names the pairing that matched (and what a concept matched as).
            if let pairing = r.pairing {
                let said = r.reason.isEmpty ? "Pairs with \(pairing)" : r.reason.prefix(1).uppercased() + r.reason.dropFirst()
                out += #"<p class="pairing">\#(HTML.escape(said))</p>"#
            } else if !r.reason.isEmpty {
                out += #"<p class="reason">\#(HTML.escape(r.reason))</p>"#
            }
            out += "</div></li>"
        }
        return out + "</ol>"
    }
}
