import BreweryCore

/// Recipes as a BeerJSON 1.0 document (`{"beerjson": {"version": 1.0, "recipes": […]}}`),
/// valid against the standard's JSON Schema: every measure a `{unit, value}` pair in the
/// schema's units (l, kg, g, C, min, day, sg, %, Lovi, SRM), times as whole numbers.
package struct BeerJSONDocument: Sendable {
    package let recipes: [BrewingRecipe]

    package init(recipes: [BrewingRecipe]) { self.recipes = recipes }

    /// The whole document, ending in a newline.
    package var text: String { Self.head + recipes.map(Self.element).joined(separator: ",\n") + Self.tail }

    /// What comes before the recipes of a document written one recipe at a time, laid
    /// out as the recipes are (`"key" : value`, two spaces a level).
    package static let head = "{\n  \"beerjson\" : {\n    \"version\" : 1,\n    \"recipes\" : [\n"
    /// What comes after them.
    package static let tail = "\n    ]\n  }\n}\n"

    /// One recipe as an element of that list, pretty-printed at its depth (three levels
    /// in: a JSON string holds no line break, so each line moves whole).
    package static func element(_ r: BrewingRecipe) -> String {
        JSONDocument.string(recipe(r)).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "      " + $0 }.joined(separator: "\n")
    }

    /// One recipe object.
    package static func recipe(_ r: BrewingRecipe) -> JSONValue {
        var o: [String: JSONValue] = [
            "name": .string(r.name),
            "type": .string("all grain"),
            "author": .string("BrewDog (DIY Dog)"),
            "batch_size": measure("l", r.batchLitres),
            "efficiency": .object(["brewhouse": measure("%", r.efficiencyPercent)]),
            "ingredients": ingredients(r),
            "mash": mash(r),
            "boil": .object(["boil_time": time("min", r.boilMinutes), "pre_boil_size": measure("l", r.boilLitres)]),
            "notes": .string(BrewingNotes.text(r)),
            "ibu_estimate": .object(["method": .string("Tinseth")]),
        ]
        if let verdict = r.style {
            var style: [String: JSONValue] = [
                "name": .string(verdict.style.name), "category": .string(verdict.style.category),
                "category_number": .integer(verdict.style.categoryNumber), "style_guide": .string("BJCP 2021"),
                "type": .string("beer"),
            ]
            if let letter = verdict.style.letter { style["style_letter"] = .string(letter) }
            o["style"] = .object(style)
        }
        if let og = r.originalGravity { o["original_gravity"] = measure("sg", og) }
        if let fg = r.finalGravity { o["final_gravity"] = measure("sg", fg) }
        if let abv = r.statedABV { o["alcohol_by_volume"] = measure("%", abv) }
        if let srm = r.statedSRM { o["color_estimate"] = measure("SRM", srm) }
        if let t = r.fermentationCelsius {
            o["fermentation"] = .object([
                "name": .string("Fermentation"),
                "fermentation_steps": .array([
                    .object(["name": .string("Primary"), "start_temperature": measure("C", t)])
                ]),
            ])
        }
        return .object(o)
    }

    private static func ingredients(_ r: BrewingRecipe) -> JSONValue {
        var o: [String: JSONValue] = [
            "fermentable_additions": .array(
                r.fermentables.map { f in
                    var a: [String: JSONValue] = [
                        "name": .string(f.name),
                        "type": .string(f.facts.type),
                        "yield": .object(["fine_grind": measure("%", f.facts.yieldPercent)]),
                        "color": measure("Lovi", f.facts.lovibond),
                        "amount": measure("kg", f.kilograms),
                    ]
                    if let g = f.facts.group { a["grain_group"] = .string(g) }
                    if f.afterBoil { a["timing"] = .object(["use": .string("add_to_fermentation")]) }
                    return .object(a)
                })
        ]
        if !r.hops.isEmpty {
            o["hop_additions"] = .array(
                r.hops.map { h in
                    .object([
                        "name": .string(h.name),
                        "alpha_acid": measure("%", h.alphaPercent),
                        "form": .string(h.isExtract ? "extract" : "pellet"),
                        "amount": measure("g", h.grams),
                        "timing": hopTiming(h),
                    ])
                })
        }
        if !r.miscs.isEmpty {
            o["miscellaneous_additions"] = .array(
                r.miscs.map { m in
                    let amount: JSONValue =
                        if let g = m.grams {
                            measure("g", g)
                        } else if let q = m.asWritten, IngredientName.key(q.unit) == "ml" {
                            measure("ml", q.value)
                        } else {
                            measure("each", m.asWritten?.value ?? 0)
                        }
                    return .object([
                        "name": .string(m.name), "type": .string(m.type), "amount": amount, "timing": miscTiming(m),
                    ])
                })
        }
        if !r.cultures.isEmpty {
            o["culture_additions"] = .array(
                r.cultures.map { c in
                    var a: [String: JSONValue] = [
                        "name": .string(c.name), "type": .string(c.type), "form": .string(c.form),
                        "amount": measure("pkg", Double(c.packs)),
                    ]
                    if let p = c.producer { a["producer"] = .string(p) }
                    if let p = c.productID { a["product_id"] = .string(p) }
                    return .object(a)
                })
        }
        return .object(o)
    }

    private static func hopTiming(_ h: BrewingRecipe.Hop) -> JSONValue {
        switch h.use {
        case .mash: .object(["use": .string("add_to_mash")])
        case .firstWort, .boil: .object(["use": .string("add_to_boil"), "duration": time("min", h.minutes)])
        case .aroma: .object(["use": .string("add_to_boil"), "duration": time("min", 0)])
        case .dryHop:
            .object(["use": .string("add_to_fermentation"), "duration": time("day", h.minutes / BrewingRecipe.minutesPerDay)])
        }
    }

    private static func miscTiming(_ m: BrewingRecipe.Misc) -> JSONValue {
        switch m.use {
        case .mash: .object(["use": .string("add_to_mash")])
        case .boil: .object(["use": .string("add_to_boil"), "duration": time("min", m.minutes)])
        case .primary, .secondary:
            .object(["use": .string("add_to_fermentation"), "duration": time("day", m.minutes / BrewingRecipe.minutesPerDay)])
        }
    }

    private static func mash(_ r: BrewingRecipe) -> JSONValue {
        let steps = r.mash
        return .object([
            "name": .string("Mash"),
            "grain_temperature": measure("C", 20),
            "mash_steps": .array(
                steps.enumerated().map { i, s -> JSONValue in
                    .object([
                        "name": .string(steps.count == 1 ? "Mash" : "Rest \(i + 1)"),
                        "type": .string("infusion"),
                        "step_temperature": measure("C", s.celsius ?? 65),
                        "step_time": time("min", s.minutes ?? 60),
                    ])
                }),
        ])
    }

    private static func measure(_ unit: String, _ value: Double) -> JSONValue {
        .object(["unit": .string(unit), "value": .number(BrewingNotes.rounded(value))])
    }

    /// The schema's times are whole numbers.
    private static func time(_ unit: String, _ value: Double) -> JSONValue {
        .object(["unit": .string(unit), "value": .integer(Int(value.rounded()))])
    }
}
