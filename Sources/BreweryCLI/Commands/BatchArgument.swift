import BreweryCore

/// A batch size typed with its unit apart from its number (`--batch 5 gal`): the parser
/// gives the unit to the command's words, where it comes first or last; it is the batch's.
enum BatchArgument {
    /// `batch` with the unit among `words` joined to it, and the words left.
    static func joined(_ batch: String?, words: [String]) -> (batch: String?, words: [String]) {
        func isUnit(_ word: String?) -> Bool { word.map { BatchVolume.isUnit($0) || $0.lowercased() == "x" } ?? false }
        guard let batch, Double(batch) != nil else { return (batch, words) }
        if isUnit(words.first) { return (batch + words[0], Array(words.dropFirst())) }
        if isUnit(words.last) { return (batch + words[words.count - 1], Array(words.dropLast())) }
        return (batch, words)
    }
}
