/// Words known to be real, in folded form: a food word in this list is never "corrected"
/// into another ("sunday" is not a typo of "sundae"). Brewery reads one from a system
/// dictionary when there is one (Debian's `wamerican`); without it, every unknown word
/// may be a typo.
///
/// The words are read and indexed on the first look-up, not before: most queries hold
/// only words the pairings have, and never ask.
public struct WordList: Sendable {
    private let words: BuiltOnce<Set<String>>

    /// The words of `text`, one per line, folded; lines of other than letters are skipped
    /// (`'s` forms, abbreviations with dots).
    public init(text: String) { self.init(loading: { text }) }

    /// The words of the text `load` gives on the first look-up (none when it gives nil).
    public init(loading load: @escaping @Sendable () -> String?) {
        words = BuiltOnce { load().map(Self.words(of:)) ?? [] }
    }

    /// Whether `word` (folded) is in the list.
    public func contains(_ word: String) -> Bool { words.value.contains(word) }

    private static func words(of text: String) -> Set<String> {
        var words = Set<String>(minimumCapacity: 1 << 17)
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            // Lower-case ASCII letters are already folded; only the rest go through folding.
            if line.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
                words.insert(String(decoding: line, as: UTF8.self))
            } else if let word = String(line), word.allSatisfy(\.isLetter) {
                words.insert(TextFolding.fold(word))
            }
        }
        return words
    }
}
