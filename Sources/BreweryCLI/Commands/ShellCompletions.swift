import ArgumentParser
import BreweryCompletion
import BreweryCore
import BreweryStore
import Foundation

/// What the shell completion scripts (`brewery --generate-completion-script bash|zsh|fish`)
/// offer for beer names and food words: the script runs `brewery` to ask, and these read
/// the catalogue the command line names (its `--catalogue`, else `$BREWERY_CATALOGUE`,
/// else the default), through the snapshot cache, so an answer takes milliseconds.
/// Any problem (no catalogue yet, a broken file) offers nothing rather than an error.
enum ShellCompletions {
    /// Beer names (or ids, when digits were typed) that start with `prefix`.
    static let beers = CompletionKind.custom { words, _, prefix in complete(words, "show ", prefix, names: true) }

    /// Food words that start with `prefix`.
    static let foods = CompletionKind.custom { words, _, prefix in complete(words, "recommend food ", prefix, names: false) }

    private static func complete(_ words: [String], _ head: String, _ typed: String, names: Bool) -> [String] {
        let env = ProcessInfo.processInfo.environment
        let path = CatalogueLocation.resolve(explicit: catalogueOption(in: words), environment: env)
        guard let loaded = try? LoadedCatalogue.load(path: path, snapshots: CatalogueSnapshotCache.standard(environment: env))
        else { return [] }
        let bash = CompletionShell.requesting == .bash
        // bash and zsh hand over the word as typed, escapes and quotes and all (`Punk\ I`,
        // `"Punk I`); fish, read.
        let prefix = bash || CompletionShell.requesting == .zsh ? BashWord.unescaped(typed) : typed
        let completer = Completer(grammar: CommandLanguage.standard.grammar, catalogue: loaded.catalogue)
        let completion = completer.complete(head + prefix)
        let found =
            !names || prefix.allSatisfy(\.isNumber)
            ? completion.candidates.map { String($0.dropFirst(head.count)) } : completion.display
        guard bash else { return found }
        // bash keeps only candidates that start with the word as typed, and inserts them
        // as they are: each is written as the word was begun (escaped, or in its quote),
        // and keeps the typed start, case and all (names match whatever the case).
        return found.map { c in
            let written = BashWord.escaped(c, like: typed)
            return written.lowercased().hasPrefix(typed.lowercased()) ? typed + String(written.dropFirst(typed.count)) : written
        }
    }

    /// The value of `--catalogue` among the words typed so far.
    static func catalogueOption(in words: [String]) -> String? {
        for (i, w) in words.enumerated() {
            if w == "--catalogue", i + 1 < words.count { return words[i + 1] }
            if w.hasPrefix("--catalogue=") { return String(w.dropFirst("--catalogue=".count)) }
        }
        return nil
    }
}
