import BreweryCore
import Foundation

/// Recipes as a BeerXML 1.0 document (`<RECIPES>`), the format every brewing app imports:
/// kilograms, litres, °C, minutes, specific gravity, °L; hops' USE one of Boil, Dry Hop,
/// Mash, First Wort, Aroma; MISC for spices, fruit and the like. Text is escaped and
/// stripped of what XML 1.0 cannot hold.
package struct BeerXMLDocument: Sendable {
    package let recipes: [BrewingRecipe]

    package init(recipes: [BrewingRecipe]) { self.recipes = recipes }

    /// The whole document, ending in a newline.
    package var text: String {
        var out = Self.head
        for r in recipes { Self.write(r, to: &out) }
        return out + Self.tail
    }

    /// What comes before and after the `<RECIPE>`s, for writing them one by one.
    package static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<RECIPES>\n"
    package static let tail = "</RECIPES>\n"

    /// Appends `r` as one `<RECIPE>` element.
    package static func write(_ r: BrewingRecipe, to out: inout String) {
        var x = XMLWriter(indent: 1)
        x.open("RECIPE")
        x.element("NAME", r.name)
        x.element("VERSION", 1)
        x.element("TYPE", "All Grain")
        x.element("BREWER", "BrewDog (DIY Dog)")
        x.element("BATCH_SIZE", r.batchLitres)
        x.element("BOIL_SIZE", r.boilLitres)
        x.element("BOIL_TIME", r.boilMinutes)
        x.element("EFFICIENCY", r.efficiencyPercent)
        style(r, &x)
        x.open("HOPS")
        for h in r.hops {
            x.open("HOP")
            x.element("NAME", h.name)
            x.element("VERSION", 1)
            x.element("ALPHA", h.alphaPercent)
            x.element("AMOUNT", h.grams / 1000)
            x.element("USE", use(h.use))
            x.element("TIME", h.minutes)
            x.element("FORM", "Pellet")
            var notes = h.knownVariety ? "Alpha: the variety's typical value." : "Alpha assumed: variety not in Brewery's table."
            if h.isExtract { notes += " A hop extract." }
            if h.whirlpool { notes += " Whirlpool addition." }
            x.element("NOTES", notes)
            x.close("HOP")
        }
        x.close("HOPS")
        x.open("FERMENTABLES")
        for f in r.fermentables {
            x.open("FERMENTABLE")
            x.element("NAME", f.name)
            x.element("VERSION", 1)
            x.element("TYPE", fermentableType(f.facts))
            x.element("AMOUNT", f.kilograms)
            x.element("YIELD", f.facts.yieldPercent)
            x.element("COLOR", f.facts.lovibond)
            x.element("ADD_AFTER_BOIL", f.afterBoil ? "TRUE" : "FALSE")
            x.element("NOTES", "Colour and yield: typical values.")
            x.close("FERMENTABLE")
        }
        x.close("FERMENTABLES")
        x.open("MISCS")
        for m in r.miscs {
            x.open("MISC")
            x.element("NAME", m.name)
            x.element("VERSION", 1)
            x.element("TYPE", miscType(m.type))
            x.element("USE", m.use.rawValue)
            x.element("TIME", m.minutes)
            if let g = m.grams {
                x.element("AMOUNT", g / 1000)
                x.element("AMOUNT_IS_WEIGHT", "TRUE")
            } else if let q = m.asWritten, IngredientName.key(q.unit) == "ml" {
                x.element("AMOUNT", q.value / 1000)
                x.element("AMOUNT_IS_WEIGHT", "FALSE")
            } else {
                x.element("AMOUNT", 0)
                x.element("AMOUNT_IS_WEIGHT", "TRUE")
            }
            if let q = m.asWritten { x.element("NOTES", "As written: \(BrewingNotes.amountText(q)).") }
            x.close("MISC")
        }
        x.close("MISCS")
        x.open("YEASTS")
        for c in r.cultures {
            x.open("YEAST")
            x.element("NAME", c.name)
            x.element("VERSION", 1)
            x.element("TYPE", c.isWheat ? "Wheat" : c.type == "lager" ? "Lager" : c.type == "champagne" ? "Champagne" : "Ale")
            x.element("FORM", c.form == "dry" ? "Dry" : "Liquid")
            if c.form == "dry" {
                x.element("AMOUNT", Double(c.packs) * 0.0115)
                x.element("AMOUNT_IS_WEIGHT", "TRUE")
            } else {
                x.element("AMOUNT", Double(c.packs) * 0.125)
                x.element("AMOUNT_IS_WEIGHT", "FALSE")
            }
            if let p = c.producer { x.element("LABORATORY", p) }
            if let p = c.productID { x.element("PRODUCT_ID", p) }
            x.element("NOTES", "\(CountedNoun.phrase(c.packs, c.form == "dry" ? "11.5 g sachet" : "pack")) (estimated).")
            x.close("YEAST")
        }
        x.close("YEASTS")
        x.empty("WATERS")
        x.open("MASH")
        x.element("NAME", "Mash")
        x.element("VERSION", 1)
        x.element("GRAIN_TEMP", 20)
        x.open("MASH_STEPS")
        let steps = r.mash
        for (i, s) in steps.enumerated() {
            x.open("MASH_STEP")
            x.element("NAME", steps.count == 1 ? "Mash" : "Rest \(i + 1)")
            x.element("VERSION", 1)
            x.element("TYPE", "Infusion")
            x.element("STEP_TEMP", s.celsius ?? 65)
            x.element("STEP_TIME", s.minutes ?? 60)
            x.close("MASH_STEP")
        }
        x.close("MASH_STEPS")
        x.close("MASH")
        x.element("NOTES", BrewingNotes.text(r))
        if let og = r.originalGravity { x.element("OG", og) }
        if let fg = r.finalGravity { x.element("FG", fg) }
        x.element("FERMENTATION_STAGES", 1)
        if let t = r.fermentationCelsius { x.element("PRIMARY_TEMP", t) }
        if let og = r.originalGravity { x.element("EST_OG", BrewingNotes.gravityText(og) + " SG") }
        if let fg = r.finalGravity { x.element("EST_FG", BrewingNotes.gravityText(fg) + " SG") }
        if let srm = r.statedSRM { x.element("EST_COLOR", BrewingNotes.decimal(srm) + " SRM") }
        // IBU and ABV bare, as apps read them back as numbers; the EST_ fields are for display.
        if let ibu = r.statedIBU { x.element("IBU", ibu) }
        x.element("IBU_METHOD", "Tinseth")
        if let abv = r.statedABV {
            x.element("EST_ABV", BrewingNotes.decimal(abv) + " %")
            x.element("ABV", abv)
        }
        x.close("RECIPE")
        out += x.text
    }

    /// The nearest BJCP 2021 style with its ranges; for a beer with no numbers, the
    /// record's own yeast type under a style "DIY Dog (unclassified)" (BeerXML requires one).
    private static func style(_ r: BrewingRecipe, _ x: inout XMLWriter) {
        let lager = r.cultures.contains { $0.type == "lager" }
        let wheat = r.cultures.contains(where: \.isWheat)
        x.open("STYLE")
        guard let verdict = r.style else {
            x.element("NAME", "DIY Dog (unclassified)")
            x.element("VERSION", 1)
            x.element("CATEGORY", "Unclassified")
            x.element("CATEGORY_NUMBER", "0")
            x.element("STYLE_LETTER", "")
            x.element("STYLE_GUIDE", "none")
            x.element("TYPE", lager ? "Lager" : wheat ? "Wheat" : "Ale")
            for tag in ["OG_MIN", "OG_MAX", "FG_MIN", "FG_MAX", "IBU_MIN", "IBU_MAX", "COLOR_MIN", "COLOR_MAX"] {
                x.element(tag, 0)
            }
            x.close("STYLE")
            return
        }
        let s = verdict.style
        x.element("NAME", s.name)
        x.element("VERSION", 1)
        x.element("CATEGORY", s.category)
        x.element("CATEGORY_NUMBER", String(s.categoryNumber))
        x.element("STYLE_LETTER", s.letter ?? "")
        x.element("STYLE_GUIDE", "BJCP 2021")
        x.element("TYPE", s.yeast == .lager ? "Lager" : s.yeast == .weizen ? "Wheat" : s.yeast == .hybrid ? "Mixed" : "Ale")
        for (m, low, high) in [
            (BJCPStyle.Measure.og, "OG_MIN", "OG_MAX"), (.fg, "FG_MIN", "FG_MAX"), (.ibu, "IBU_MIN", "IBU_MAX"),
            (.srm, "COLOR_MIN", "COLOR_MAX"), (.abv, "ABV_MIN", "ABV_MAX"),
        ] {
            guard let range = s.ranges[m] else { continue }
            x.element(low, range.lowerBound)
            x.element(high, range.upperBound)
        }
        x.element("NOTES", "The nearest BJCP 2021 style to the recipe's numbers (Brewery): \(verdict.summary).")
        x.close("STYLE")
    }

    static func use(_ u: BrewingRecipe.HopUse) -> String {
        switch u {
        case .mash: "Mash"
        case .firstWort: "First Wort"
        case .boil: "Boil"
        case .aroma: "Aroma"
        case .dryHop: "Dry Hop"
        }
    }

    static func fermentableType(_ f: BrewingTables.FermentableFacts) -> String {
        switch f.type {
        case "grain": f.group == "adjunct" || f.group == "flaked" ? "Adjunct" : "Grain"
        case "extract": "Extract"
        case "dry extract": "Dry Extract"
        default: "Sugar"
        }
    }

    static func miscType(_ t: String) -> String {
        switch t {
        case "spice": "Spice"
        case "fining": "Fining"
        case "water agent": "Water Agent"
        case "herb": "Herb"
        case "flavor": "Flavor"
        default: "Other"
        }
    }
}

/// Indented XML elements with escaped text.
struct XMLWriter {
    var text = ""
    var indent: Int

    mutating func open(_ tag: String) {
        pad()
        text += "<\(tag)>\n"
        indent += 1
    }

    mutating func close(_ tag: String) {
        indent -= 1
        pad()
        text += "</\(tag)>\n"
    }

    mutating func empty(_ tag: String) {
        pad()
        text += "<\(tag)/>\n"
    }

    mutating func element(_ tag: String, _ value: String) {
        pad()
        text += "<\(tag)>\(Self.escaped(value))</\(tag)>\n"
    }

    mutating func element(_ tag: String, _ value: Double) { element(tag, BrewingNotes.decimal(value)) }

    mutating func element(_ tag: String, _ value: Int) { element(tag, String(value)) }

    private mutating func pad() { text += String(repeating: "  ", count: indent) }

    /// `s` with markup escaped (no attribute is written, so quotes stay) and the characters XML 1.0 forbids (most controls) dropped.
    static func escaped(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                let v = u.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
