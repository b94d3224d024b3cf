import Algorithms
import BreweryCore
import Foundation

/// Completes a REPL line: command words, sub-commands, options, option values, beer
/// names and ids, and food words. Pure: line in, candidates out.
///
/// Candidates are *whole lines* (`"recommend like Punk IPA 2007 - 2010"`), so names with
/// spaces and punctuation complete as one unit; ``Completion/display`` holds what to list
/// (just the names).
package struct Completer: Sendable {
    /// The answer to one TAB.
    package struct Completion: Sendable, Equatable {
        /// Whole-line candidates.
        package var candidates: [String]
        /// What to show for each candidate when listing.
        package var display: [String]
        /// The line to put in place now: the candidates' common prefix, never shorter
        /// than the line typed.
        package var commonPrefix: String

        package static let empty = Completion(candidates: [], display: [], commonPrefix: "")
    }

    let grammar: CommandGrammar
    let catalogue: Catalogue?
    /// The name index, built on another thread (see ``BackgroundValue``).
    let names: BackgroundValue<NameCompletionIndex>?
    /// The beers on one of the user's lists, read at each TAB (a rating made a line
    /// ago completes), for ``CommandGrammar/Argument/kept(_:)``.
    let kept: (@Sendable (CommandGrammar.KeptList, _ typedOptions: [String: String]) -> [TastedBeer])?
    /// Most candidates listed.
    package var maxCandidates = 200

    /// Creates a completer; without a catalogue, names and foods do not complete. Beer
    /// names are indexed on another thread, and the first name completion waits for it.
    /// `kept` gives the user's beers of a list, which complete first where a command acts
    /// on them, given the options with values typed on the line (`--taste PATH` names
    /// another store).
    package init(
        grammar: CommandGrammar, catalogue: Catalogue?,
        kept: (@Sendable (CommandGrammar.KeptList, _ typedOptions: [String: String]) -> [TastedBeer])? = nil
    ) {
        self.grammar = grammar
        self.catalogue = catalogue
        self.kept = kept
        names = catalogue.map { c in BackgroundValue { NameCompletionIndex(foldedNames: c.foldedNames, ids: c.idIndex.ids) } }
    }

    /// Completes `line` (the text before the cursor).
    package func complete(_ line: String) -> Completion {
        let words = Self.split(line)
        // A space inside an open quote is part of the word being completed.
        let endsInSpace = line.last == " " && !(words.last.map(Self.isOpenQuote) ?? false)
        // words before the one being completed
        let done = endsInSpace ? words : Array(words.dropLast())
        let current = endsInSpace ? "" : (words.last?.text ?? "")
        let currentStart = endsInSpace ? line.count : (words.last?.start ?? 0)
        let head = String(line.prefix(currentStart))

        if done.isEmpty {
            return wordCompletion(head: head, current: current, options: grammar.commands.map(\.name))
        }
        guard var command = grammar.commands.first(where: { $0.name == done[0].text }) else { return .empty }
        var used = 1
        if !command.subcommands.isEmpty {
            if done.count == 1 {
                return wordCompletion(head: head, current: current, options: command.subcommands.map(\.name))
            }
            guard let sub = command.subcommands.first(where: { $0.name == done[1].text }) else { return .empty }
            command = sub
            used = 2
        }
        // Walk options; the argument starts at the first non-option word.
        var k = used
        var argumentStart: Int? = nil
        var typedOptions: [String: String] = [:]
        while k < done.count {
            let w = done[k].text
            if w.hasPrefix("--") {
                if let opt = command.options.first(where: { $0.name == w }), opt.takesValue {
                    if k + 1 < done.count { typedOptions[w] = Self.unquoted(done[k + 1].text) }
                    k += 1
                }
            } else if argumentStart == nil {
                argumentStart = done[k].start
            }
            k += 1
        }
        if current.hasPrefix("-") {
            return wordCompletion(head: head, current: current, options: command.options.map(\.name))
        }
        // After an option that takes a value (before or after the argument): its values.
        if let last = done.last, done.count > used,
            let opt = command.options.first(where: { $0.name == last.text }), opt.takesValue
        {
            if let kind = opt.ingredients { return ingredientCompletion(kind, head: head, current: current) }
            return wordCompletion(head: head, current: current, options: opt.values)
        }
        switch command.argument {
        case .none, .text:
            return .empty
        case .choice(let values):
            return wordCompletion(head: head, current: current, options: values)
        case .food:
            // The food words typed before this one, back to the argument's first or to
            // an option: the start of a dish of several words ("dim s").
            var earlier: [Word] = []
            for w in done.dropFirst(used).reversed() {
                guard w.start >= (argumentStart ?? currentStart), !w.text.hasPrefix("-") else { break }
                earlier.insert(w, at: 0)
            }
            if let option = done.last(where: { $0.text.hasPrefix("-") }),
                command.options.first(where: { $0.name == option.text })?.takesValue == true
            {
                earlier.removeAll { $0.start <= option.start + option.text.count + 1 }
            }
            return foodCompletion(line: line, head: head, earlier: earlier, current: current)
        case .beer, .kept:
            // A beer name is every word from the argument's first on, after any beers
            // already given whole (ids, and names in quotes: `recommend like 192 "Dead Pony
            // Club" Pun`); a later name goes in quoted.
            var start = argumentStart ?? currentStart
            var earlier = false
            let given = done.filter { $0.start >= start }
            var j = 0
            while j < given.count {
                let w = given[j].text
                if w.allSatisfy(\.isNumber) || (w.hasPrefix("#") && w.dropFirst().allSatisfy(\.isNumber) && w.count > 1) {
                    j += 1
                } else if let quote = w.first, quote == "\"" || quote == "'" {
                    var end = j
                    while end < given.count, !(given[end].text.count > (end == j ? 1 : 0) && given[end].text.last == quote) {
                        end += 1
                    }
                    guard end < given.count else { break }
                    j = end + 1
                } else {
                    break
                }
                earlier = true
                start = j < given.count ? given[j].start : currentStart
            }
            var among: [Int]? = nil
            if case .kept(let list) = command.argument, let catalogue, let kept {
                among = kept(list, typedOptions).compactMap { $0.index(in: catalogue) }
            }
            return beerCompletion(
                prefix: String(line.prefix(start)), text: String(line.dropFirst(start)), quoteNames: earlier,
                among: among)
        }
    }

    // MARK: - Kinds

    private func wordCompletion(head: String, current: String, options: [String]) -> Completion {
        let folded = TextFolding.fold(current.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")))
        // A value of several words is offered quoted, and matches what was typed with or
        // without its opening quote.
        let hits = options.filter {
            $0.hasPrefix(folded) || $0.hasPrefix(current) || ($0.hasPrefix("\"") && $0.dropFirst().hasPrefix(folded))
        }
        return make(lines: hits.map { head + $0 }, display: hits, typed: head + current, lcpLine: nil)
    }

    /// The pairings' words that start with what was typed, then the food knowledge's
    /// names and members that do (what `recommend food` also reads: "dessert",
    /// "shellfish", "sunday roast", "gelato"), each in order and once: a hint offers a
    /// word the pairings say first.
    ///
    /// The knowledge's dishes of several words that the `earlier` words begin ("dim s" →
    /// "dim sum", "toad in the h" → "toad in the hole") come before those, the longest
    /// start first; and alone when an earlier word, not a stop word, is none the pairings
    /// say, since such a word ("dim") is there only as the start of a dish.
    private func foodCompletion(line: String, head: String, earlier: [Word], current: String) -> Completion {
        guard let vocab = catalogue?.food.vocabulary else { return .empty }
        let sayable = FoodKnowledge.standard.sayable
        let folded = TextFolding.fold(current)
        var lines: [String] = []
        var hits: [String] = []
        var seen: Set<String> = []
        // One line is offered once, whichever way it was reached: 'fish and chi' reaches
        // "fish and chips" as a dish begun two words back and through the word "chips".
        func add(_ shown: String, _ full: String) {
            guard hits.count < maxCandidates, seen.insert(full).inserted else { return }
            hits.append(shown)
            lines.append(full)
        }
        var onlyDishes = false
        for n in stride(from: min(earlier.count, 3), through: 1, by: -1) {
            let begun = earlier.suffix(n).map { TextFolding.fold($0.text) }
            let phrase = (begun + [folded]).joined(separator: " ")
            let start = String(line.prefix(earlier[earlier.count - n].start))
            let first = sayable.partitioningIndex { $0 >= phrase }
            var k = first
            while k < sayable.count, sayable[k].hasPrefix(phrase), hits.count < maxCandidates {
                add(sayable[k], start + sayable[k])
                k += 1
            }
            // A word no pairing says, before the one typed, is there only as a dish's start.
            if k > first, begun.contains(where: { !FoodText.stopWords.contains($0) && vocab.concept(forWord: $0) == nil }) {
                onlyDishes = true
            }
        }
        if !onlyDishes {
            var lo = vocab.words.partitioningIndex { $0 >= folded }
            while lo < vocab.words.count, vocab.words[lo].hasPrefix(folded), hits.count < maxCandidates {
                if vocab.isProperForm(of: lo) { add(vocab.words[lo], head + vocab.words[lo]) }
                lo += 1
            }
            var k = sayable.partitioningIndex { $0 >= folded }
            while k < sayable.count, sayable[k].hasPrefix(folded), hits.count < maxCandidates {
                add(sayable[k], head + sayable[k])
                k += 1
            }
        }
        return make(lines: lines, display: hits, typed: head + current, lcpLine: nil)
    }

    /// The catalogue's ingredients of `kind` whose names match what was typed, most
    /// used first; a name with spaces goes in quoted, so the line reads back as one value.
    private func ingredientCompletion(_ kind: IngredientIndex.Kind, head: String, current: String) -> Completion {
        guard let table = catalogue?.ingredients[kind] else { return .empty }
        let typed = current.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        let picked = (typed.isEmpty ? Array(table.keys.indices) : table.matching(typed))
            .sorted { table.beerCount($0) != table.beerCount($1) ? table.beerCount($0) > table.beerCount($1) : $0 < $1 }
            .prefix(maxCandidates)
        let names = picked.map { table.names[$0] }
        let lines = names.map { head + LineSplitter.quoted($0) }
        return make(lines: lines, display: names, typed: head + current, lcpLine: lines.count == 1 ? lines[0] : nil)
    }

    /// The beers whose names (or ids) start with `text`; of those, the ones in `among`
    /// when any is (a user's list), and with nothing typed the whole of `among`.
    private func beerCompletion(prefix: String, text: String, quoteNames: Bool = false, among: [Int]? = nil)
        -> Completion
    {
        guard let catalogue, let names = names?.value else { return .empty }
        let trimmed = text.drop(while: { $0 == " " })
        let prefix = prefix + String(text.prefix(text.count - trimmed.count))
        if let among, !among.isEmpty {
            if let completion = keptCompletion(prefix: prefix, typed: String(trimmed), quoteNames: quoteNames, among) {
                return completion
            }
        }
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isNumber) {
            let hits = names.ids(prefix: String(trimmed)).prefix(maxCandidates)
            let lines = hits.map { prefix + String(catalogue.idIndex.ids[$0]) }
            let display = hits.map { "\(catalogue.idIndex.ids[$0]) \(catalogue.beers.name(at: $0))" }
            return make(lines: lines, display: display, typed: prefix + trimmed, lcpLine: nil)
        }
        // A name begun in quotes matches without them (it goes back quoted).
        let opened = trimmed.first == "\"" || trimmed.first == "'"
        let folded = TextFolding.fold(opened ? trimmed.dropFirst() : trimmed)
        guard !folded.isEmpty else { return .empty }
        let quoteNames = quoteNames || opened
        let found = names.matches(prefix: folded, limit: maxCandidates)
        let atStart = found.atNameStart
        let group = atStart.isEmpty ? found.atWordStart : atStart
        guard !group.isEmpty else { return .empty }
        let display = group.map { catalogue.beers.name(at: $0) }
        let lines = display.map { prefix + (quoteNames && $0.contains(" ") ? LineSplitter.quoted($0) : Self.asTyped($0)) }
        var lcpLine: String? = nil
        if group.count == 1 {
            lcpLine = lines[0]
        } else if !atStart.isEmpty {
            let common = Self.originalPrefix(of: display[0], foldedLength: found.commonPrefix.count)
            lcpLine = prefix + (quoteNames && display.contains { $0.contains(" ") } ? "\"" + common : common)
        }
        return make(lines: lines, display: display, typed: prefix + trimmed, lcpLine: lcpLine)
    }

    /// The beers of `among` whose id or folded name starts with `typed` (all of them when
    /// nothing is typed), by name; nil when none does.
    private func keptCompletion(prefix: String, typed: String, quoteNames: Bool, _ among: [Int]) -> Completion? {
        guard let catalogue else { return nil }
        let opened = typed.first == "\"" || typed.first == "'"
        let folded = TextFolding.fold(opened ? typed.dropFirst() : typed[...])
        let byID = !typed.isEmpty && typed.allSatisfy(\.isNumber)
        let picked = Set(among).filter {
            byID ? String(catalogue.idIndex.ids[$0]).hasPrefix(typed) : catalogue.foldedNames[$0].hasPrefix(folded)
        }
        .sorted { (catalogue.foldedNames[$0], $0) < (catalogue.foldedNames[$1], $1) }
        .prefix(maxCandidates)
        guard !picked.isEmpty else { return nil }
        if byID {
            let lines = picked.map { prefix + String(catalogue.idIndex.ids[$0]) }
            let display = picked.map { "\(catalogue.idIndex.ids[$0]) \(catalogue.beers.name(at: $0))" }
            return make(lines: lines, display: display, typed: prefix + typed, lcpLine: nil)
        }
        let quote = quoteNames || opened
        let display = picked.map { catalogue.beers.name(at: $0) }
        let lines = display.map { prefix + (quote && $0.contains(" ") ? LineSplitter.quoted($0) : Self.asTyped($0)) }
        return make(lines: lines, display: display, typed: prefix + typed, lcpLine: lines.count == 1 ? lines[0] : nil)
    }

    private func make(lines: [String], display: [String], typed: String, lcpLine: String?) -> Completion {
        guard !lines.isEmpty else { return .empty }
        var common = lcpLine ?? Self.commonPrefix(lines)
        if common.count < typed.count || TextFolding.fold(common).count < TextFolding.fold(typed).count {
            common = typed
        }
        return Completion(candidates: lines, display: display, commonPrefix: lines.count == 1 ? lines[0] : common)
    }

    // MARK: - Helpers

    /// A beer name as the line must hold it so that the shell reads it back as the same
    /// name: as it is when it splits into its own words (spaces, and apostrophes inside
    /// words, are fine), else quoted.
    static func asTyped(_ name: String) -> String {
        let words = name.split(whereSeparator: \.isWhitespace).map(String.init)
        return (try? LineSplitter.split(name)) == words ? name : LineSplitter.quoted(name)
    }

    /// The leading characters of `name` whose folded form is `foldedLength` bytes long.
    static func originalPrefix(of name: String, foldedLength: Int) -> String {
        var out = ""
        var length = 0
        for ch in name {
            let f = TextFolding.fold(String(ch))
            let n = ch == " " ? 1 : f.utf8.count
            if length + n > foldedLength { break }
            length += n
            out.append(ch)
        }
        return out
    }

    static func commonPrefix(_ lines: [String]) -> String {
        guard var p = lines.first.map(Array.init) else { return "" }
        for l in lines.dropFirst() {
            let c = Array(l)
            var n = 0
            while n < min(p.count, c.count), p[n] == c[n] { n += 1 }
            p.removeLast(p.count - n)
        }
        return String(p)
    }

    /// A word of a line, as typed (quotes kept), and where it starts (in characters).
    struct Word {
        var text: String
        var start: Int
    }

    /// A word typed whole, without the quotes around it.
    static func unquoted(_ text: String) -> String {
        guard let q = text.first, q == "\"" || q == "'", text.count >= 2, text.last == q else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// Whether `word` opens a quote it does not close (`"Wyeast 10`).
    static func isOpenQuote(_ word: Word) -> Bool {
        guard let q = word.text.first, q == "\"" || q == "'" else { return false }
        return word.text.count == 1 || word.text.last != q
    }

    /// The words of a line: split at spaces, except inside quotes.
    static func split(_ line: String) -> [Word] {
        var out: [Word] = []
        var cur = ""
        var start = 0
        // The quote a word began with, until it closes: spaces inside are the word's.
        var quote: Character?
        for (i, ch) in line.enumerated() {
            if ch == " " && quote == nil {
                if !cur.isEmpty { out.append(Word(text: cur, start: start)) }
                cur = ""
            } else {
                if cur.isEmpty {
                    start = i
                    if ch == "\"" || ch == "'" { quote = ch }
                } else if ch == quote {
                    quote = nil
                }
                cur.append(ch)
            }
        }
        if !cur.isEmpty { out.append(Word(text: cur, start: start)) }
        return out
    }
}
