/// The top-level fields of a Punk API beer, each declared once: its JSON key, the kind
/// of value it holds, and how the snapshot and the fast reader keep it.
///
/// `Beer`'s `Codable` code, ``BeerJSONWriter``, ``BeerJSONReader`` and ``BeerRecord`` walk
/// these cases and read and set a beer through ``Beer/subscript(field:)``, so a new field
/// is a case here, a property of ``Beer`` and its two lines in that subscript. Declaration
/// order is the order of a snapshot record (changing it changes the snapshot format);
/// ``keyOrder`` is the order of written JSON.
package enum BeerField: Int, CaseIterable, Sendable {
    case id, name, tagline, firstBrewed, description, image, abv, ibu, targetFG, targetOG
    case ebc, srm, ph, attenuationLevel, volume, boilVolume, method, ingredients, foodPairing
    case brewersTips, contributedBy

    /// What a field holds, which decides how each codec reads and writes it.
    package enum Kind: Sendable {
        /// A whole number every beer has (the id).
        case identifier
        /// A text every beer has (the name).
        case name
        /// A text or null.
        case text
        /// The picture: a text or null under `image_url` (Punk API v2) or `image` (v3).
        case image
        /// A number or null.
        case number
        /// An ``Beer/Amount`` or null.
        case amount
        /// A ``Beer/Method`` or null.
        case method
        /// ``Beer/Ingredients`` or null.
        case ingredients
        /// A list of texts; null reads as empty.
        case texts
    }

    /// A field's value, of its ``Kind``.
    package enum Value: Sendable, Equatable {
        case identifier(Int)
        case name(String)
        case text(String?)
        case image(String?, Beer.ImageKey)
        case number(Double?)
        case amount(Beer.Amount?)
        case method(Beer.Method?)
        case ingredients(Beer.Ingredients?)
        case texts([String])
    }

    /// The table: each field's key (the v2 key for the image), kind, and whether it is
    ///
    /// - `shared`: a short text beers repeat, written once in a snapshot and referred to;
    /// - `indexed`: a text an index reads, so the fast reader keeps it when reading for
    ///   the indexes only (other texts are then placeholders, see ``BeerJSONReader/Detail``).
    private var traits: (key: String, kind: Kind, shared: Bool, indexed: Bool) {
        switch self {
        case .id: ("id", .identifier, false, true)
        case .name: ("name", .name, false, true)
        case .tagline: ("tagline", .text, true, false)
        case .firstBrewed: ("first_brewed", .text, true, true)
        case .description: ("description", .text, false, false)
        case .image: (Beer.ImageKey.imageURL.rawValue, .image, true, false)
        case .abv: ("abv", .number, false, true)
        case .ibu: ("ibu", .number, false, true)
        case .targetFG: ("target_fg", .number, false, true)
        case .targetOG: ("target_og", .number, false, true)
        case .ebc: ("ebc", .number, false, true)
        case .srm: ("srm", .number, false, true)
        case .ph: ("ph", .number, false, true)
        case .attenuationLevel: ("attenuation_level", .number, false, true)
        case .volume: ("volume", .amount, false, true)
        case .boilVolume: ("boil_volume", .amount, false, true)
        case .method: ("method", .method, false, true)
        case .ingredients: ("ingredients", .ingredients, false, true)
        case .foodPairing: ("food_pairing", .texts, false, true)
        case .brewersTips: ("brewers_tips", .text, true, false)
        case .contributedBy: ("contributed_by", .text, true, false)
        }
    }

    /// The JSON key (`image_url` for ``image``; a v3 beer's is `image`, see ``Beer/ImageKey``).
    package var key: String { traits.key }
    /// The kind of value.
    package var kind: Kind { traits.kind }
    /// Whether a snapshot writes it as a text beers share.
    package var isShared: Bool { traits.shared }
    /// Whether the fast reader keeps it when reading only what the indexes read.
    package var isIndexed: Bool { traits.indexed }

    /// Where the style concepts of this text go (``StyleTexts``), for the texts they are
    /// read from; nil for the others (the name is kept, and read where it is used).
    package var stylePlace: StyleTexts.Place? {
        switch self {
        case .tagline: .head
        case .description: .described
        case .brewersTips: .tipped
        default: nil
        }
    }

    /// The fields in the order of their keys' code units, as a `.sortedKeys` encoder
    /// writes them. Either image key sorts to the same place (after `id`, before
    /// `ingredients`).
    package static let keyOrder: [BeerField] = allCases.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
}
