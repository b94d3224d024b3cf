import ArgumentParser
import BreweryCore
import Foundation

// What the filter options ask, as the core's filter specification, and what they name that no beer has.
extension FilterOptions {
    /// The filter these options make on `catalogue` (ingredient, name, food, date and id
    /// filters resolved into the set of beers that pass them). What names nothing in the
    /// catalogue (an id no beer has, a hop no recipe uses) is told to `note`, one line
    /// each, with the ingredients a typo may have meant.
    func filter(_ catalogue: Catalogue, note: (String) -> Void) throws(BreweryError) -> BeerFilter {
        let (filter, notes) = try BreweryError.lifting(BreweryError.scoring) { () throws(ScoringError) in
            try specification.resolve(in: catalogue)
        }
        for n in notes {
            switch n {
            case .noIngredient(let kind, let text, let nearest): note("brewery: note: " + Self.noIngredient(kind, text, nearest))
            case .unknownIDs(let ids): note("brewery: note: " + Self.noBeers(ids))
            case .noStyle(let text, let nearest):
                note(
                    "brewery: note: no BJCP 2021 style is named like '\(text.prefix(40))'"
                        + (nearest.isEmpty ? "" : " (did you mean \(nearest.map { "'\($0)'" }.joined(separator: ", "))?)"))
            }
        }
        return filter
    }

    /// What these options ask, in the shell's words and matching rules.
    var specification: FilterSpecification {
        var s = FilterSpecification()
        s.greaterThan[.abv] = abvGt
        s.greaterThan[.ibu] = ibuGt
        s.greaterThan[.ebc] = ebcGt
        s.lessThan[.abv] = abvLt
        s.lessThan[.ibu] = ibuLt
        s.lessThan[.ebc] = ebcLt
        for (kind, text, label) in [(IngredientIndex.Kind.hops, hops, "hops"), (.malt, malt, "malt"), (.yeast, yeast, "yeast")] {
            if let text { s.add(.ingredient(kind, text, .words), described: "\(label) \(text)") }
        }
        if let name { s.add(.name(name, .words), described: "name \(name)") }
        if let food { s.add(.food(food, .pairingWords), described: "food \(food)") }
        for (text, before) in [(brewedBefore, true), (brewedAfter, false)] {
            guard let text, let date = BrewDate(filter: text) else { continue }
            s.add(.brewed(before: before, date), described: "brewed \(before ? "before" : "after") \(date)")
        }
        if let style { s.add(.style(style), described: "style \(style)") }
        if let ids, let list = Self.parseIDs(ids) {
            s.add(.ids(list), described: "ids \(list.map(String.init).joined(separator: ","))")
        }
        return s
    }

    /// "no beer has id 99999", for ids of `--ids` that no beer has (the first ten).
    static func noBeers(_ ids: [Int]) -> String {
        let shown = ids.prefix(10).map(String.init).joined(separator: ", ") + (ids.count > 10 ? "…" : "")
        return ids.count == 1 ? "no beer has id \(shown)" : "no beers have ids \(shown)"
    }

    /// "no recipe uses a hop named like 'nelsen' (did you mean 'Nelson Sauvin'?)".
    static func noIngredient(_ kind: IngredientIndex.Kind, _ text: String, _ nearest: [String]) -> String {
        let noun =
            switch kind {
            case .hops: "hop"
            case .malt: "malt"
            case .yeast: "yeast"
            }
        let said = "no recipe uses a \(noun) named like '\(text.prefix(80))'"
        guard !nearest.isEmpty else { return said + " (see 'brewery ingredients \(kind == .hops ? "hops" : noun)')" }
        return said + " (did you mean \(nearest.map { "'\($0)'" }.joined(separator: ", "))?)"
    }
}
