import ArgumentParser

/// The shell's parses, kept by what follows a line's leading words, so lines that differ
/// only in those words are parsed once.
///
/// Parsing one command with ArgumentParser reflects over all its options, whatever the
/// line says: most of a small catalogue's command. In `recommend like 192 --limit 3`, the words before the first `-` word can
/// only be the command's positional argument (``PositionalCommand``), so the command is
/// the one ArgumentParser makes of `--limit 3` with `192` put in front of its positional
/// values. The first line of each shape is parsed in full; later ones copy that parse and
/// set the words. Other commands are parsed whole (``CommandTypes``); a line that does
/// not parse gives nil, and the root parse reports it.
struct ParsedTemplates {
    /// How many shapes are kept; past it the cache starts again (shapes are few in practice).
    static let capacity = 256

    private struct Shape: Hashable {
        let path: [String]
        let tail: [String]
    }

    private var parsed: [Shape: any PositionalCommand] = [:]

    /// `words` parsed as the command their first words name, or nil when that does not
    /// give a command (the caller parses from the root then).
    mutating func parse(_ words: [String]) -> (any ParsableCommand)? {
        guard let (type, path) = CommandTypes.command(named: words) else { return nil }
        let arguments = Array(words.dropFirst(path.count))
        let head = arguments.prefix { !$0.hasPrefix("-") }
        // Other commands, and a "help" word (maybe a help request), are parsed whole.
        guard type is any PositionalCommand.Type, !head.contains("help") else { return CommandTypes.parse(type, arguments) }
        let shape = Shape(path: path, tail: Array(arguments.dropFirst(head.count)))
        var command: any PositionalCommand
        if let known = parsed[shape] {
            command = known
        } else {
            // A mistake in the options is the root's to report, in its words.
            guard let first = CommandTypes.parse(type, shape.tail) as? any PositionalCommand else { return nil }
            if parsed.count >= Self.capacity { parsed.removeAll(keepingCapacity: true) }
            parsed[shape] = first
            command = first
        }
        command.positionals = Array(head) + command.positionals
        guard (try? command.validate()) != nil else { return nil }
        return command
    }
}
