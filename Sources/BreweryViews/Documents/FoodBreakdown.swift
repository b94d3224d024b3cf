import BreweryCore

/// The `--explain` parts of a `recommend food` score: the tier the beer reached, each
/// query word with its weight (rarer words weigh more) and whether the beer has it, and
/// the pairing that matched best.
package struct FoodBreakdown: Encodable, Sendable, Equatable {
    package struct Word: Encodable, Sendable, Equatable {
        package var word: String
        /// The word's idf weight; 0 for a word in no pairing.
        package var weight: Double
        package var matched: Bool
    }

    /// `one pairing` (every word in one pairing), `several pairings` (every word, spread
    /// out) or `some words`.
    package var tier: String
    package var words: [Word]
    package var pairing: String
    /// Query words read as concepts, and the member of each the best pairing holds.
    package var expanded: [Expanded]

    package struct Expanded: Encodable, Sendable, Equatable {
        package var term: String
        package var concept: String
        package var member: String
    }

    /// The parts of `hit` for the query of `result`.
    package init(hit: FoodRanker.Hit, query: FoodQuery, idf: (Int32) -> Float, pairing: String) {
        tier = hit.allInOnePairing ? "one pairing" : (hit.allWords ? "several pairings" : "some words")
        words = query.terms.map { t in
            let shown = t.correctedTo ?? t.original
            return Word(
                word: shown, weight: t.concept.map { NumberFormat.rounded(Double(idf($0)), places: 3) } ?? 0,
                matched: hit.matchedWords.contains(shown))
        }
        self.pairing = pairing
        expanded = hit.matchedAs.map { m in
            Expanded(
                term: m.term, concept: query.terms.first { ($0.correctedTo ?? $0.original) == m.term }?.conceptName ?? m.term,
                member: m.member)
        }
    }

    /// The lines under the hit's row.
    var lines: [String] {
        let tierText =
            switch tier {
            case "one pairing": "one pairing holds every word"
            case "several pairings": "every word, over several pairings"
            default: "some of the words"
            }
        let list = words.map { "\($0.word) \(NumberFormat.fixed($0.weight, 2))\($0.matched ? "" : " (not here)")" }
        return [
            "      tier: \(tierText)", "      words (weight): \(list.joined(separator: ", "))",
            "      best pairing: \(pairing.isEmpty ? "-" : pairing)",
        ] + expanded.map { "      '\($0.term)' read as the food concept \($0.concept): this pairing has \($0.member)" }
    }
}
