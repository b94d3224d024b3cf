/// Splits food text into the words that matter.
///
/// Text is folded (``TextFolding``), possessive `'s` is dropped, and the rest is split
/// into runs of the letters a–z, so `"Crème brûlée"` gives `["creme", "brulee"]` and
/// `"Mum's apple pie"` gives `["mum", "apple", "pie"]`. Stop words ("with", "and",
/// "a", …) are removed.
package enum FoodText {
    /// Words that carry no food meaning ("n" joins as "and" does: "mac 'n' cheese").
    package static let stopWords: Set<String> = [
        "a", "an", "and", "the", "with", "of", "in", "on", "or", "for", "to", "some", "any",
        "your", "my", "our", "its", "it", "as", "at", "by", "from", "into", "like", "plus",
        "served", "serve", "style", "de", "la", "le", "du", "di", "al", "en", "y", "s", "n",
        "food", "foods", "dish", "dishes", "pairing", "pairings", "beer", "beers", "is", "be", "very",
    ]

    /// Words of a request rather than of a dish ("something spicy", "pizza night", "what
    /// goes with lamb"): a query drops them when it has other words and they are no part
    /// of a concept's name ("date night"; ``FoodRanker``).
    package static let requestWords: Set<String> = [
        "something", "anything", "stuff", "thing", "things", "i", "im", "me", "we", "us", "want", "wanna", "need",
        "fancy", "eat", "eating", "eaten", "having", "tonight", "today", "night", "please", "what", "which", "goes", "go",
        "pair", "pairs", "paired", "match", "matches", "drink", "drinking", "recommend", "suggest", "good", "great",
        "best", "nice",
    ]

    /// The content words of `text`, in order, with duplicates kept.
    package static func words(_ text: some StringProtocol) -> [String] {
        rawWords(text).filter { !stopWords.contains($0) }
    }

    /// All a–z words of `text` after folding, stop words included.
    package static func rawWords(_ text: some StringProtocol) -> [String] {
        let folded = TextFolding.fold(text)
        let bytes = Array(folded.utf8)
        var out: [String] = []
        var i = 0
        while i < bytes.count {
            guard isLetter(bytes[i]) else {
                i += 1
                continue
            }
            var j = i
            while j < bytes.count, isLetter(bytes[j]) { j += 1 }
            out.append(String(decoding: bytes[i..<j], as: UTF8.self))
            // Possessive: drop "'s" after a word.
            if j + 1 < bytes.count, bytes[j] == 0x27, bytes[j + 1] == 0x73,
                j + 2 == bytes.count || !isLetter(bytes[j + 2])
            {
                j += 2
            }
            i = j
        }
        return out
    }

    @inline(__always)
    private static func isLetter(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
}
