/// Where the served beers come from, so the web page credits them truly: BrewDog's
/// recipes are theirs, for non-commercial use; beers `brewery synth` invented are no
/// one's.
package enum CatalogueOrigin: Sendable, Equatable {
    /// BrewDog's DIY Dog recipes (the Punk API's data), or a catalogue of that shape.
    case diyDog
    /// Beers `brewery synth` invented; `detail` says how ("count 1000000, seed 42").
    case synthetic(detail: String)

    /// How `brewery synth` starts the source line it writes beside its catalogues.
    package static let syntheticSourcePrefix = "synthetic: "

    /// The origin a stored catalogue's source line says: `brewery synth`'s own lines
    /// (``syntheticSourcePrefix``) are synthetic, anything else (a URL, a path, none) is
    /// taken as the DIY Dog data.
    package init(source: String?) {
        if let source, source.hasPrefix(Self.syntheticSourcePrefix) {
            self = .synthetic(detail: String(source.dropFirst(Self.syntheticSourcePrefix.count)))
        } else {
            self = .diyDog
        }
    }

    /// One sentence crediting the beers (plain text).
    package var credit: String {
        switch self {
        case .diyDog: "Recipes and notes from BrewDog's DIY Dog, for non-commercial use."
        case .synthetic(let detail): "Invented beers from brewery synth (\(detail)), not BrewDog's."
        }
    }
}
