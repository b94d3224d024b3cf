/// The style concepts of a beer's texts besides its name: its tagline and twist
/// (``head``), its description and its brewer's tips. Read where the texts are read (a
/// catalogue read for its indexes keeps these, not the texts) and kept with the recipe
/// columns, for ``StyleReading``.
package struct StyleTexts: Sendable, Equatable {
    package var head = ConceptSet()
    package var described = ConceptSet()
    package var tipped = ConceptSet()

    package init() {}

    /// Reads the texts with `lexicon`.
    package init(
        tagline: String?, twist: String?, description: String?, tips: String?, lexicon: StyleLexicon = .standard
    ) {
        lexicon.read(tagline, into: &head)
        lexicon.read(twist, into: &head)
        lexicon.read(description, into: &described)
        lexicon.read(tips, into: &tipped)
    }

    /// Which of a beer's texts a concept read from it goes to.
    package enum Place: Sendable {
        case head, described, tipped
    }

    /// Adds the concepts of the UTF-8 text `bytes`, one of the beer's texts at `place`.
    package mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, at place: Place, lexicon: StyleLexicon = .standard) {
        switch place {
        case .head: lexicon.read(bytes, into: &head)
        case .described: lexicon.read(bytes, into: &described)
        case .tipped: lexicon.read(bytes, into: &tipped)
        }
    }

    /// Adds the concepts of `text`, one of the beer's texts at `place`.
    package mutating func read(_ text: String?, at place: Place, lexicon: StyleLexicon = .standard) {
        switch place {
        case .head: lexicon.read(text, into: &head)
        case .described: lexicon.read(text, into: &described)
        case .tipped: lexicon.read(text, into: &tipped)
        }
    }
}
