import BreweryCore

/// What `show --recipe` shows (and the recipe part of the card): the batch, gravities,
/// mash and fermentation, malts, hops in brewing order and the yeast, in metric or US
/// units, scaled to a batch size when asked. Missing values are a dash.
package struct RecipeView: CommandView {
    /// The JSON document: the recipe as shown, numbers in the units asked for.
    package struct Document: Encodable, Sendable, Equatable {
        package struct Amount: Encodable, Sendable, Equatable {
            package var value: Double
            package var unit: String
        }
        package struct MashStep: Encodable, Sendable, Equatable {
            @Nullable package var temperature: Amount?
            @Nullable package var minutes: Double?
        }
        package struct Malt: Encodable, Sendable, Equatable {
            package var name: String
            @Nullable package var amount: Amount?
        }
        package struct Hop: Encodable, Sendable, Equatable {
            package var name: String
            @Nullable package var amount: Amount?
            /// When it goes in, as shown ("start", "60 min", "dry hop").
            package var add: String
            /// `mash`, `start`, `middle`, `end`, `dry hop`, `ageing` or `other`.
            package var stage: String
            /// `bitter`, `flavour`, `aroma` or `other`.
            package var purpose: String
        }

        /// The nearest BJCP 2021 style.
        package struct StyleMatch: Encodable, Sendable, Equatable {
            package var code: String
            package var name: String
            /// Every stated number in range and the yeast the style's.
            package var fits: Bool
            /// "American IPA (21A): OG, FG, IBU, SRM, ABV in range".
            package var summary: String
        }
        /// What the recipe gives by the brewing apps' formulas (estimates).
        package struct BrewersNumbers: Encodable, Sendable, Equatable {
            @Nullable package var abv: Double?
            @Nullable package var ibuTinseth: Double?
            @Nullable package var ibuRager: Double?
            @Nullable package var srmMorey: Double?

            enum CodingKeys: String, CodingKey {
                case abv
                case ibuTinseth = "ibu_tinseth"
                case ibuRager = "ibu_rager"
                case srmMorey = "srm_morey"
            }
        }

        package var id: Int
        package var name: String
        package var units: String
        /// How much malts, hops and volumes were multiplied by.
        package var scale: Double
        @Nullable package var batchVolume: Amount?
        @Nullable package var boilVolume: Amount?
        @Nullable package var originalGravity: Double?
        @Nullable package var finalGravity: Double?
        @Nullable package var attenuation: Double?
        package var mash: [MashStep]
        @Nullable package var fermentation: Amount?
        @Nullable package var twist: String?
        package var malts: [Malt]
        package var hops: [Hop]
        @Nullable package var yeast: String?
        @Nullable package var style: StyleMatch?
        package var brewersNumbers: BrewersNumbers
        /// The record's problems, one line each.
        package var checks: [String]

        enum CodingKeys: String, CodingKey {
            case id, name, units, scale, mash, fermentation, twist, malts, hops, yeast, attenuation, style, checks
            case brewersNumbers = "brewers_numbers"
            case batchVolume = "batch_volume"
            case boilVolume = "boil_volume"
            case originalGravity = "original_gravity"
            case finalGravity = "final_gravity"
        }
    }

    package let document: Document
    let recipe: Recipe
    let units: UnitSystem
    /// The batch the record was written for, when scaled.
    let writtenFor: Double?
    /// Whether the text names the beer and says its style: when it stands alone (`recipe`,
    /// `show --recipe`), not under the card, which does both.
    var standsAlone = true
    /// The numbers the record states, shown beside what the recipe gives.
    let stated: (abv: Double?, ibu: Double?, srm: Double?)

    /// The view of `recipe`, of `beer`, in `units`; `writtenFor` is the record's own batch
    /// size when `recipe` was scaled from it.
    package init(
        beer: Beer, recipe: Recipe, units: UnitSystem, writtenFor: Double? = nil, style verdict: StyleVerdict? = nil
    ) {
        self.recipe = recipe
        self.units = units
        self.writtenFor = writtenFor
        stated = (beer.abv, beer.ibu, beer.srm ?? beer.ebc.map { $0 / 1.97 })
        func amount(_ q: Quantity) -> Document.Amount { Document.Amount(value: q.value, unit: q.unit) }
        // The style is the caller's (`verdict`): not named a second time here.
        let brewing = BrewingRecipe(beer: beer, recipe: recipe, guide: nil)
        /// A weight in the units asked for, else the amount in its own unit, to 0.1 or two
        /// significant digits.
        func weight(_ grams: Double?, else written: Quantity?) -> Document.Amount? {
            if let grams { return amount(units.weight(grams: grams)) }
            return written.map { Document.Amount(value: UnitSystem.rounded($0.value, step: 0.1), unit: $0.unit) }
        }
        document = Document(
            id: beer.id, name: beer.name, units: units.rawValue, scale: NumberFormat.rounded(recipe.scale, places: 4),
            batchVolume: recipe.batchLitres.map { amount(units.volume(litres: $0)) },
            boilVolume: recipe.boilLitres.map { amount(units.volume(litres: $0)) },
            originalGravity: recipe.originalGravity, finalGravity: recipe.finalGravity, attenuation: recipe.attenuation,
            mash: recipe.mash.map {
                Document.MashStep(temperature: $0.celsius.map { amount(units.temperature(celsius: $0)) }, minutes: $0.minutes)
            },
            fermentation: recipe.fermentationCelsius.map { amount(units.temperature(celsius: $0)) }, twist: recipe.twist,
            malts: recipe.malts.map { Document.Malt(name: $0.name, amount: weight($0.grams, else: $0.asWritten)) },
            hops: recipe.hops.map {
                Document.Hop(
                    name: $0.name, amount: weight($0.grams, else: $0.asWritten), add: $0.addition.label,
                    stage: $0.addition.stage.label, purpose: $0.addition.purpose.rawValue)
            },
            yeast: recipe.yeast,
            style: verdict.map {
                Document.StyleMatch(code: $0.style.code, name: $0.style.name, fits: $0.fits, summary: $0.summary)
            },
            brewersNumbers: Self.numbers(brewing.numbers), checks: RecipeCheck.checks(beer).map(\.message))
    }

    static func numbers(_ n: BreweryCore.BrewersNumbers) -> Document.BrewersNumbers {
        func r(_ v: Double?) -> Double? { v.map { NumberFormat.rounded($0, places: 1) } }
        return Document.BrewersNumbers(abv: r(n.abv), ibuTinseth: r(n.ibuTinseth), ibuRager: r(n.ibuRager), srmMorey: r(n.srm))
    }

    package func lines(width: Int, style: Style) -> [String] {
        let d = document
        let dash = "-"
        func q(_ a: Document.Amount?) -> String { a.map { Quantity(value: $0.value, unit: $0.unit).description } ?? dash }
        func n(_ v: Double?) -> String { NumberFormat.short(v, 1) }
        var out: [String] = []
        if standsAlone { out.append(style.bold(TerminalText.safe(d.name)) + style.dim("  #\(d.id)")) }
        out.append(style.bold("Recipe") + " for \(q(d.batchVolume)) (boil \(q(d.boilVolume)))")
        if let writtenFor {
            let note =
                "scaled from \(units.volume(litres: writtenFor)) (× \(NumberFormat.short(d.scale, 3))): malts, hops and volumes "
                + "scale; yeast, temperatures, times and gravities are as written"
            out += TextLayout.wrap(note, width: width).map(style.dim)
        }
        out.append(
            "OG \(NumberFormat.gravity(d.originalGravity))   FG \(NumberFormat.gravity(d.finalGravity))   attenuation \(d.attenuation.map { n($0) + "%" } ?? dash)"
        )
        if standsAlone, let s = d.style { out += TextLayout.labelled("Style     ", s.summary, width: width) }
        let b: Document.BrewersNumbers = d.brewersNumbers
        if b.abv != nil || b.ibuTinseth != nil || b.srmMorey != nil {
            // Each stated number beside what the recipe gives (estimates: typical alphas and
            // malt colours).
            func pair(_ name: String, _ stated: Double?, _ unit: String, _ given: String?) -> String? {
                guard stated != nil || given != nil else { return nil }
                return "\(name) \(stated.map { n($0) + unit } ?? dash) (\(given ?? dash))"
            }
            let ibu = [b.ibuTinseth.map { "recipe \(n($0)) Tinseth" }, b.ibuRager.map { "\(n($0)) Rager" }].compactMap { $0 }
            let parts = [
                pair("ABV", stated.abv, "%", b.abv.map { "recipe \(n($0))%" }),
                pair("IBU", stated.ibu, "", ibu.isEmpty ? nil : ibu.joined(separator: ", ")),
                pair("SRM", stated.srm, "", b.srmMorey.map { "recipe \(n($0)) Morey" }),
            ].compactMap { $0 }
            out += TextLayout.labelled(
                "Numbers   ", parts.joined(separator: "; ") + "; recipe figures are estimates", width: width)
        }
        for c in d.checks { out += TextLayout.labelled("Check     ", c, width: width).map(style.accent) }
        let mash =
            d.mash.isEmpty
            ? dash
            : d.mash.map { "\(q($0.temperature)) for \($0.minutes.map { n($0) + " min" } ?? dash)" }.joined(separator: ", then ")
        out.append("Mash      " + mash)
        out.append("Ferment   " + q(d.fermentation))
        out.append("Twist     " + TerminalText.safe(d.twist ?? dash))
        out.append("Yeast     " + TerminalText.safe(d.yeast ?? dash))
        out.append("")
        if d.malts.isEmpty {
            out.append("Malts     -")
        } else {
            out += TextLayout.table(
                [.init(header: "Malts", flexible: true, minWidth: 10), .init(header: "amount", rightAligned: true)],
                d.malts.map { [$0.name, q($0.amount)] }, width: width, style: style)
        }
        out.append("")
        if d.hops.isEmpty {
            out.append("Hops      -")
        } else {
            out += TextLayout.table(
                [
                    .init(header: "Hops", flexible: true, minWidth: 10), .init(header: "amount", rightAligned: true),
                    .init(header: "when"), .init(header: "for"),
                ],
                d.hops.map { [$0.name, q($0.amount), $0.add, $0.purpose] }, width: width, style: style)
        }
        return out
    }

    /// One row per ingredient: kind, name, amount, unit, when, for.
    /// A card (or a recipe) reads as it is, expanded or not.
    package var showsRecords: Bool { false }

    package var csv: CSVTable {
        let d = document
        func cells(_ a: Document.Amount?) -> [String] { [a.map { UnitSystem.decimal($0.value, 2) } ?? "", a?.unit ?? ""] }
        return CSVTable(
            header: ["kind", "name", "amount", "unit", "when", "for"],
            rows: d.malts.map { ["malt", $0.name] + cells($0.amount) + ["", ""] }
                + d.hops.map { ["hop", $0.name] + cells($0.amount) + [$0.add, $0.purpose] }
                + (d.yeast.map { [["yeast", $0, "", "", "", ""]] } ?? []))
    }
}
