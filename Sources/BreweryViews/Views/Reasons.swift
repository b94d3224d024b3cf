import BreweryCore

/// The "why" of a recommendation, in one place for both recommenders: the short text
/// in the tables' `why` column and in the JSON `reason` field.
package enum Reasons {
    /// `recommend like`: the parts that scored, in words — the style both are, the
    /// character words both texts use, which of strength, bitterness and colour are
    /// close, the yeast, hops and malts both use when few beers do, and a dish both go
    /// with, named whole. A part weighted 0 (as `--weights numeric` leaves the style) is
    /// not a reason; nor is a shared single food word or the house ale yeast.
    package static func like(_ b: SimilarityBreakdown) -> String {
        // Written into one string: a table explains every row, so this runs per result.
        var out = ""
        out.reserveCapacity(128)
        func clause(_ text: String) {
            if !out.isEmpty { out += "; " }
            out += text
        }
        func scored(_ p: SimilarityPart) -> Bool { b.part(p).weight > 0 && b.part(p).similarity != nil }
        if scored(.style) {
            var style = ""
            if let q = b.styles.query, let o = b.styles.other, let both = q.plural(with: o) { style = "both " + both }
            let sour = b.styles.query?.group == .sour && b.styles.other?.group == .sour
            let traits = b.sharedStyleWords.compactMap { word in sour && word == "low pH" ? nil : character[word] }
            let unique = traits.enumerated().filter { traits.firstIndex(of: $0.element) == $0.offset }.map(\.element)
            if !unique.isEmpty {
                let list = and(Array(unique.prefix(2)))
                style = style.isEmpty ? "both with " + list : style + " with " + list
            }
            if !style.isEmpty { clause(style) }
        }
        if scored(.numeric) {
            if b.axes.allSatisfy({ $0.query != nil && $0.query == $0.other }) {
                clause("same abv, ibu and ebc")
            } else {
                let close = b.axes.filter(\.isClose).map { aspect[$0.axis] ?? $0.axis.name }
                if !close.isEmpty { clause("similar " + and(close)) }
            }
        }
        // One recipe brewed again with one thing changed (a series: one wort, four yeasts;
        // one malt bill, a hop each) is said as such, not ingredient by ingredient, when
        // it tells something: the beers are twins in numbers, or what they share is rare.
        func same(_ p: SimilarityPart) -> Bool? { scored(p) ? b.part(p).similarity! >= sameRecipe : nil }
        let (malts, hops, yeast) = (same(.malt), same(.hops), same(.yeast))
        let twins = b.axes.allSatisfy { $0.query != nil && $0.query == $0.other }
        let rare = !(b.standoutYeast.isEmpty && b.standoutHops.isEmpty && b.standoutMalts.isEmpty)
        if malts == true, hops == true, yeast == true, rare {
            let named = Array((b.standoutYeast.prefix(1) + b.standoutHops + b.standoutMalts).prefix(2))
            // The rare ones are named as among them: a malt in brackets after "yeast" read
            // as the yeast.
            clause("the same malts, hops and yeast, \(and(named)) among them")
        } else if malts == true, hops == true, yeast == false, twins || rare {
            clause("the same malts and hops, another yeast")
        } else if malts == true, yeast == true, hops == false, b.sharedHops.isEmpty, twins || rare {
            clause("the same malts and yeast, other hops")
        } else {
            if scored(.yeast), let strain = b.standoutYeast.first { clause("same yeast (\(strain))") }
            if scored(.hops), !b.standoutHops.isEmpty { clause("both hopped with " + and(Array(b.standoutHops.prefix(2)))) }
            if scored(.malt), !b.standoutMalts.isEmpty { clause("both brewed with " + and(Array(b.standoutMalts.prefix(2)))) }
        }
        if b.foodWeight > 0, let dish = b.sharedDishes.first { clause("both go with " + dish.lowercased()) }
        return out.isEmpty ? "nearest overall" : out
    }

    /// A part's similarity from which two beers' tokens of it are the same (a cosine of
    /// equal sets is 1 but for rounding).
    private static let sameRecipe: Float = 0.999

    /// What each character word of ``StyleLexicon`` reads as after "with". Fruit is read
    /// from fruit added and from the fruit a description tastes in the hops alike, so it
    /// says "fruit notes", never that fruit went in.
    private static let character: [String: String] = [
        "coffee": "coffee", "chocolate": "chocolate", "smoked": "smoke", "barrel": "barrel ageing", "fruit": "fruit notes",
        "spice": "spice", "milk": "lactose", "oatmeal": "oats", "rye": "rye", "honey": "honey", "hazy": "haze",
        "low pH": "souring",
    ]

    /// What each of abv, ibu and ebc is to a drinker.
    private static let aspect: [Axis: String] = [.abv: "strength", .ibu: "bitterness", .ebc: "colour"]

    /// "a", "a and b", "a, b and c".
    private static func and(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// `recommend food`: the pairing that holds every word; else the pairings that hold
    /// the words between them ("goes with Pumpkin pie and French onion soup"), or the
    /// words matched and where ("matches burger (Beef burger)").
    package static func food(_ h: FoodRanker.Hit, pairings: [String]) -> String {
        if h.allInOnePairing {
            let expanded = h.matchedAs.map { "\($0.term): \($0.member)" }.joined(separator: "; ")
            let pairing = h.bestPairing < pairings.count ? pairings[h.bestPairing] : ""
            return "pairs with \(pairing)" + (expanded.isEmpty ? "" : " (\(expanded))")
        }
        // The pairings holding the words, each once, in the order of the words.
        var held: [String] = []
        for p in h.wordPairings where p < pairings.count && !held.contains(pairings[p]) { held.append(pairings[p]) }
        if h.allWords, held.count > 1 { return "goes with " + and(held) }
        let words = h.matchedWords.joined(separator: ", ")
        // A pairing that is only the word says nothing more ("matches chicken", not "(Chicken)").
        let telling = held.filter { p in !h.matchedWords.contains { $0.lowercased() == p.lowercased() } }
        return telling.isEmpty ? "matches " + words : "matches \(words) (\(telling.joined(separator: "; ")))"
    }
}
