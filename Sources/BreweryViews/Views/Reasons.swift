import BreweryCore

/// The "why" of a recommendation, in one place for both recommenders: the short text
/// in the tables' `why` column and in the JSON `reason` field.
package enum Reasons {
    /// `recommend like`: what the two beers share — yeast, hops, malts — which of abv,
    /// ibu and ebc are close, and which foods they share; only the parts that scored
    /// (a part weighted 0, as `--weights numeric,food=1` leaves yeast, is not a reason).
    package static func like(_ b: SimilarityBreakdown) -> String {
        // Written into one string: a table explains every row, so this runs per result.
        var out = ""
        out.reserveCapacity(128)
        func part(_ head: String, _ items: ArraySlice<String> = [], separator: String = ", ") {
            if !out.isEmpty { out += "; " }
            out += head
            for (i, item) in items.enumerated() {
                if i > 0 { out += separator }
                out += item
            }
        }
        func scored(_ p: SimilarityPart) -> Bool { b.part(p).weight > 0 }
        if scored(.yeast), let strain = b.sameYeast.first {
            part("same yeast (\(strain))")
        } else if scored(.yeast), let word = b.yeastWords.first {
            part("related yeast (\(word))")
        }
        if scored(.hops), !b.sharedHops.isEmpty { part("shares hops ", b.sharedHops.prefix(3)) }
        if scored(.malt), !b.sharedMalts.isEmpty { part("malts ", b.sharedMalts.prefix(2)) }
        if scored(.numeric) {
            if b.axes.allSatisfy({ $0.query != nil && $0.query == $0.other }) {
                part("same abv/ibu/ebc")
            } else {
                let close = b.axes.filter(\.isClose).map(\.axis.name)
                if !close.isEmpty { part("close ", close[...], separator: "/") }
            }
        }
        if !b.sharedFoods.isEmpty && b.foodWeight > 0 { part("shares ", b.sharedFoods.prefix(3)) }
        return out.isEmpty ? "nearest overall" : out
    }

    /// `recommend food`: the pairing that holds every word, or which words matched.
    package static func food(_ h: FoodRanker.Hit, pairing: String) -> String {
        if h.allInOnePairing { return "pairs with \(pairing)" }
        if h.allWords { return "all words, over several pairings" }
        return "matches " + h.matchedWords.joined(separator: ", ")
    }
}
