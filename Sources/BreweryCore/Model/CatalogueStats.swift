/// Counts, missing values and ranges of a catalogue's fields, for `brewery stats`.
public struct CatalogueStats: Sendable, Equatable {
    /// One numeric field.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var missing: Int
        public var min: Double?
        public var max: Double?
        public var median: Double?
    }

    public var count: Int
    public var fields: [Field]
    /// Beers with no food pairings.
    public var withoutPairings: Int
    /// Distinct food words and concepts.
    public var foodWords: Int
    public var foodConcepts: Int
    /// Smallest and largest id.
    public var idRange: ClosedRange<Int>?

    /// Computes the statistics of `catalogue`.
    public init(_ catalogue: Catalogue) {
        let beers = Array(catalogue.beers)  // decoded once (a snapshot decodes on access)
        count = beers.count
        let numeric: [(String, (Beer) -> Double?)] = [
            ("abv", \.abv), ("ibu", \.ibu), ("ebc", \.ebc), ("srm", \.srm), ("ph", \.ph),
            ("target_og", \.targetOG), ("target_fg", \.targetFG), ("attenuation_level", \.attenuationLevel),
        ]
        fields = numeric.map { name, get in
            let values = beers.compactMap(get).sorted()
            return Field(
                name: name, missing: beers.count - values.count, min: values.first, max: values.last,
                median: values.isEmpty ? nil : values[values.count / 2])
        }
        let text: [(String, (Beer) -> String?)] = [
            ("tagline", \.tagline), ("first_brewed", \.firstBrewed), ("description", \.description),
            ("image", \.image), ("brewers_tips", \.brewersTips),
        ]
        fields += text.map { name, get in
            Field(name: name, missing: beers.filter { (get($0) ?? "").isEmpty }.count, min: nil, max: nil, median: nil)
        }
        withoutPairings = beers.filter(\.foodPairing.isEmpty).count
        foodWords = catalogue.food.vocabulary.words.count
        foodConcepts = catalogue.food.vocabulary.conceptCount
        let ids = catalogue.idIndex.ids
        idRange = ids.min().flatMap { lo in ids.max().map { lo...$0 } }
    }
}
