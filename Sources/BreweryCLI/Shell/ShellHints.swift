import ArgumentParser
import BreweryCompletion
import BreweryCore

/// What the shell shows greyed after the cursor, as fish and redis-cli do: after a command
/// typed in full, the arguments it takes (`recommend like <id|name> [--limit …] …`);
/// while a word is typed, the rest of its first completion, which → accepts; nothing
/// after a space that begins no word yet.
struct ShellHints {
    /// A hint for one line.
    struct Hint: Equatable {
        /// The greyed text, shown after the line.
        var text: String
        /// The whole line → puts in place; nil when the hint is only advice.
        var line: String?
    }

    let language: CommandLanguage
    /// The completer of the catalogue loaded now.
    let completer: () -> Completer?

    /// Options many commands share (global, filters, paging but `--limit`, and `--help`
    /// and `--version`): hinted after a command's own, as the option groups describe them.
    static let shared: Set<String> = Set(
        (GlobalOptions.described + FilterOptions.described + PagingOptions.described).map(\.name)
    )
    .subtracting(["--limit"]).union(["--help", "--version"])

    /// The hint for `line`, the whole line with the cursor at its end; nil for none.
    func hint(for line: String) -> Hint? {
        guard !line.isEmpty, line.utf8.count <= 512, !line.hasPrefix(" ") else { return nil }
        // A word not begun yet has no completion worth showing: its first would be the
        // alphabetically first food word or name, not a guess at what comes next.
        if line.hasSuffix(" ") { return usage(line).map { Hint(text: $0, line: nil) } }
        guard let completion = completer()?.complete(line), let top = completion.candidates.first,
            top.count > line.count, top.lowercased().hasPrefix(line.lowercased())
        else { return nil }
        let rest = String(top.dropFirst(line.count))
        let shown = rest.hasSuffix(" ") ? String(rest.dropLast()) : rest
        return shown.isEmpty ? nil : Hint(text: shown, line: top)
    }

    /// The arguments of the command `line` names in full, when none is typed yet.
    func usage(_ line: String) -> String? {
        let words = line.split(separator: " ").map(String.init)
        guard let first = words.first, var command = language.command(first) else { return nil }
        var used = 1
        if !command.subcommands.isEmpty {
            if words.count == 1 { return "<" + command.subcommands.map(\.name).joined(separator: "|") + ">" }
            guard let sub = command.subcommands.first(where: { $0.words.contains(words[1]) }) else { return nil }
            command = sub
            used = 2
        }
        guard words.count == used else { return nil }
        var parts: [String] = []
        if let a = command.argument {
            parts.append("<" + (a.values.isEmpty ? a.valueName : a.values.joined(separator: "|")) + ">")
        }
        // `--limit` first, then the command's own options, then the shared ones.
        let options = command.options.enumerated().sorted {
            (rank($0.element.name), $0.offset) < (rank($1.element.name), $1.offset)
        }
        .map(\.element).filter { $0.name != "--help" }
        parts += options.prefix(2).map { "[\($0.name)\($0.takesValue ? " …" : "")]" }
        if options.count > 2 { parts.append("…") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    private func rank(_ option: String) -> Int { option == "--limit" ? 0 : (Self.shared.contains(option) ? 2 : 1) }
}
