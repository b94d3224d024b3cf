/// Counts, missing values and ranges of a catalogue's fields, for `brewery stats`.
public struct CatalogueStats: Sendable, Equatable {
    /// One numeric field.
    public struct Field: Sendable, Equatable {
        /// The field's name as the Punk API spells it (`abv`, `ibu`, …).
        public var name: String
        /// Beers with no value for it.
        public var missing: Int
        /// The smallest value; nil when no beer has one.
        public var min: Double?
        /// The largest value; nil when no beer has one.
        public var max: Double?
        /// The median value; nil when no beer has one.
        public var median: Double?
    }

    /// Beers in the catalogue.
    public var count: Int
    /// The numeric fields, in the Punk API's order.
    public var fields: [Field]
    /// Beers with no food pairings.
    public var withoutPairings: Int
    /// Distinct food words and concepts.
    public var foodWords: Int
    /// Distinct food concepts (a dish's kinds: `poultry`, `shellfish`).
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
        // One pass over the beers reading each field in place (no key paths, no copies of
        // a beer), then a selection, not a sort, for each median.
        let numericNames = ["abv", "ibu", "ebc", "srm", "ph", "target_og", "target_fg", "attenuation_level"]
        let textNames = ["tagline", "first_brewed", "description", "image", "brewers_tips"]
        var values = [[Double]](repeating: [], count: numericNames.count)
        for i in values.indices { values[i].reserveCapacity(beers.count) }
        var textMissing = [Int](repeating: 0, count: textNames.count)
        var withoutPairings = 0
        var lowID = Int.max
        var highID = Int.min
        for b in beers.indices {
            func note(_ field: Int, _ value: Double?) { if let value { values[field].append(value) } }
            note(0, beers[b].abv)
            note(1, beers[b].ibu)
            note(2, beers[b].ebc)
            note(3, beers[b].srm)
            note(4, beers[b].ph)
            note(5, beers[b].targetOG)
            note(6, beers[b].targetFG)
            note(7, beers[b].attenuationLevel)
            func missing(_ field: Int, _ text: String?) { if text?.isEmpty ?? true { textMissing[field] += 1 } }
            missing(0, beers[b].tagline)
            missing(1, beers[b].firstBrewed)
            missing(2, beers[b].description)
            missing(3, beers[b].image)
            missing(4, beers[b].brewersTips)
            if beers[b].foodPairing.isEmpty { withoutPairings += 1 }
            lowID = Swift.min(lowID, beers[b].id)
            highID = Swift.max(highID, beers[b].id)
        }
        fields = numericNames.indices.map { f in
            let n = values[f].count
            return Field(
                name: numericNames[f], missing: beers.count - n, min: values[f].min(), max: values[f].max(),
                median: n == 0 ? nil : Selection.element(atSortedPosition: n / 2, of: &values[f]))
        }
        fields += textNames.indices.map { f in
            Field(name: textNames[f], missing: textMissing[f], min: nil, max: nil, median: nil)
        }
        self.withoutPairings = withoutPairings
        self.foodWords = foodWords
        self.foodConcepts = foodConcepts
        idRange = beers.isEmpty ? nil : lowID...highID
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
