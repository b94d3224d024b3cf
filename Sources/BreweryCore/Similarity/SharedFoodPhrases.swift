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
            // Folded and split once: the concepts are those of the words that are not stop
            // words (``FoodText/words(_:)``).
            let raw = FoodText.rawWords(pairing)
            return Pairing(
                text: Whitespace.trimmed(pairing),
                concepts: raw.filter { !FoodText.stopWords.contains($0) }.map { vocabulary.concept(forWord: $0) },
                words: raw.map { word in
                    if ["with", "served", "plus", "or"].contains(word) { return .breaker }
                    if FoodText.stopWords.contains(word) { return .joiner(word) }
                    return .content(word, vocabulary.concept(forWord: word))
                })
        }
        labels = vocabulary.conceptLabel
    }

    /// The pairings whose every concept is among `concepts` (shared with a result), as
    /// written: the dishes both beers go with, named whole.
    package func dishes(_ concepts: [Int32]) -> [String] {
        pairings.filter { p in !p.concepts.isEmpty && p.concepts.allSatisfy { $0.map(concepts.contains) ?? false } }
            .map(\.text)
    }

    /// `concepts` (shared with a result) named as phrases of the pairings.
    package func phrases(_ concepts: [Int32]) -> [String] {
        // A result shares a few concepts: a look in a short array beats hashing.
        let shared = concepts
        var phrases: [(text: String, words: Int, order: Int)] = []
        var covered: [Int32] = []
        func cover(_ c: Int32) { if !covered.contains(c) { covered.append(c) } }
        for pairing in pairings {
            if !pairing.concepts.isEmpty, pairing.concepts.allSatisfy({ $0.map(shared.contains) ?? false }) {
                // A pairing shared whole is named as it is written ("Spicy carne asada
                // with a pico de gallo sauce").
                if !phrases.contains(where: { $0.text == pairing.text }) {
                    phrases.append((pairing.text, pairing.concepts.count, phrases.count))
                }
                for c in pairing.concepts { if let c { cover(c) } }
                continue
            }
            var run = ""
            var content = 0
            var joiners: [String] = []
            func flush() {
                if content > 0 {
                    run.removeLast()  // the space after the last word
                    if !phrases.contains(where: { $0.text == run }) { phrases.append((run, content, phrases.count)) }
                }
                (run, content) = ("", 0)
                joiners.removeAll(keepingCapacity: true)
            }
            for word in pairing.words {
                switch word {
                case .breaker: flush()  // "tacos with salsa": two things, not one phrase
                case .joiner(let w): if content > 0 { joiners.append(w) }
                case .content(let w, let c?) where shared.contains(c):
                    for j in joiners {
                        run += j
                        run += " "
                    }
                    run += w
                    run += " "
                    joiners.removeAll(keepingCapacity: true)
                    content += 1
                    cover(c)
                case .content: flush()
                }
            }
            flush()
        }
        let rest = concepts.filter { !covered.contains($0) }.map { labels[Int($0)] }.sorted()
        return phrases.sorted { ($0.words, -$0.order) > ($1.words, -$1.order) }.map(\.text) + rest
    }
}
