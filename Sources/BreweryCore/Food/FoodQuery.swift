/// A `recommend food` query, analysed against a catalogue's food vocabulary.
///
/// Each word is folded, stripped of stop words, then resolved to a concept: directly,
/// by inflection or spelling variant, or — when absent from the vocabulary and not a
/// real word of the ``WordList`` — by typo correction to the nearest word
/// (``FoodVocabulary/correction(for:)``).
public struct FoodQuery: Sendable, Equatable {
    /// One query word and what it became.
    public struct Term: Sendable, Equatable {
        /// The word as typed.
        public var original: String
        /// The folded word.
        public var folded: String
        /// Its concept, if resolved.
        public var concept: Int32?
        /// The vocabulary word it was corrected to, for a typo.
        public var correctedTo: String?
    }

    /// The content words, in order, duplicates removed.
    public var terms: [Term]

    /// Analyses `text` against `vocabulary`; a word of `dictionary` is never corrected.
    ///
    /// - Throws: ``ScoringError/emptyFoodQuery`` when no content word remains, and
    ///   ``ScoringError/tooManyFoodWords(_:)`` past ``maximumWords``.
    package init(_ text: String, vocabulary: FoodVocabulary, dictionary: WordList? = nil) throws(ScoringError) {
        var seen: Set<String> = []
        var out: [Term] = []
        for w in FoodText.words(text) where seen.insert(w).inserted {
            if let c = vocabulary.concept(forWord: w) {
                out.append(Term(original: w, folded: w, concept: c, correctedTo: nil))
            } else if dictionary?.contains(w) != true, let fix = vocabulary.correction(for: w),
                let c = vocabulary.concept(forWord: fix)
            {
                out.append(Term(original: w, folded: w, concept: c, correctedTo: fix))
            } else {
                out.append(Term(original: w, folded: w, concept: nil, correctedTo: nil))
            }
        }
        if out.isEmpty { throw ScoringError.emptyFoodQuery }
        // Two words resolving to one concept ("taco tacos") count once.
        var concepts: Set<Int32> = []
        terms = out.filter { t in t.concept.map { concepts.insert($0).inserted } ?? true }
        if terms.count > Self.maximumWords { throw ScoringError.tooManyFoodWords(terms.count) }
    }

    /// The most content words a query may have (each is a bit in the ranker's masks).
    public static let maximumWords = 16

    /// Typo corrections made, word → correction.
    public var corrections: [String: String] {
        var out: [String: String] = [:]
        for t in terms { if let c = t.correctedTo { out[t.original] = c } }
        return out
    }

    /// Words that matched nothing.
    public var unknownWords: [String] { terms.filter { $0.concept == nil }.map(\.original) }
}
