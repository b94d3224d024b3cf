import ArgumentParser

/// The shell's parses, kept by what follows a line's leading words, so lines that differ
/// only in those words are parsed once.
///
/// Parsing one command with ArgumentParser reflects over all its options, about 1.4 ms a
/// line for `recommend like` (most of the command at 325 beers, in a profile), whatever the
/// line says. In `recommend like 192 --limit 3`, the words before the first `-` word can
/// only be the command's positional argument (``PositionalCommand``), so the command is
/// the one ArgumentParser makes of `--limit 3` with `192` put in front of its positional
/// values. The first line of each shape is parsed in full; later ones copy that parse and
/// set the words. A line this does not cover goes to ``CommandTypes/parse(_:)``.
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
        for n in [2, 1] where words.count >= n {
            let path = Array(words.prefix(n))
            guard let type = CommandTypes.byPath[path] else { continue }
            guard type is any PositionalCommand.Type else { break }
            let arguments = words.dropFirst(n)
            let head = arguments.prefix { !$0.hasPrefix("-") }
            // "help" may be a help request: the full parse decides.
            guard !head.contains("help") else { break }
            let shape = Shape(path: path, tail: Array(arguments.dropFirst(head.count)))
            var command: any PositionalCommand
            if let known = parsed[shape] {
                command = known
            } else {
                guard let first = CommandTypes.parse(path + shape.tail) as? any PositionalCommand else { break }
                if parsed.count >= Self.capacity { parsed.removeAll(keepingCapacity: true) }
                parsed[shape] = first
                command = first
            }
            command.positionals = Array(head) + command.positionals
            guard (try? command.validate()) != nil else { break }
            return command
        }
        return CommandTypes.parse(words)
    }
}
