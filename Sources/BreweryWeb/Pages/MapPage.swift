import BreweryAPI
import BreweryCore

/// `/map`: every beer by strength (abv, across) and bitterness (ibu, up), in its colour;
/// the filter form marks its beers among the rest. The page's script draws it from
/// `/v2/map` (points, or a density for a catalogue too large for points); a point is a
/// link to its beer.
enum MapPage {
    static func render(_ site: WebSite, _ q: QueryParameters) -> APIResponse {
        let filters = FilterForm.pairs(q)
        var main = "<h1>Map of the beers</h1>"
        main +=
            #"<p>Each beer by strength (ABV, across) and bitterness (IBU, up), in its colour. Filtered beers stand out; a point opens its beer.</p>"#
        main += FilterForm.html(q, action: "/map", sorting: false, suggestions: site.suggestions.value)
        // Each point (or cell) is a link: a keyboard user may jump past them all.
        main += ##"<p><a class="skip-map" href="#map-caption">Skip past the map</a></p>"##
        main +=
            #"<figure class="map"><svg id="map" data-query="\#(HTML.escape(HTML.query(filters)))" viewBox="0 0 800 500" role="group" aria-label="Beers by ABV and IBU"></svg>"#
        main +=
            #"<figcaption id="map-caption" tabindex="-1" aria-live="polite">The map needs JavaScript; the <a href="/v2/map">data</a> is there without it.</figcaption></figure>"#
        return WebResponse.html(site.page(title: "Map", section: .map, main: main))
    }
}
