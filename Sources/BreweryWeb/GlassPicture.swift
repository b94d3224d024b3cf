import BreweryCore

/// A pint glass drawn in a beer's colour, as SVG: the picture of a beer (the Punk API's
/// image addresses no longer answer). A beer without EBC is an outline with no beer in it.
/// Served at `/glass/{ebc}.svg` so that the server's pages and the page's script draw a
/// beer the same way.
package enum GlassPicture {
    /// The SVG of a glass of `colour` (nil: an empty outline).
    package static func svg(_ colour: BeerColour?) -> String {
        let beer =
            colour.map {
                ##"<path d="M9 12 L35 12 L32 58 L12 58 Z" fill="\##($0.hex)"/>"##
                    + ##"<path d="M9 12 L35 12 L34.4 18 L9.5 18 Z" fill="#fbf6e9"/>"##
            } ?? ""
        return #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 44 64" width="44" height="64">"#
            + beer + ##"<path d="M6 6 L38 6 L33 60 L11 60 Z" fill="none" stroke="#6b6256" stroke-width="2"/></svg>"##
    }

    /// The address of the picture of a beer of `ebc`: rounded to a whole EBC (the eye
    /// tells no finer), so the browser keeps a few dozen pictures for a catalogue.
    package static func path(ebc: Double?) -> String {
        guard let ebc, ebc.isFinite, ebc >= 0 else { return "/glass/none.svg" }
        return "/glass/\(Int(min(ebc, 999).rounded())).svg"
    }

    /// The colour the picture at `segment` (`12.svg`, `none.svg`) draws; nil for a segment
    /// that names none.
    package static func colour(segment: String) -> BeerColour?? {
        guard segment.hasSuffix(".svg") else { return nil }
        let name = segment.dropLast(4)
        if name == "none" { return .some(nil) }
        guard let ebc = Int(name), ebc >= 0, ebc <= 999 else { return nil }
        return .some(BeerColour(ebc: Double(ebc)))
    }
}
