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
        /// The food concept these words name (``FoodKnowledge``), whose members match too.
        public var conceptName: String? = nil

        /// The term as a reader would write it: the concept's name where it is the words
        /// typed joined by "and" ("fish and chips" for "fish & chips" or "fish n chips",
        /// whose joining words are no food words), else the word as typed or corrected.
        public var shown: String {
            let word = correctedTo ?? original
            guard let conceptName, conceptName != word,
                FoodText.rawWords(conceptName).filter({ $0 != "and" }).joined(separator: " ") == word
            else { return word }
            return conceptName
        }
    }

    /// The content words, in order, duplicates removed.
    public var terms: [Term]

    /// Analyses `text` against `vocabulary`; a word of `dictionary` is never corrected.
    ///
    /// - Throws: ``ScoringError/emptyFoodQuery`` when no content word remains, and
    ///   ``ScoringError/tooManyFoodWords(_:)`` past ``maximumWords``.
    package init(_ text: String, vocabulary: FoodVocabulary, dictionary: WordList? = nil) throws(ScoringError) {
        try self.init(segments: FoodText.words(text).map { .word($0) }, vocabulary: vocabulary, dictionary: dictionary)
    }

    /// Analyses a query read as `segments` (``FoodKnowledge/segments(of:)``): a concept's
    /// words are one term, named `conceptName`, resolved to their vocabulary concept when
    /// they are one word of the pairings; other words as ``init(_:vocabulary:dictionary:)``
    /// says.
    ///
    /// A word of `knowledge` is a real word, never corrected; `typed` gives, for a concept
    /// name read from a typo, the word as typed (it is said as a correction); `said` gives,
    /// for a segment's words (space-separated), how they were typed when the stop words
    /// between them were dropped ("toad in the hole" for "toad hole"): the term's
    /// `original`, while its `folded` stays the words read.
    package init(
        segments: [FoodKnowledge.Segment], vocabulary: FoodVocabulary, dictionary: WordList? = nil,
        knowledge: FoodKnowledge = .empty, typed: [String: String] = [:], said: [String: String] = [:]
    ) throws(ScoringError) {
        var seen: Set<String> = []
        var out: [Term] = []
        for segment in segments {
            let w: String
            switch segment {
            case .concept(let words, let concepts):
                let phrase = words.joined(separator: " ")
                guard seen.insert(phrase).inserted else { continue }
                let own = words.count == 1 ? vocabulary.concept(forWord: words[0]) : nil
                out.append(
                    Term(
                        original: typed[phrase] ?? said[phrase] ?? phrase, folded: typed[phrase] ?? phrase, concept: own,
                        correctedTo: typed[phrase] == nil ? nil : phrase, conceptName: knowledge.concepts[concepts[0]].name))
                continue
            case .word(let word):
                w = word
            }
            guard seen.insert(w).inserted else { continue }
            if let c = vocabulary.concept(forWord: w) {
                out.append(Term(original: w, folded: w, concept: c, correctedTo: nil))
            } else if dictionary?.contains(w) != true, !knowledge.knows(w), let fix = vocabulary.correction(for: w),
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
    public var unknownWords: [String] { terms.filter { $0.concept == nil && $0.conceptName == nil }.map(\.original) }
}
