import Algorithms
import Foundation

/// A recipe as brewing apps take it (BeerXML, BeerJSON): every ingredient with the
/// properties those formats require, in their units, with what the record lacks estimated
/// from ``BrewingTables`` and what it gets wrong put right — each estimate and correction
/// listed in words, so a brewer knows what to check.
///
/// Built from a ``Recipe`` (as written or scaled) and its beer. Invariants: amounts are
/// finite and ≥ 0; every hop has an alpha, every fermentable a colour and yield; the mash
/// has a rest, each with a temperature and time; OG ≥ FG.
public struct BrewingRecipe: Sendable {
    /// A malt, sugar or honey.
    public struct Fermentable: Sendable, Equatable {
        public var name: String
        public var facts: BrewingTables.FermentableFacts
        public var kilograms: Double
        /// Added after the boil (a sugar the record lists among the dry hops).
        public var afterBoil: Bool
    }

    /// When a hop goes in, in the formats' words.
    public enum HopUse: String, Sendable, Equatable {
        case mash, firstWort, boil, aroma, dryHop
    }

    /// A hop addition.
    public struct Hop: Sendable, Equatable {
        public var name: String
        public var alphaPercent: Double
        /// Whether ``BrewingTables`` knew the variety (else a middling alpha was assumed).
        public var knownVariety: Bool
        public var isExtract: Bool
        public var grams: Double
        public var use: HopUse
        /// Minutes before the end of the boil (boil, first wort, mash: the boil's length),
        /// 0 at flame-out; for a dry hop, its days in minutes.
        public var minutes: Double
        /// Whether the record's wording was read as a whirlpool addition.
        public var whirlpool: Bool
    }

    /// When a miscellaneous ingredient goes in, in BeerXML's words.
    public enum MiscUse: String, Sendable, Equatable {
        case mash = "Mash"
        case boil = "Boil"
        case primary = "Primary"
        case secondary = "Secondary"
    }

    /// Something that is neither malt nor hop: spice, fruit, coffee, wood…
    public struct Misc: Sendable, Equatable {
        public var name: String
        /// BeerJSON's type (spice, fining, water agent, herb, flavor, wood, other).
        public var type: String
        public var use: MiscUse
        /// Minutes in the boil, or a dry addition's days in minutes.
        public var minutes: Double
        /// The weight, when the record gives one.
        public var grams: Double?
        /// The amount in its own unit when it is no weight ("1 total", "160 ml").
        public var asWritten: Quantity?
    }

    /// A yeast or other culture.
    public struct Culture: Sendable, Equatable {
        public var name: String
        /// Wyeast, White Labs, Fermentis…; nil when the record names none.
        public var producer: String?
        /// "1056", "WLP099", "US-05"; nil when the record names none.
        public var productID: String?
        /// BeerJSON's type: ale, lager, champagne, wine, brett, lacto…
        public var type: String
        /// Whether it is a wheat (weizen, wit) strain, which BeerXML types apart.
        public var isWheat: Bool
        /// liquid or dry.
        public var form: String
        /// Packs (liquid) or 11.5 g sachets (dry) for the batch.
        public var packs: Int
    }

    /// The beer's name and Brewery id.
    public var name: String
    public var beerID: Int
    public var batchLitres: Double
    public var boilLitres: Double
    public var boilMinutes: Double
    /// Brewhouse efficiency, percent: what turns the grain bill into the stated OG.
    public var efficiencyPercent: Double
    /// Specific gravities (1.050).
    public var originalGravity: Double?
    public var finalGravity: Double?
    /// As the record states them.
    public var statedABV: Double?
    public var statedIBU: Double?
    public var statedEBC: Double?
    public var statedSRM: Double?
    public var mash: [Recipe.MashStep]
    public var fermentationCelsius: Double?
    public var fermentables: [Fermentable]
    public var hops: [Hop]
    public var miscs: [Misc]
    public var cultures: [Culture]
    /// The record's texts for NOTES: description, brewer's tips, food pairings, twist.
    public var description: String?
    public var tips: String?
    public var foodPairing: [String]
    public var twist: String?
    /// What was estimated, one sentence each.
    public var estimates: [String]
    /// What the record got wrong and the export put right, one sentence each.
    public var corrections: [String]
    /// The brewer's numbers of this recipe.
    public var numbers: BrewersNumbers
    /// The nearest BJCP 2021 style; nil for a beer stating none of its numbers.
    public var style: StyleVerdict?

    /// Minutes in a dry hop's day.
    public static let minutesPerDay = 1440.0
    /// Days a dry hop stays when the record does not say (a usual contact time).
    public static let dryHopDays = 3.0
    /// The boil when the record's hop times say no longer.
    public static let usualBoilMinutes = 60.0
    /// The efficiency assumed when the grain bill and OG do not give one.
    public static let usualEfficiency = 75.0
    /// The alpha assumed for a hop variety the tables do not know.
    public static let unknownAlpha = 8.0

    /// The brewing recipe of `beer`, from `recipe` (its recipe as written or scaled), its
    /// style named by `guide` (none without one).
    public init(beer: Beer, recipe: Recipe, tables: BrewingTables = .standard, guide: StyleGuide? = .bjcp2021) {
        name = beer.name
        style = guide?.nearest(to: beer)
        beerID = beer.id
        var corrections: [String] = []
        statedABV = beer.abv
        statedIBU = beer.ibu
        statedEBC = beer.ebc
        statedSRM = beer.srm
        var estimates: [String] = []
        description = beer.description.flatMap { $0.isEmpty ? nil : $0 }
        tips = beer.brewersTips.flatMap { $0.isEmpty ? nil : $0 }
        foodPairing = beer.foodPairing
        twist = recipe.twist
        // The formats want a mash of at least one rest with a temperature and a time.
        if recipe.mash.isEmpty {
            mash = [Recipe.MashStep(celsius: 65, minutes: 60)]
            estimates.append("mash: one rest at 65 °C for 60 minutes (the record gives none)")
        } else {
            mash = recipe.mash.map { Recipe.MashStep(celsius: $0.celsius ?? 65, minutes: $0.minutes ?? 60) }
            if recipe.mash.contains(where: { $0.celsius == nil || $0.minutes == nil }) {
                estimates.append("mash: 65 °C or 60 minutes where the record gives no temperature or time")
            }
        }
        fermentationCelsius = recipe.fermentationCelsius

        if let batch = recipe.batchLitres, batch > 0 {
            batchLitres = batch
        } else {
            batchLitres = 20 * recipe.scale
            estimates.append("batch size: 20 litres (the record gives none)")
        }
        if let boil = recipe.boilLitres, boil > 0 {
            boilLitres = boil
        } else {
            boilLitres = batchLitres * 1.25
            estimates.append("boil volume: the batch plus a quarter (the record gives none)")
        }

        // Gravities: the data writes 1050 for 1.050; a final gravity above the original is
        // the two swapped.
        var og = recipe.originalGravity.map(Self.specificGravity)
        var fg = recipe.finalGravity.map(Self.specificGravity)
        if let o = og, let f = fg, f > o {
            (og, fg) = (f, o)
            corrections.append(
                "FG \(Self.gravityText(f)) was above OG \(Self.gravityText(o)): swapped to OG \(Self.gravityText(f)), FG \(Self.gravityText(o))"
            )
        }
        originalGravity = og
        finalGravity = fg

        // Boil length: 60 minutes unless a hop is timed earlier ("90", "70").
        let longest = recipe.hops.compactMap { $0.addition.minutes }.max() ?? 0
        boilMinutes = max(Self.usualBoilMinutes, Double(longest))
        estimates.append(
            "boil time: \(Int(boilMinutes)) minutes (\(longest > 60 ? "the earliest hop's time" : "the usual boil; the record gives none"))"
        )

        var fermentables: [Fermentable] = []
        var hops: [Hop] = []
        var miscs: [Misc] = []
        var unknownMalts: [String] = []
        var unknownHops: [String] = []
        var movedFromHops: [String] = []
        var movedFromMalts: [String] = []

        for malt in recipe.malts {
            if let row = tables.fermentables.row(for: malt.name) {
                fermentables.append(
                    Fermentable(name: malt.name, facts: row.value, kilograms: (malt.grams ?? 0) / 1000, afterBoil: false))
            } else if let row = tables.adjuncts.row(for: malt.name) {
                miscs.append(
                    Misc(
                        name: malt.name, type: row.value.type, use: .mash, minutes: 0, grams: malt.grams,
                        asWritten: malt.asWritten))
                movedFromMalts.append(malt.name)
            } else {
                fermentables.append(
                    Fermentable(
                        name: malt.name, facts: .init(type: "grain", group: nil, lovibond: 3, yieldPercent: 75),
                        kilograms: (malt.grams ?? 0) / 1000, afterBoil: false))
                unknownMalts.append(malt.name)
            }
        }

        for hop in recipe.hops {
            let (use, minutes, whirlpool) = Self.timing(of: hop.addition, boilMinutes: boilMinutes)
            if let row = tables.hops.row(for: hop.name) {
                hops.append(
                    Hop(
                        name: hop.name, alphaPercent: row.value.alphaPercent, knownVariety: true, isExtract: row.value.isExtract,
                        grams: hop.grams ?? 0, use: use, minutes: minutes, whirlpool: whirlpool))
            } else if let row = tables.fermentables.row(for: hop.name), !row.value.isGrain {
                fermentables.append(
                    Fermentable(
                        name: hop.name, facts: row.value, kilograms: (hop.grams ?? 0) / 1000,
                        afterBoil: use == .dryHop))
                movedFromHops.append(hop.name)
            } else if let row = tables.adjuncts.row(for: hop.name) {
                let miscUse: MiscUse =
                    switch use {
                    case .mash, .firstWort: .mash
                    case .boil, .aroma: .boil
                    case .dryHop: .secondary
                    }
                miscs.append(
                    Misc(
                        name: hop.name, type: row.value.type, use: miscUse, minutes: minutes, grams: hop.grams,
                        asWritten: hop.asWritten))
                movedFromHops.append(hop.name)
            } else {
                hops.append(
                    Hop(
                        name: hop.name, alphaPercent: Self.unknownAlpha, knownVariety: false, isExtract: false,
                        grams: hop.grams ?? 0, use: use, minutes: minutes, whirlpool: whirlpool))
                unknownHops.append(hop.name)
            }
        }
        if !movedFromHops.isEmpty {
            corrections.append(
                "listed as hops, moved to the other ingredients or fermentables: \(Self.distinct(movedFromHops).joined(separator: ", "))"
            )
        }
        if !movedFromMalts.isEmpty {
            corrections.append(
                "listed as malts, moved to the other ingredients: \(Self.distinct(movedFromMalts).joined(separator: ", "))")
        }
        if hops.contains(where: \.knownVariety) {
            estimates.append("hop alpha acids: typical values of the varieties (Data/hop-varieties.txt)")
        }
        if !unknownHops.isEmpty {
            estimates.append(
                "alpha \(Self.number(Self.unknownAlpha))% assumed for varieties not in the table: \(Self.distinct(unknownHops).joined(separator: ", "))"
            )
        }
        if !fermentables.isEmpty {
            estimates.append("malt colours and yields: typical values (Data/fermentables.txt)")
        }
        if !unknownMalts.isEmpty {
            estimates.append(
                "3 °L and 75% yield assumed for malts not in the table: \(Self.distinct(unknownMalts).joined(separator: ", "))")
        }
        if hops.contains(where: { $0.use == .dryHop }) || miscs.contains(where: { $0.use == .secondary }) {
            estimates.append("dry hops: \(Int(Self.dryHopDays)) days (the record gives no time)")
        }
        if recipe.malts.contains(where: { $0.grams == nil })
            || recipe.hops.contains(where: { $0.grams == nil && $0.asWritten == nil })
        {
            corrections.append("amounts the record gives in no weight are written as 0")
        }

        // Efficiency: what turns the grain bill into the stated OG, when that is plausible.
        let grainPoints = fermentables.filter(\.facts.isGrain).reduce(0) {
            $0 + $1.kilograms * $1.facts.yieldPercent / 100 * Self.pointsPerKilogramLitre
        }
        let sugarPoints = fermentables.filter { !$0.facts.isGrain }.reduce(0) {
            $0 + $1.kilograms * $1.facts.yieldPercent / 100 * Self.pointsPerKilogramLitre
        }
        var efficiency = Self.usualEfficiency
        if let og, grainPoints > 0 {
            let wanted = (og - 1) * 1000 * batchLitres - sugarPoints
            let fitted = wanted / grainPoints * 100
            if (40...100).contains(fitted) {
                efficiency = (fitted * 10).rounded() / 10
                estimates.append("efficiency: \(Self.number(efficiency))%, what gives the stated OG from this grain bill")
            } else {
                estimates.append(
                    "efficiency: \(Self.number(efficiency))% (the stated OG would need \(Self.number(fitted.rounded()))% from this grain bill)"
                )
            }
        } else {
            estimates.append("efficiency: \(Self.number(efficiency))% (usual)")
        }
        efficiencyPercent = efficiency

        let cultures = Self.cultures(recipe.yeast, batchLitres: batchLitres, originalGravity: og)
        if !cultures.isEmpty {
            estimates.append("yeast form and amount: from the strain's maker and the batch size and gravity")
        }

        self.fermentables = fermentables
        self.hops = hops
        self.miscs = miscs
        self.cultures = cultures
        self.estimates = estimates
        self.corrections = corrections

        // The brewer's numbers, on the boil's gravity.
        let (batch, boil) = (batchLitres, boilLitres)
        let boilGravity = og.map { 1 + ($0 - 1) * batch / max(boil, batch) } ?? 1.050
        var tinseth = 0.0
        var rager = 0.0
        for hop in hops where hop.use != .dryHop {
            let m = hop.use == .aroma ? 0 : hop.minutes
            tinseth += BrewersNumbers.tinseth(
                grams: hop.grams, alphaPercent: hop.alphaPercent, minutes: m, litres: batch, boilGravity: boilGravity)
            rager += BrewersNumbers.rager(
                grams: hop.grams, alphaPercent: hop.alphaPercent, minutes: m, litres: batch, boilGravity: boilGravity)
        }
        numbers = BrewersNumbers(
            abv: og.flatMap { o in fg.map { BrewersNumbers.abv(og: o, fg: $0) } },
            ibuTinseth: hops.isEmpty ? nil : tinseth, ibuRager: hops.isEmpty ? nil : rager,
            srm: BrewersNumbers.morey(fermentables.map { ($0.kilograms, $0.facts.lovibond) }, litres: batch))
    }

    /// Gravity points of a kilogram of sucrose in a litre (46 points per pound per gallon).
    static let pointsPerKilogramLitre = 384.0

    /// A gravity the data writes as 1050 or 1.050, as 1.050.
    static func specificGravity(_ v: Double) -> Double { v > 2 ? v / 1000 : v }

    static func gravityText(_ v: Double) -> String { String(format: "%.3f", v) }

    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
    }

    static func distinct(_ names: [String]) -> [String] { Array(names.uniqued()) }

    /// How a hop addition maps to the formats' use and time (written in docs/brewing.md):
    /// start = the whole boil, middle = 30 minutes, end and flame-out = 0 (aroma), whirlpool =
    /// aroma at 0 (the formats' nearest), a minute number = that many minutes, dry hop and
    /// ageing = dry hop for ``dryHopDays``, mash = mash, first wort = first wort.
    static func timing(of addition: HopAddition, boilMinutes: Double) -> (HopUse, Double, Bool) {
        if let m = addition.minutes { return m == 0 ? (.aroma, 0, false) : (.boil, Double(m), false) }
        switch addition.stage {
        case .mash: return addition.moment == "first wort" ? (.firstWort, boilMinutes, false) : (.mash, boilMinutes, false)
        case .start: return (.boil, boilMinutes, false)
        case .middle: return (.boil, 30, false)
        case .end: return (.aroma, 0, addition.moment == "whirlpool")
        case .dryHop, .ageing: return (.dryHop, dryHopDays * minutesPerDay, false)
        case .other: return (.aroma, 0, false)
        }
    }

    /// The cultures a yeast line names ("A & B" names two), with their maker, type and form.
    static func cultures(_ yeast: String?, batchLitres: Double, originalGravity: Double?) -> [Culture] {
        guard let yeast else { return [] }
        return YeastStrain.names(inLine: yeast).map { written in
            let name = written.replacingOccurrences(of: "™", with: "").trimmingCharacters(in: .whitespaces)
            let key = IngredientName.key(name)
            let words = key.split(separator: " ")
            var producer: String?
            var productID: String?
            var display = name
            if let dash = name.range(of: " - ") {
                let head = name[..<dash.lowerBound].split(separator: " ")
                display = String(name[dash.upperBound...]).trimmingCharacters(in: .whitespaces)
                if head.count >= 2 {
                    producer = head.dropLast().joined(separator: " ")
                    productID = String(head.last!)
                } else if let only = head.first {
                    productID = String(only)
                }
            }
            if productID?.lowercased().hasPrefix("wlp") == true { producer = "White Labs" }
            if words.first == "safale" || words.first == "saflager" {
                producer = "Fermentis"
                productID = name.split(separator: " ").dropFirst().joined(separator: " ")
            }
            let lager =
                words.contains { ["lager", "pilsen", "pilsner", "bohemian", "saflager"].contains($0) } || key.contains("34 70")
            let wheat = words.contains { ["wheat", "weizen", "witbier", "hefeweizen", "wit"].contains($0) }
            let champagne = words.contains("champagne")
            let type = lager ? "lager" : champagne ? "champagne" : words.contains("brett") ? "brett" : "ale"
            let dry = producer == "Fermentis" || champagne
            // One pack or sachet per 20 litres, twice that for a lager or above 1.060.
            let strong = lager || (originalGravity ?? 1.050) > 1.060
            let packs = max(1, Int((batchLitres / 20 * (strong ? 2 : 1)).rounded(.up)))
            return Culture(
                name: display.isEmpty ? name : display, producer: producer, productID: productID, type: type, isWheat: wheat,
                form: dry ? "dry" : "liquid", packs: packs)
        }
    }
}
