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

    /// The statistics of `catalogue`, computed when it was built (or read with its snapshot).
    ///
    /// - Complexity: O(1).
    public init(_ catalogue: Catalogue) { self = catalogue.stats }

    /// Computes the statistics of `beers`, whose food index has `foodWords` words and
    /// `foodConcepts` concepts.
    package init(beers: [Beer], foodWords: Int, foodConcepts: Int) {
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
            Field(name: name, missing: beers.count { (get($0) ?? "").isEmpty }, min: nil, max: nil, median: nil)
        }
        withoutPairings = beers.count { $0.foodPairing.isEmpty }
        self.foodWords = foodWords
        self.foodConcepts = foodConcepts
        let ids = beers.map(\.id)
        idRange = ids.min().flatMap { lo in ids.max().map { lo...$0 } }
    }

    /// Statistics from their parts (read back from a snapshot).
    init(
        count: Int, fields: [Field], withoutPairings: Int, foodWords: Int, foodConcepts: Int, idRange: ClosedRange<Int>?
    ) {
        self.count = count
        self.fields = fields
        self.withoutPairings = withoutPairings
        self.foodWords = foodWords
        self.foodConcepts = foodConcepts
        self.idRange = idRange
    }
}
