import BreweryCore

/// The human card for `show`.
enum BeerCard {
    static func render(_ beer: Beer, width: Int, style: Style) -> [String] {
        var out: [String] = []
        out.append(style.bold(beer.name) + style.dim("  #\(beer.id)"))
        let tags = beer.hashtags
        if !tags.isEmpty { out += TextLayout.wrap(tags.joined(separator: " "), width: width).map(style.accent) }
        if let fb = beer.firstBrewed, !fb.isEmpty { out.append("First brewed \(fb)") }
        let n = TextLayout.number
        out.append(
            "ABV \(beer.abv.map { n($0, 1) + "%" } ?? "-")   IBU \(n(beer.ibu, 1))   EBC \(n(beer.ebc, 1))   SRM \(n(beer.srm, 1))   pH \(n(beer.ph, 2))"
        )
        if let d = beer.description, !d.isEmpty {
            out.append("")
            out += TextLayout.wrap(d, width: width)
        }
        if !beer.foodPairing.isEmpty {
            out.append("")
            out.append(style.bold("Food pairings"))
            for p in beer.foodPairing { out += TextLayout.wrap(p, width: width - 2, indent: "  ").enumerated().map { $0.offset == 0 ? "• " + $0.element.dropFirst(2) : "  " + $0.element } }
        }
        if let t = beer.brewersTips, !t.isEmpty {
            out.append("")
            out.append(style.bold("Brewer's tips"))
            out += TextLayout.wrap(t, width: width, indent: "  ")
        }
        if let img = beer.image, !img.isEmpty {
            out.append("")
            out.append("Image  \(img)")
        }
        return out
    }
}
