import ArgumentParser
import BreweryCore
import Foundation

/// The Punk API's filters, on `list`, `search` and both recommenders: numbers, ingredients,
/// names, first-brewed dates and ids. All of them combine (a beer must pass every one).
struct FilterOptions: ParsableArguments {
    @Option(name: .customLong("abv-gt"), help: ArgumentHelp("Only beers with abv greater than this.", valueName: "n"))
    var abvGt: Double?
    @Option(name: .customLong("abv-lt"), help: ArgumentHelp("Only beers with abv less than this.", valueName: "n"))
    var abvLt: Double?
    @Option(name: .customLong("ibu-gt"), help: ArgumentHelp("Only beers with ibu greater than this.", valueName: "n"))
    var ibuGt: Double?
    @Option(name: .customLong("ibu-lt"), help: ArgumentHelp("Only beers with ibu less than this.", valueName: "n"))
    var ibuLt: Double?
    @Option(name: .customLong("ebc-gt"), help: ArgumentHelp("Only beers with ebc greater than this.", valueName: "n"))
    var ebcGt: Double?
    @Option(name: .customLong("ebc-lt"), help: ArgumentHelp("Only beers with ebc less than this.", valueName: "n"))
    var ebcLt: Double?

    @Option(
        help: ArgumentHelp("Only beers with a hop named so, e.g. 'nelson' or \"Nelson Sauvin\".", valueName: ArgumentKind.hop))
    var hops: String?
    @Option(help: ArgumentHelp("Only beers with a malt named so.", valueName: ArgumentKind.malt))
    var malt: String?
    @Option(help: ArgumentHelp("Only beers with a yeast named so, e.g. 'wyeast 1056'.", valueName: ArgumentKind.yeast))
    var yeast: String?
    @Option(help: ArgumentHelp("Only beers with a food pairing holding all these words.", valueName: "words"))
    var food: String?
    @Option(help: ArgumentHelp("Only beers whose name holds this text.", valueName: "text"))
    var name: String?
    @Option(
        name: .customLong("brewed-before"),
        help: ArgumentHelp(
            "Only beers first brewed before this month, MM-YYYY (a year alone in the data counts as January).",
            valueName: "MM-YYYY"))
    var brewedBefore: String?
    @Option(
        name: .customLong("brewed-after"),
        help: ArgumentHelp("Only beers first brewed after the first day of this month, MM-YYYY.", valueName: "MM-YYYY"))
    var brewedAfter: String?
    @Option(help: ArgumentHelp("Only these beers, by id: 1,4,29.", valueName: "ids"))
    var ids: String?

    func validate() throws {
        for v in [abvGt, abvLt, ibuGt, ibuLt, ebcGt, ebcLt] {
            if let v, !v.isFinite { throw ValidationError("filter bounds must be finite numbers") }
        }
        for (option, value) in [("--brewed-before", brewedBefore), ("--brewed-after", brewedAfter)] {
            if let value, BrewDate(filter: value) == nil {
                throw ValidationError("\(option) takes a month as MM-YYYY, e.g. 01-2012, not '\(value.prefix(40))'")
            }
        }
        if let ids, Self.parseIDs(ids) == nil {
            throw ValidationError("--ids takes ids separated by commas, e.g. 1,4,29, not '\(ids.prefix(40))'")
        }
        for (option, value) in [("--hops", hops), ("--malt", malt), ("--yeast", yeast), ("--food", food), ("--name", name)] {
            if let value, value.allSatisfy({ $0.isWhitespace || $0.isPunctuation }) {
                throw ValidationError("\(option) needs some text")
            }
        }
    }

    static func parseIDs(_ text: String) -> [Int]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let ids = parts.compactMap { Int($0) }
        return ids.count == parts.count && !ids.isEmpty && parts.count <= 10_000 ? ids : nil
    }

    /// The filter these options make on `catalogue` (ingredient, name, food, date and id
    /// filters resolved into the set of beers that pass them). What names nothing in the
    /// catalogue (an id no beer has, a hop no recipe uses) is told to `note`, one line
    /// each, with the ingredients a typo may have meant.
    func filter(_ catalogue: Catalogue, note: (String) -> Void) throws(BreweryError) -> BeerFilter {
        var f = BeerFilter()
        f.greaterThan[.abv] = abvGt
        f.greaterThan[.ibu] = ibuGt
        f.greaterThan[.ebc] = ebcGt
        f.lessThan[.abv] = abvLt
        f.lessThan[.ibu] = ibuLt
        f.lessThan[.ebc] = ebcLt
        let n = catalogue.count
        for (kind, text, label) in [(IngredientIndex.Kind.hops, hops, "hops"), (.malt, malt, "malt"), (.yeast, yeast, "yeast")] {
            guard let text else { continue }
            let table = catalogue.ingredients[kind]
            let set = table.beerSet(matching: text, count: n)
            // Every ingredient of the index is some beer's: no beer, no ingredient matched.
            if set.count == 0 { note("brewery: note: " + Self.noIngredient(kind, text, table)) }
            f.restrict(to: set, "\(label) \(text)")
        }
        if let name {
            var set = BeerSet(capacity: n)
            for i in catalogue.names.beers(containing: TextFolding.fold(name)) { set.insert(i) }
            f.restrict(to: set, "name \(name)")
        }
        if let food {
            let hits = try BreweryError.lifting(BreweryError.scoring) { () throws(ScoringError) in
                try FoodRanker(catalogue: catalogue).rank(food, limit: nil).hits
            }
            var set = BeerSet(capacity: n)
            set.insert(beers: ArraySlice(hits.filter(\.allInOnePairing).map { Int32($0.index) }))
            f.restrict(to: set, "food \(food)")
        }
        for (text, before) in [(brewedBefore, true), (brewedAfter, false)] {
            guard let text, let date = BrewDate(filter: text) else { continue }
            var set = BeerSet(capacity: n)
            for (i, m) in catalogue.brewDates.months.enumerated() where m >= 0 && (before ? m < date.months : m > date.months) {
                set.insert(i)
            }
            f.restrict(to: set, "brewed \(before ? "before" : "after") \(date)")
        }
        if let ids, let list = Self.parseIDs(ids) {
            var set = BeerSet(capacity: n)
            set.insert(beers: ArraySlice(list.compactMap { catalogue.index(ofID: $0).map(Int32.init) }))
            f.restrict(to: set, "ids \(list.map(String.init).joined(separator: ","))")
            let unknown = list.filter { catalogue.index(ofID: $0) == nil }
            if !unknown.isEmpty { note("brewery: note: " + Self.noBeers(unknown)) }
        }
        return f
    }

    /// "no beer has id 99999", for ids of `--ids` that no beer has (the first ten).
    static func noBeers(_ ids: [Int]) -> String {
        let shown = ids.prefix(10).map(String.init).joined(separator: ", ") + (ids.count > 10 ? "…" : "")
        return ids.count == 1 ? "no beer has id \(shown)" : "no beers have ids \(shown)"
    }

    /// "no recipe uses a hop named like 'nelsen' (did you mean 'Nelson Sauvin'?)".
    static func noIngredient(_ kind: IngredientIndex.Kind, _ text: String, _ table: IngredientIndex.Table) -> String {
        let noun =
            switch kind {
            case .hops: "hop"
            case .malt: "malt"
            case .yeast: "yeast"
            }
        let said = "no recipe uses a \(noun) named like '\(text.prefix(80))'"
        let nearest = table.nearest(to: text).map { "'\(table.names[$0])'" }
        guard !nearest.isEmpty else { return said + " (see 'brewery ingredients \(kind == .hops ? "hops" : noun)')" }
        return said + " (did you mean \(nearest.joined(separator: ", "))?)"
    }
}
