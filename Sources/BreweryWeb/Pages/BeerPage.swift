import BreweryAPI
import BreweryCore
import BreweryViews
import Foundation

/// `/beers/{id}`: one beer, linkable. Its card (glass, numbers, description, food
/// pairings, brewer's tips), the reader's rating, the recipe with its BJCP style and the
/// brewer's numbers — scaled to the batch and in the units chosen in its form, as
/// `/v2/beers/{id}/recipe` gives it — and the beers like it with their reasons, as
/// `/v2/beers/{id}/like` ranks them.
enum BeerPage {
    /// How many beers like it are shown.
    static let likeCount = 6

    static func render(_ site: WebSite, id: String?, _ q: QueryParameters) -> APIResponse {
        let api = site.api
        let index: Int
        do { index = try api.index(ofID: id) } catch { return site.problem(error) }
        let beer = api.catalogue.beers[index]
        var main = #"<article class="beer" data-id="\#(beer.id)">"#
        main += header(beer)
        main += facts(beer)
        main += rating(site, index: index, beer: beer)
        main += recipe(site, index: index, beer: beer, q)
        main += like(site, index: index)
        main += "</article>"
        return WebResponse.html(site.page(title: beer.name, section: .beers, main: main))
    }

    static func header(_ beer: Beer) -> String {
        let colour = BeerColour(ebc: beer.ebc ?? beer.srm.map { $0 * 1.97 })
        let said = colour == nil ? "no colour given" : "colour \(NumberFormat.short(beer.ebc ?? (beer.srm ?? 0) * 1.97)) EBC"
        var out =
            #"<header class="beer-head"><img src="\#(GlassPicture.path(ebc: beer.ebc ?? beer.srm.map { $0 * 1.97 }))" alt="A glass of the beer, \#(said)" width="88" height="128"><div>"#
        out += #"<h1>\#(HTML.escape(beer.name))</h1>"#
        let tags = BeerCardHTML.hashtags(beer.tagline)
        if !tags.isEmpty { out += #"<p class="tags">\#(HTML.escape(tags))</p>"# }
        out += #"<p class="numbers">#\#(beer.id)"#
        if let first = beer.firstBrewed { out += " · first brewed \(HTML.escape(first))" }
        return out + "</p></div></header>"
    }

    static func facts(_ beer: Beer) -> String {
        var rows: [(String, String)] = []
        func add(_ label: String, _ v: Double?, _ unit: String = "") {
            if let v { rows.append((label, NumberFormat.short(v) + unit)) }
        }
        add("ABV", beer.abv, "%")
        add("IBU", beer.ibu)
        add("EBC", beer.ebc)
        add("SRM", beer.srm)
        add("pH", beer.ph)
        if let og = beer.targetOG { rows.append(("Original gravity", NumberFormat.gravity(og))) }
        if let fg = beer.targetFG { rows.append(("Final gravity", NumberFormat.gravity(fg))) }
        add("Attenuation", beer.attenuationLevel, "%")
        var out = #"<section class="facts" aria-label="Numbers"><dl>"#
        for (k, v) in rows { out += "<div><dt>\(k)</dt><dd>\(v)</dd></div>" }
        out += "</dl></section>"
        if let d = beer.description { out += #"<section><h2>About</h2><p>\#(HTML.escape(d))</p></section>"# }
        if !beer.foodPairing.isEmpty {
            out += #"<section><h2>Food pairings</h2><ul class="pairings">"#
            for food in beer.foodPairing {
                out += #"<li><a href="/food\#(HTML.escape(HTML.query([("q", food)])))">\#(HTML.escape(food))</a></li>"#
            }
            out += "</ul></section>"
        }
        if let tips = beer.brewersTips { out += #"<section><h2>Brewer's tips</h2><p>\#(HTML.escape(tips))</p></section>"# }
        if let by = beer.contributedBy { out += #"<p class="by">Contributed by \#(HTML.escape(by))</p>"# }
        return out
    }

    /// The reader's stars (a form the script sends to `PUT /v2/ratings/{id}`), the wishlist
    /// button and the cellar's bottles (`/v2/wishlist/{id}`, `/v2/cellar/{id}`).
    static func rating(_ site: WebSite, index: Int, beer: Beer) -> String {
        guard site.api.keepsRatings else { return "" }
        let kept = (try? site.api.kept(index)) ?? (score: nil, wished: false, bottles: 0)
        let current = kept.score
        var out = #"<section class="rating"><h2>Yours</h2>"#
        guard site.api.takesRatings else {
            let wished = kept.wished ? " On your wishlist." : ""
            let bottles = kept.bottles > 0 ? " \(kept.bottles) in your cellar." : ""
            let rated = current.map { "Rated \(NumberFormat.short($0, 2)) of 5." } ?? "Not rated."
            return out + "<p>\(rated)\(wished)\(bottles) This server takes no changes from the network.</p></section>"
        }
        out += #"<form id="rate" data-id="\#(beer.id)"><fieldset class="stars"><legend>Stars, from ½ to 5</legend>"#
        // Half stars, as the shell and the store take them. A score between them (4.25,
        // from the shell or an import) checks none: saving the form unchanged must not
        // round the user's rating.
        for halves in 1...10 {
            let value = Double(halves) / 2
            let checked = current == value ? " checked" : ""
            let shown = halves == 1 ? "½" : "\(halves / 2)\(halves % 2 == 1 ? "½" : "")"
            out += #"<label><input type="radio" name="score" value="\#(NumberFormat.short(value))"\#(checked)> \#(shown)</label>"#
        }
        out += #"</fieldset><button type="submit">Save rating</button> <button type="button" id="unrate">Remove rating</button> "#
        let said = current.map { "Rated \(NumberFormat.short($0, 2)) of 5." } ?? "Not rated yet."
        out += #"<output id="rate-status" aria-live="polite">\#(said)</output></form>"#
        out += #"<div class="keep" id="keep" data-id="\#(beer.id)">"#
        out +=
            #"<button type="button" id="wish" aria-pressed="\#(kept.wished)">\#(kept.wished ? "On your wishlist" : "Add to wishlist")</button> "#
        out += #"<span>In your cellar: <span id="bottles">\#(kept.bottles)</span></span> "#
        out += #"<button type="button" id="cellar-add">Add a bottle</button> "#
        out += #"<button type="button" id="cellar-drink"\#(kept.bottles == 0 ? " disabled" : "")>Drink one</button> "#
        return out + #"<output id="keep-status" aria-live="polite"></output></div></section>"#
    }

    /// The recipe, scaled and in the units of the form.
    static func recipe(_ site: WebSite, index: Int, beer: Beer, _ q: QueryParameters) -> String {
        var pairs: [(String, String)] = []
        if let batch = q["batch"], !batch.allSatisfy(\.isWhitespace) { pairs.append(("batch", batch)) }
        if let units = q["units"], !units.isEmpty { pairs.append(("units", units)) }
        var params = QueryParameters()
        for (k, v) in pairs { params.append(k, v) }
        var out = #"<section class="recipe" id="recipe" aria-labelledby="recipe-title"><h2 id="recipe-title">Recipe</h2>"#
        let view: RecipeView
        do { view = try site.api.recipeView(index, params) } catch {
            if error.status == 404 { return out + "<p>The catalogue has no recipe for this beer.</p></section>" }
            out += #"<p role="alert" class="error">\#(HTML.escape(error.message))</p>"#
            guard let plain = try? site.api.recipeView(index, QueryParameters()) else { return out + "</section>" }
            view = plain
        }
        let d = view.document
        out += #"<form class="scale" action="/beers/\#(beer.id)#recipe" method="get">"#
        out +=
            #"<label>Batch size <input type="text" name="batch" placeholder="20l, 5gal or 2x" value="\#(HTML.escape(q["batch"] ?? ""))"></label> "#
        out += #"<label>Units <select name="units">"#
        for (v, label) in [("metric", "Metric (kg, g, l, °C)"), ("us", "US (lb, oz, gal, °F)")] {
            out += #"<option value="\#(v)"\#(d.units == v ? " selected" : "")>\#(label)</option>"#
        }
        out += #"</select></label> <button type="submit">Scale</button></form>"#
        func amount(_ a: RecipeView.Document.Amount?) -> String {
            a.map { "\(NumberFormat.short($0.value, 2)) \(HTML.escape($0.unit))" } ?? "–"
        }
        var facts: [(String, String)] = [("Batch", amount(d.batchVolume)), ("Boil", amount(d.boilVolume))]
        if let og = d.originalGravity { facts.append(("OG", NumberFormat.gravity(og))) }
        if let fg = d.finalGravity { facts.append(("FG", NumberFormat.gravity(fg))) }
        if let f = d.fermentation { facts.append(("Ferment at", amount(f))) }
        for (n, step) in d.mash.enumerated() {
            let minutes = step.minutes.map { " for \(NumberFormat.short($0)) min" } ?? ""
            facts.append((d.mash.count == 1 ? "Mash" : "Mash step \(n + 1)", amount(step.temperature) + minutes))
        }
        out += #"<dl class="recipe-facts" id="recipe-facts">"#
        for (k, v) in facts { out += "<div><dt>\(k)</dt><dd>\(v)</dd></div>" }
        out += "</dl>"
        if d.scale != 1 {
            out += #"<p class="scaled">Scaled ×\#(NumberFormat.short(d.scale, 2)) from the recipe as written.</p>"#
        }
        out += HTML.table(
            "malts", caption: "Malts", headings: ["Malt", "Amount"],
            rows: d.malts.map { [HTML.escape($0.name), amount($0.amount)] })
        out += HTML.table(
            "hops", caption: "Hops", headings: ["Hop", "Amount", "Add", "For"],
            rows: d.hops.map { [HTML.escape($0.name), amount($0.amount), HTML.escape($0.add), HTML.escape($0.purpose)] })
        if let yeast = d.yeast { out += "<p><strong>Yeast:</strong> \(HTML.escape(yeast))</p>" }
        if let twist = d.twist { out += "<p><strong>Twist:</strong> \(HTML.escape(twist))</p>" }
        if let style = d.style { out += "<p><strong>Style:</strong> \(HTML.escape(style.summary))</p>" }
        let n = d.brewersNumbers
        var numbers: [String] = []
        if let v = n.abv { numbers.append("ABV \(NumberFormat.short(v))%") }
        if let v = n.ibuTinseth { numbers.append("IBU \(NumberFormat.short(v)) (Tinseth)") }
        if let v = n.srmMorey { numbers.append("SRM \(NumberFormat.short(v)) (Morey)") }
        if !numbers.isEmpty { out += "<p><strong>By the recipe:</strong> \(numbers.joined(separator: ", "))</p>" }
        if !d.checks.isEmpty {
            out += #"<details><summary>Notes on this record</summary><ul>"#
            for c in d.checks { out += "<li>\(HTML.escape(c))</li>" }
            out += "</ul></details>"
        }
        out +=
            #"<p class="export">For your brewing app: <a href="/v2/beers/\#(beer.id)/recipe.xml\#(HTML.escape(HTML.query(pairs)))">BeerXML</a> · <a href="/v2/beers/\#(beer.id)/recipe.beerjson\#(HTML.escape(HTML.query(pairs)))">BeerJSON</a></p>"#
        return out + "</section>"
    }

    /// The beers most like it, with the reasons.
    static func like(_ site: WebSite, index: Int) -> String {
        var q = QueryParameters()
        q.append("limit", String(likeCount))
        guard let view = try? site.api.likeView(liked: [index], q, filterIDs: true), !view.document.results.isEmpty else {
            return ""
        }
        return #"<section class="like"><h2>Beers like this</h2>"# + RecommendationListHTML.list(view.document.results)
            + "</section>"
    }
}
