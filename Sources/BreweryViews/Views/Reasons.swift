import BreweryCore

/// The "why" of a recommendation, in one place for both recommenders: the short text
/// in the tables' `why` column and in the JSON `reason` field.
package enum Reasons {
    /// `recommend like`: what the two beers share — yeast, hops, malts — which of abv,
    /// ibu and ebc are close, and which foods they share.
    package static func like(_ b: SimilarityBreakdown) -> String {
        var parts: [String] = []
        if let strain = b.sameYeast.first {
            parts.append("same yeast (\(strain))")
        } else if let word = b.yeastWords.first {
            parts.append("related yeast (\(word))")
        }
        if !b.sharedHops.isEmpty { parts.append("shares hops " + b.sharedHops.prefix(3).joined(separator: ", ")) }
        if !b.sharedMalts.isEmpty { parts.append("malts " + b.sharedMalts.prefix(2).joined(separator: ", ")) }
        if b.axes.allSatisfy({ $0.query != nil && $0.query == $0.other }) {
            parts.append("same abv/ibu/ebc")
        } else {
            let close = b.axes.filter(\.isClose).map(\.axis.name)
            if !close.isEmpty { parts.append("close " + close.joined(separator: "/")) }
        }
        if !b.sharedFoods.isEmpty && b.foodWeight > 0 {
            parts.append("shares " + b.sharedFoods.prefix(3).joined(separator: ", "))
        }
        return parts.isEmpty ? "nearest overall" : parts.joined(separator: "; ")
    }

    /// `recommend food`: the pairing that holds every word, or which words matched.
    package static func food(_ h: FoodRanker.Hit, pairing: String) -> String {
        if h.allInOnePairing { return "pairs with \(pairing)" }
        if h.allWords { return "all words, over several pairings" }
        return "matches " + h.matchedWords.joined(separator: ", ")
    }
}
