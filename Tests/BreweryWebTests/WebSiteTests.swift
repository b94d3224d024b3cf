import BreweryAPI
import BreweryCore
import BreweryTestSupport
import BreweryWeb
import Foundation
import Testing

/// The web page's routes without a server: what each page shows, from the API's use cases.
@Suite struct WebSiteTests {
    /// Thirty invented beers, the fixtures' first with a recipe, and one whose every text
    /// is hostile HTML.
    static let catalogue: Catalogue = {
        var beers = (1...30).map {
            Beer(
                id: $0, name: "Test Beer \($0)", tagline: "Crisp. Clean.", abv: 4 + Double($0) / 10, ibu: Double(20 + $0),
                ebc: Double($0), foodPairing: ["Fish tacos"])
        }
        beers[0] = Fixtures.everyField
        beers[0].id = 1
        beers[1] = Beer(
            id: 2, name: "<script>alert(1)</script>", tagline: "<b>Bold</b>.", description: "<img src=x onerror=alert(2)>",
            abv: 5, ibu: 30, ebc: 20, foodPairing: ["<i>tacos</i>"], brewersTips: "\"quoted\" & 'single'")
        return Catalogue(beers: beers)
    }()

    let taste = MemoryTaste()
    var site: WebSite { WebSite(api: BreweryAPI(catalogue: Self.catalogue, taste: taste, allowsWrites: true)) }

    /// The answer to GET `target`, as the server routes it.
    func get(_ target: String) throws -> (status: Int, html: String, headers: [(String, String)]) {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let given = parts[0].split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for route in WebSite.routes {
            let pattern = route.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            guard pattern.count == given.count, zip(pattern, given).allSatisfy({ $0 == "{id}" || $0 == $1 }) else { continue }
            let id = pattern.firstIndex(of: "{id}").map { given[$0] }
            let r = site.answer(route, id: id, query: try QueryParameters(parts.count > 1 ? parts[1] : nil))
            return (r.status, String(decoding: r.body, as: UTF8.self), r.headers)
        }
        Issue.record("no route for \(target)")
        return (404, "", [])
    }

    /// The footer credits the beers truly: BrewDog's DIY Dog for a catalogue of its data,
    /// brewery synth for invented beers, on every page and on error pages too.
    @Test func theFooterSaysWhereTheBeersComeFrom() throws {
        let origin = CatalogueOrigin(source: CatalogueOrigin.syntheticSourcePrefix + "count 30, seed 7")
        #expect(origin == .synthetic(detail: "count 30, seed 7"))
        #expect(CatalogueOrigin(source: "https://punkapi.example/v2") == .diyDog && CatalogueOrigin(source: nil) == .diyDog)
        let invented = WebSite(api: BreweryAPI(catalogue: Self.catalogue, origin: origin))
        for path in ["/", "/food", "/beers/99999"] {
            #expect(try get(path).html.contains("BrewDog&#39;s DIY Dog, for non-commercial use"), "\(path)")
            let route = try #require(WebSite.routes.first { $0.path == (path.hasPrefix("/beers") ? "/beers/{id}" : path) })
            let page = String(decoding: invented.answer(route, id: "99999", query: try QueryParameters(nil)).body, as: UTF8.self)
            #expect(page.contains("Invented beers from brewery synth (count 30, seed 7)"), "\(path)")
            #expect(!page.contains("DIY Dog"), "\(path)")
        }
    }

    func cards(_ html: String) -> [String] {
        html.matches(of: /<li class="card" data-id="(\d+)"/).map { String($0.1) }
    }

    @Test func theGridShowsPagesOf25InIDOrderOrTheOrderAsked() throws {
        let first = try get("/")
        #expect(first.status == 200)
        #expect(cards(first.html) == (1...25).map(String.init))
        #expect(first.html.contains(#"data-next="2""#) && first.html.contains(#"href="/?page=2""#))
        #expect(cards(try get("/?page=2").html) == (26...30).map(String.init))
        let strongest = cards(try get("/?sort=-abv&abv_gt=6").html)
        #expect(strongest == ["1", "30", "29", "28", "27", "26", "25", "24", "23", "22", "21"])
        // Fields left empty by the form are no filter.
        #expect(cards(try get("/?abv_gt=&hops=&sort=").html).count == 25)
        let bad = try get("/?abv_gt=strong")
        #expect(bad.status == 400 && bad.html.contains(#"role="alert""#))
    }

    @Test func everyTextFromTheCatalogueIsEscaped() throws {
        for target in ["/", "/beers/2", "/food?q=tacos", "/map", "/?q=script"] {
            let page = try get(target)
            #expect(page.status == 200, "\(target)")
            #expect(!page.html.contains("<script>alert"), "\(target)")
            #expect(!page.html.contains("<img src=x"), "\(target)")
            #expect(!page.html.contains("<b>Bold") && !page.html.contains("<i>tacos"), "\(target)")
        }
        // What a reader types is written back escaped too.
        for target in [
            "/?q=%3Cscript%3E", "/food?q=%3Cscript%3Etacos", "/map?hops=%22%3E%3Cscript%3E", "/?malt=%27%3E%3Cscript%3E",
        ] {
            let page = try get(target).html
            #expect(!page.contains("<script>") && !page.contains("\"><script") && !page.contains("'><script"), "\(target)")
        }
        let beer = try get("/beers/2").html
        #expect(beer.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(beer.contains("&quot;quoted&quot; &amp; &#39;single&#39;"))
    }

    @Test func pagesRunOnlyTheirOwnScriptAndStyle() throws {
        for target in ["/", "/beers/1", "/food?q=tacos", "/map", "/me"] {
            let page = try get(target)
            let policy = page.headers.first { $0.0 == "Content-Security-Policy" }?.1 ?? ""
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe"), "\(target)")
            // No inline script or style, which the policy would block.
            #expect(
                page.html.matches(of: /<script[^>]*>/).allSatisfy { $0.output.contains("src=\"/static/app.js?v=") }, "\(target)")
            #expect(
                !page.html.contains(" style=") && !page.html.contains("<style") && !page.html.contains(" onclick="), "\(target)")
        }
        let script = try get("/static/app.js")
        #expect(script.status == 200 && script.html.contains("textContent") && !script.html.contains("innerHTML"))
    }

    @Test func aBeersPageScalesItsRecipeAndChangesUnits() throws {
        let written = try get("/beers/1").html
        #expect(written.contains("Maris Otter</td><td>4.5 kg"))
        // Gravities as brewers write them, in the card and the recipe.
        #expect(written.contains("<dt>Original gravity</dt><dd>1.069</dd>") && written.contains("<dt>OG</dt><dd>1.069</dd>"))
        #expect(written.contains("<dt>FG</dt><dd>1.012</dd>") && !written.contains("1068.500"))
        let doubled = try get("/beers/1?batch=40l").html
        #expect(doubled.contains("Maris Otter</td><td>9 kg"))
        #expect(doubled.contains("Scaled ×2"))
        let us = try get("/beers/1?units=us").html
        #expect(us.contains("Maris Otter</td><td>9.92 lb"))
        #expect(us.contains(#"<option value="us" selected>"#))
        let bad = try get("/beers/1?batch=lots")
        #expect(bad.status == 200 && bad.html.contains("is not a batch size"))
        #expect(bad.html.contains("Maris Otter</td><td>4.5 kg"))
        #expect(try get("/beers/999").status == 404)
        #expect(try get("/beers/abc").status == 400)
        #expect(written.contains("Beers like this"))
    }

    @Test func foodRanksBeersForADishAndSaysThePairing() throws {
        let page = try get("/food?q=fish+tacos")
        #expect(page.html.contains(#"<ol class="ranked">"#))
        #expect(page.html.contains("Pairs with Fish tacos"))
        #expect(try get("/food").html.contains(#"id="dish""#))
        // The dish field offers the kinds of food that are read, though no pairing says them.
        let form = try get("/food").html
        #expect(form.contains(#"list="dishes""#) && form.contains(#"<option value="shellfish">"#))
        #expect(form.contains(#"<option value="sunday roast">"#))
        #expect(try get("/food?q=%3F%3F%3F").status == 400)
    }

    @Test func forYouShowsRatingsAndWhatTheyRecommend() throws {
        #expect(try get("/me").html.contains("Rate a few beers"))
        _ = try taste.rate(BeerRating(beer: TastedBeer(5, in: Self.catalogue), score: 5, ratedAt: "2026-01-01T00:00:00Z"))
        let page = try get("/me").html
        #expect(page.contains(#"<a href="/beers/6">Test Beer 6</a></td><td>5</td>"#))
        #expect(page.contains(#"<ol class="ranked">"#))
        #expect(try get("/beers/6").html.contains(#"value="5" checked"#))
        // Half a star, as the shell takes it, is checked; a quarter (from an import) is
        // said, and no star is checked for it.
        _ = try taste.rate(BeerRating(beer: TastedBeer(7, in: Self.catalogue), score: 4.5, ratedAt: "2026-01-01T00:00:00Z"))
        let half = try get("/beers/8").html
        #expect(half.contains(#"value="4.5" checked> 4½</label>"#) && half.contains("Rated 4.5 of 5."))
        #expect(half.contains(#"value="0.5"> ½</label>"#) && half.components(separatedBy: #"name="score""#).count == 11)
        _ = try taste.rate(BeerRating(beer: TastedBeer(7, in: Self.catalogue), score: 4.25, ratedAt: "2026-01-01T00:00:00Z"))
        let quarter = try get("/beers/8").html
        #expect(!quarter.contains("checked") && quarter.contains("Rated 4.25 of 5."))
        // The wishlist and the cellar, on the beer's page and on For you.
        #expect(try get("/beers/7").html.contains(#"<button type="button" id="wish" aria-pressed="false">Add to wishlist"#))
        let seven = TastedBeer(6, in: Self.catalogue)
        _ = try taste.wish(WishedBeer(beer: seven, addedAt: "2026-01-02T00:00:00Z"))
        _ = try taste.addToCellar(seven, count: 2, bestBefore: BestBefore(year: 2020, month: 1), place: "<shed>", at: "x")
        let kept = try get("/beers/7").html
        #expect(kept.contains(#"aria-pressed="true">On your wishlist"#) && kept.contains(#"<span id="bottles">2</span>"#))
        let before = taste.reads.withLock { $0 }
        let me = try get("/me").html
        #expect(taste.reads.withLock { $0 } == before + 1, "one read of the store for the page's four parts")
        #expect(me.contains(#"<h2 id="wishlist">Your wishlist</h2><ul><li><a href="/beers/7">Test Beer 7</a></li></ul>"#))
        #expect(me.contains(#"<td>2</td><td>01-2020 (past)</td><td>&lt;shed&gt;</td>"#))
    }

    @Test func glassesAreDrawnInTheBeersColour() throws {
        let pale = try get("/glass/0.svg")
        #expect(pale.status == 200 && pale.headers.contains { $0 == ("Content-Type", "image/svg+xml") })
        #expect(pale.html.contains(##"fill="#ffe699""##))
        #expect(!(try get("/glass/none.svg").html.contains("#fbf6e9")))
        #expect(try get("/glass/x.svg").status == 404)
        #expect(try get("/glass/1000.svg").status == 404)
    }

    @Test func hashtagsRunEachSentencesWordsTogether() {
        #expect(BeerCardHTML.hashtags("Post Modern Classic. Spiky. Tasty!") == "#PostModernClassic #Spiky #Tasty")
        #expect(BeerCardHTML.hashtags(nil) == "")
    }
}
