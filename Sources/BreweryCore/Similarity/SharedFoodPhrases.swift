import Foundation

/// Names the food concepts a result shares with the query beer as the query's pairings
/// say them: words next to each other in one pairing form one phrase ("carne asada", not
/// "asada, carne"), longer phrases first, then in the pairings' order; a concept no
/// pairing word resolves to keeps its label.
///
/// The pairings are read into words once per query beer; ``phrases(_:)`` then runs for
/// each result without reading text again.
package struct SharedFoodPhrases: Sendable {
    /// One word of a pairing, as the phrase rule sees it.
    enum Word {
        /// "with", "served", "plus", "or": the words on either side are two things.
        case breaker
        /// A stop word, kept only between two shared words ("pico de gallo").
        case joiner(String)
        /// Any other word, with its concept if the vocabulary has one.
        case content(String, Int32?)
    }

    /// One pairing: as written (trimmed), the concepts of its non-stop words, its words.
    struct Pairing {
        let text: String
        let concepts: [Int32?]
        let words: [Word]
    }

    let pairings: [Pairing]
    let labels: [String]

    /// Reads `pairings` with `vocabulary`.
    package init(pairings: [String], vocabulary: FoodVocabulary) {
        self.pairings = pairings.map { pairing in
            Pairing(
                text: Whitespace.trimmed(pairing),
                concepts: FoodText.words(pairing).map { vocabulary.concept(forWord: $0) },
                words: FoodText.rawWords(pairing).map { word in
                    if ["with", "served", "plus", "or"].contains(word) { return .breaker }
                    if FoodText.stopWords.contains(word) { return .joiner(word) }
                    return .content(word, vocabulary.concept(forWord: word))
                })
        }
        labels = vocabulary.conceptLabel
    }

    /// `concepts` (shared with a result) named as phrases of the pairings.
    package func phrases(_ concepts: [Int32]) -> [String] {
        let shared = Set(concepts)
        var phrases: [(text: String, words: Int, order: Int)] = []
        var covered = Set<Int32>()
        for pairing in pairings {
            if !pairing.concepts.isEmpty, pairing.concepts.allSatisfy({ $0.map(shared.contains) ?? false }) {
                // A pairing shared whole is named as it is written ("Spicy carne asada
                // with a pico de gallo sauce").
                if !phrases.contains(where: { $0.text == pairing.text }) {
                    phrases.append((pairing.text, pairing.concepts.count, phrases.count))
                }
                for c in pairing.concepts { if let c { covered.insert(c) } }
                continue
            }
            var run: [String] = []
            var content = 0
            var joiners: [String] = []
            func flush() {
                let text = run.joined(separator: " ")
                if content > 0, !phrases.contains(where: { $0.text == text }) {
                    phrases.append((text, content, phrases.count))
                }
                (run, content, joiners) = ([], 0, [])
            }
            for word in pairing.words {
                switch word {
                case .breaker: flush()  // "tacos with salsa": two things, not one phrase
                case .joiner(let w): if content > 0 { joiners.append(w) }
                case .content(let w, let c?) where shared.contains(c):
                    run += joiners + [w]
                    joiners = []
                    content += 1
                    covered.insert(c)
                case .content: flush()
                }
            }
            flush()
        }
        let rest = concepts.filter { !covered.contains($0) }.map { labels[Int($0)] }.sorted()
        return phrases.sorted { ($0.words, -$0.order) > ($1.words, -$1.order) }.map(\.text) + rest
    }
}
