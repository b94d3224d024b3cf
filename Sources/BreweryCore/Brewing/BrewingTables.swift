import Foundation

/// The facts an export needs and the DIY Dog records do not state: hop varieties' alpha
/// acids, malts' and sugars' colour and yield, and what the other ingredients are
/// (`Data/hop-varieties.txt`, `Data/fermentables.txt`, `Data/adjuncts.txt`, each naming
/// its source). Every value taken from here is an estimate, and an export says so.
public struct BrewingTables: Sendable {
    /// A hop variety's typical alpha acids.
    public struct HopVariety: Sendable, Equatable {
        /// Alpha acids, percent of the hop's weight.
        public var alphaPercent: Double
        /// Whether it is sold as an extract (CO₂ extract) rather than cones or pellets.
        public var isExtract: Bool
    }

    /// What a fermentable is, in BeerJSON's words.
    public struct FermentableFacts: Sendable, Equatable {
        /// grain, sugar, honey, extract, dry extract, fruit or juice.
        public var type: String
        /// base, caramel, roasted, specialty, smoked, flaked or adjunct; nil for no grain.
        public var group: String?
        /// Colour in degrees Lovibond.
        public var lovibond: Double
        /// Extract of a fine grind as a percentage of sucrose's.
        public var yieldPercent: Double

        /// Whether it goes in the mash (a grain) rather than the kettle (a sugar, honey).
        public var isGrain: Bool { type == "grain" }
    }

    /// What a miscellaneous ingredient is, in BeerJSON's words (spice, fining, water agent,
    /// herb, flavor, wood, other).
    public struct AdjunctFacts: Sendable, Equatable {
        public var type: String
    }

    package let hops: PhraseTable<HopVariety>
    package let fermentables: PhraseTable<FermentableFacts>
    package let adjuncts: PhraseTable<AdjunctFacts>

    /// The tables written for Brewery, compiled in.
    public static let standard = BrewingTables(
        hops: String(decoding: PackageResources.hop_varieties_txt, as: UTF8.self),
        fermentables: String(decoding: PackageResources.fermentables_txt, as: UTF8.self),
        adjuncts: String(decoding: PackageResources.adjuncts_txt, as: UTF8.self))

    /// Tables read from the text of the three files.
    package init(hops: String, fermentables: String, adjuncts: String) {
        self.hops = PhraseTable(text: hops) { value in
            let parts = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let alpha = parts.first.flatMap(Double.init), alpha > 0, alpha < 100 else { return nil }
            return HopVariety(alphaPercent: alpha, isExtract: parts.dropFirst().first == "extract")
        }
        self.fermentables = PhraseTable(text: fermentables) { value in
            let parts = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let types = ["grain", "sugar", "honey", "extract", "dry extract", "fruit", "juice"]
            guard parts.count == 4, types.contains(parts[0]), let colour = Double(parts[2]), colour >= 0,
                let yield = Double(parts[3]), yield >= 0, yield <= 100
            else { return nil }
            return FermentableFacts(
                type: parts[0], group: parts[1] == "-" ? nil : parts[1], lovibond: colour, yieldPercent: yield)
        }
        self.adjuncts = PhraseTable(text: adjuncts) { value in
            let type = value.trimmingCharacters(in: .whitespaces)
            let types = ["spice", "fining", "water agent", "herb", "flavor", "wood", "other"]
            return types.contains(type) ? AdjunctFacts(type: type) : nil
        }
    }

    /// Lines of the tables that could not be read.
    public var problems: [String] {
        hops.problems.map { "hop-varieties.txt " + $0 } + fermentables.problems.map { "fermentables.txt " + $0 }
            + adjuncts.problems.map { "adjuncts.txt " + $0 }
    }
}
