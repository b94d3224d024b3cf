/// Words known to be real, in folded form: a food word in this list is never "corrected"
/// into another ("sunday" is not a typo of "sundae"). Brewery reads one from a system
/// dictionary when there is one (Debian's `wamerican`); without it, every unknown word
/// may be a typo.
public struct WordList: Sendable {
    private let words: Set<String>

    /// The words of `text`, one per line, folded; lines of other than letters are skipped
    /// (`'s` forms, abbreviations with dots).
    public init(text: String) {
        var words = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) where line.allSatisfy(\.isLetter) {
            words.insert(TextFolding.fold(line))
        }
        self.words = words
    }

    /// How many words it holds.
    public var count: Int { words.count }

    /// Whether `word` (folded) is in the list.
    public func contains(_ word: String) -> Bool { words.contains(word) }
}
