import BreweryCore

/// What `show` shows: a beer's card — name, tagline as hashtags, first brewed, the
/// numbers, description, pairings, tips and image. Its JSON is the beer in the Punk API
/// shape it came in.
package struct BeerCardView: CommandView {
    /// The beer.
    package let beer: Beer
    /// Its recipe, shown after the card.
    let recipe: RecipeView?
    /// Its nearest BJCP style.
    let verdict: StyleVerdict?

    package init(beer: Beer, recipe: RecipeView? = nil, style: StyleVerdict? = nil) {
        self.beer = beer
        var recipe = recipe
        recipe?.standsAlone = false
        self.recipe = recipe
        self.verdict = style
    }

    package var document: Beer { beer }

    package func lines(width: Int, style: Style) -> [String] {
        var out: [String] = []
        let safe = TerminalText.safe
        out.append(style.bold(safe(beer.name)) + style.dim("  #\(beer.id)"))
        let tags = beer.hashtags
        if !tags.isEmpty { out += TextLayout.wrap(tags.joined(separator: " "), width: width).map(style.accent) }
        if let fb = beer.firstBrewed, !fb.isEmpty { out.append("First brewed \(safe(fb))") }
        let n = NumberFormat.short
        out.append(
            "ABV \(beer.abv.map { n($0, 1) + "%" } ?? "-")   IBU \(n(beer.ibu, 1))   EBC \(n(beer.ebc, 1))   SRM \(n(beer.srm, 1))   pH \(n(beer.ph, 2))"
        )
        if let verdict { out += TextLayout.labelled("Style  ", verdict.summary, width: width) }
        if let d = beer.description, !d.isEmpty {
            out.append("")
            out += TextLayout.wrap(d, width: width)
        }
        if !beer.foodPairing.isEmpty {
            out.append("")
            out.append(style.bold("Food pairings"))
            for p in beer.foodPairing {
                out += TextLayout.wrap(p, width: width - 2, indent: "  ").enumerated().map {
                    $0.offset == 0 ? "• " + $0.element.dropFirst(2) : "  " + $0.element
                }
            }
        }
        if let t = beer.brewersTips, !t.isEmpty {
            out.append("")
            out.append(style.bold("Brewer's tips"))
            out += TextLayout.wrap(t, width: width, indent: "  ")
        }
        if let img = beer.image, !img.isEmpty {
            out.append("")
            out.append("Image  \(safe(img))")
        }
        if let recipe {
            out.append("")
            out += recipe.lines(width: width, style: style)
        }
        return out
    }

    /// One record of the card's fields.
    /// A card (or a recipe) reads as it is, expanded or not.
    package var showsRecords: Bool { false }

    package var csv: CSVTable {
        let n = NumberFormat.exact
        return CSVTable(
            header: [
                "id", "name", "tagline", "first_brewed", "abv", "ibu", "ebc", "srm", "ph", "description", "food_pairing",
                "brewers_tips", "image",
            ],
            rows: [
                [
                    String(beer.id), beer.name, beer.tagline ?? "", beer.firstBrewed ?? "", n(beer.abv), n(beer.ibu), n(beer.ebc),
                    n(beer.srm), n(beer.ph), beer.description ?? "", beer.foodPairing.joined(separator: "; "),
                    beer.brewersTips ?? "",
                    beer.image ?? "",
                ]
            ])
    }
}
