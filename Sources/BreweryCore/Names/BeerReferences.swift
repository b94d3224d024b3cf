import Foundation

/// Why the words a user typed name no beer, or not one beer each.
public enum BeerReferenceError: Error, Sendable, Equatable {
    /// A word, or all of them read as one name, names no beer (or several).
    case catalogue(CatalogueError)
    /// Words not in quotes that are not one beer together, while `word` is no beer alone.
    case notOneBeer(words: String, word: String)
}

/// The rules by which every front end turns what a user typed into beers: the shell's
/// arguments and the API's `|`-separated lists. Both end in ``Catalogue/lookup(_:)``.
extension Catalogue {
    /// The beers a command's arguments name: all of them together when they name one beer
    /// (an unquoted name of several words, such as `5 AM Saint`), else each argument one
    /// beer (an id, or a name in quotes). Arguments that are all ids are ids, as one number
    /// alone is, never a name made of numbers.
    ///
    /// A word of ids separated by commas or `|` (``ids(inList:)``) is those ids.
    ///
    /// - Parameter typed: the arguments as the shell split them (quotes removed).
    /// - Returns: the beers' indexes, in the order named.
    /// - Throws: ``BeerReferenceError`` naming the word that is no beer, or the name that is several.
    public func lookup(arguments typed: [String]) throws(BeerReferenceError) -> [Int] {
        let isID = { (w: String) in Self.id(typed: w) != nil }
        // "192,106" is two ids, as "192 106" is.
        let words = typed.flatMap { word in Self.ids(inList: word).map { $0.map(String.init) } ?? [word] }
        let joined = words.joined(separator: " ")
        if words.count > 1, !words.contains(where: { isID($0) || $0.contains(" ") }) {
            // Plain words only: one name, as typed (its error suggests names).
            do { return [try lookup(joined)] } catch { throw .catalogue(error) }
        }
        if words.count > 1, !words.allSatisfy(isID), let one = index(named: joined) { return [one] }
        var out: [Int] = []
        for word in words {
            do {
                out.append(try lookup(word))
            } catch {
                guard words.count > 1, !word.contains(" "), !isID(word) else { throw .catalogue(error) }
                // One name after all, as a look-up reads it at last: spacing and
                // punctuation aside ("5 AM Saint").
                let asOne: CatalogueError
                do { return [try lookup(joined)] } catch { asOne = error }
                // Unless they read as a name (the first word no id) that is misspelt or
                // names several beers ("Pnk IPA 2007 - 2010"): then say which names.
                if !isID(words[0]), Self.pointsAtNames(asOne) { throw .catalogue(asOne) }
                throw .notOneBeer(words: joined, word: word)
            }
        }
        return out
    }

    /// The beer one part of an API list names: an id or a name, where `_` stands for a
    /// space (as in every text parameter) unless only the name as written is a beer.
    ///
    /// - Parameter part: one `|`-separated part of an API parameter.
    /// - Returns: the beer's index.
    /// - Throws: ``CatalogueError`` as ``Catalogue/lookup(_:)`` does.
    public func lookup(listed part: String) throws(CatalogueError) -> Int {
        let spaced = part.replacingOccurrences(of: "_", with: " ")
        if spaced != part, let i = try? lookup(spaced) { return i }
        return try lookup(part)
    }

    /// The id a user typed: digits, after a `#` or not ("192", "#192"), spaces around
    /// them aside; nil for anything else.
    public static func id(typed text: some StringProtocol) -> Int? {
        let trimmed = Whitespace.trimmed(String(text))
        return Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed)
    }

    /// The ids of a word that is a list of them, separated by commas or `|` ("192,106",
    /// "#192|#106"), as a user writes several beers; nil for any other word, one id alone
    /// included. No beer's name is made of numbers and separators alone.
    public static func ids(inList word: some StringProtocol) -> [Int]? {
        guard word.contains(where: { $0 == "," || $0 == "|" }) else { return nil }
        var out: [Int] = []
        for piece in word.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == "|" }) {
            guard let id = id(typed: piece) else { return nil }
            out.append(id)
        }
        return out
    }

    /// The ids a user typed as a filter: one id ("8", "#8") or a list of them ("8,1",
    /// "#8|#1"); nil for anything else.
    public static func ids(typed text: some StringProtocol) -> [Int]? {
        id(typed: text).map { [$0] } ?? ids(inList: text)
    }

    /// Whether an error of looking words up as one name points at names: close ones for
    /// a misspelt name, or those it is the whole or the start of.
    private static func pointsAtNames(_ error: CatalogueError) -> Bool {
        switch error {
        case .unknownName(_, let suggestions): !suggestions.isEmpty
        case .ambiguousName, .ambiguousStart: true
        default: false
        }
    }
}
