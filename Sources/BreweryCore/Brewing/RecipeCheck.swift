import Foundation

/// A problem of a DIY Dog record that a brewing app would carry over silently, in one
/// line: gravities swapped, a colour whose EBC is not about twice its SRM, an IBU no beer
/// has, a grain bill no batch holds, adjuncts listed as hops, an ABV its gravities do not
/// give.
public struct RecipeCheck: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case gravitiesSwapped = "gravities swapped"
        case colourScales = "EBC not about 2 × SRM"
        case implausibleIBU = "IBU not plausible"
        case implausibleGrainBill = "grain bill not plausible"
        case adjunctsAsHops = "adjuncts listed as hops"
        case abvFromGravities = "ABV not what OG and FG give"
    }

    public var kind: Kind
    /// What is wrong, in one line ("FG above OG: swapped in the export").
    public var message: String

    /// The highest IBU a beer plausibly has (isomerised alpha acids stop dissolving well
    /// below this; recipes state up to about 150).
    public static let plausibleIBU = 300.0
    /// The most grain a litre of wort plausibly holds, kg (a 1.120 barley wine is about 0.4).
    public static let plausibleKilogramsPerLitre = 1.0
    /// An ABV further than this from (OG − FG) × 131.25 is flagged, percentage points.
    public static let abvTolerance = 1.5

    /// The checks `beer` fails, its recipe read as written.
    public static func checks(_ beer: Beer) -> [RecipeCheck] {
        var classifier = IngredientClassifier()
        return checks(beer, Recipe(beer: beer), &classifier)
    }

    /// The checks `beer` fails, given its `recipe` as written; `classifier` remembers the
    /// ingredient names it has read (a tally over many beers reads each name once).
    static func checks(_ beer: Beer, _ recipe: Recipe, _ classifier: inout IngredientClassifier) -> [RecipeCheck] {
        var out: [RecipeCheck] = []
        var og = beer.targetOG.map(BrewingRecipe.specificGravity)
        var fg = beer.targetFG.map(BrewingRecipe.specificGravity)
        if let o = og, let f = fg, f > o {
            out.append(RecipeCheck(kind: .gravitiesSwapped, message: "FG above OG: swapped in the export"))
            (og, fg) = (f, o)
        }
        if let ebc = beer.ebc, let srm = beer.srm, ebc > 0, srm > 0, !(1.8...2.2).contains(ebc / srm) {
            out.append(
                RecipeCheck(
                    kind: .colourScales,
                    message: "EBC \(number(ebc)) is \(number(ebc / srm))× SRM \(number(srm)) (about 2× is usual)"))
        }
        if let ibu = beer.ibu, ibu > plausibleIBU {
            out.append(RecipeCheck(kind: .implausibleIBU, message: "IBU \(number(ibu)) is not plausible"))
        }
        let batch = recipe.batchLitres.flatMap { $0 > 0 ? $0 : nil } ?? 20 * recipe.scale
        var grams = 0.0
        for malt in recipe.malts where classifier.isGrain(malt.name) { grams += malt.grams ?? 0 }
        if grams / 1000 / batch > plausibleKilogramsPerLitre {
            out.append(
                RecipeCheck(
                    kind: .implausibleGrainBill,
                    message: "\(number(grams / 1000)) kg of grain for \(number(batch)) l is not plausible"))
        }
        var moved: [String] = []
        for hop in recipe.hops where classifier.isNoHop(hop.name) { moved.append(hop.name) }
        if !moved.isEmpty {
            out.append(
                RecipeCheck(
                    kind: .adjunctsAsHops,
                    message:
                        "\(moved.count) hop entr\(moved.count == 1 ? "y is" : "ies are") no hop (\(Self.names(moved))): moved in the export"
                ))
        }
        if let abv = beer.abv, let o = og, let f = fg {
            let given = BrewersNumbers.abv(og: o, fg: f)
            if abs(abv - given) > abvTolerance {
                out.append(
                    RecipeCheck(kind: .abvFromGravities, message: "ABV \(number(abv))% but OG and FG give \(number(given))%"))
            }
        }
        return out
    }

    static func names(_ all: [String]) -> String {
        let distinct = BrewingRecipe.distinct(all)
        return distinct.prefix(3).joined(separator: ", ") + (distinct.count > 3 ? "…" : "")
    }

    static func number(_ v: Double) -> String { BrewingRecipe.number((v * 10).rounded() / 10) }
}
