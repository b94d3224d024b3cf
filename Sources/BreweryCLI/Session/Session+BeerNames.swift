import BreweryCore
import BreweryViews

/// The beers a command's words name, with the shell's wording of what went wrong.
extension Session {
    /// The beer the words of a command name, by id or name.
    func lookup(_ words: [String], in catalogue: Catalogue) throws(BreweryError) -> Int {
        try BreweryError.lifting(BreweryError.catalogue) { () throws(CatalogueError) in
            try catalogue.lookup(words.joined(separator: " "))
        }
    }

    /// The beers the arguments of a command name (``Catalogue/lookup(arguments:)``).
    func lookupEach(_ words: [String], in catalogue: Catalogue) throws(BreweryError) -> [Int] {
        do {
            return try catalogue.lookup(arguments: words)
        } catch {
            switch error {
            case .catalogue(let error): throw .catalogue(error)
            case .notOneBeer(let words, let word):
                throw .usage(
                    "'\(TerminalText.safe(words))' is not one beer, and '\(TerminalText.safe(word))' "
                        + "is no beer on its own; name several beers by id or in quotes, e.g. 192 \"Dead Pony Club\"")
            }
        }
    }
}
