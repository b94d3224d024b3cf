import ArgumentParser

/// The command types by the words that name them (`recommend like` → `Recommend.Like`),
/// so the shell parses a line with its own command's arguments only.
///
/// ArgumentParser parsing from the root reflects over every command of the tree; the one
/// command named takes a fraction of that. Anything the fast path does not parse — help,
/// a mistake — is parsed again from the root, whose messages and help name the whole
/// command.
enum CommandTypes {
    /// Every leaf command by its path of names and aliases.
    static let byPath: [[String]: any ParsableCommand.Type] = {
        var out: [[String]: any ParsableCommand.Type] = [:]
        func walk(_ type: any ParsableCommand.Type, _ path: [String]) {
            for sub in type.configuration.subcommands {
                for name in [sub.configuration.commandName ?? ""] + sub.configuration.aliases {
                    let here = path + [name]
                    if sub.configuration.subcommands.isEmpty { out[here] = sub } else { walk(sub, here) }
                }
            }
        }
        walk(BreweryCommand.self, [])
        return out
    }()

    /// `words` parsed as the command their first words name, or nil when that does not
    /// give a command (the caller parses from the root then).
    static func parse(_ words: [String]) -> (any ParsableCommand)? {
        guard let (type, path) = command(named: words) else { return nil }
        return parse(type, Array(words.dropFirst(path.count)))
    }

    /// The command type the first words of `words` name, and those words.
    static func command(named words: [String]) -> (type: any ParsableCommand.Type, path: [String])? {
        for n in [2, 1] where words.count >= n {
            let path = Array(words.prefix(n))
            if let type = byPath[path] { return (type, path) }
        }
        return nil
    }

    /// `arguments` parsed as `type`'s, or nil when that does not give a `type`.
    static func parse(_ type: any ParsableCommand.Type, _ arguments: [String]) -> (any ParsableCommand)? {
        // A help request parses into ArgumentParser's help command: the root's does it.
        guard let parsed = try? type.parseAsRoot(arguments), Swift.type(of: parsed) == type else { return nil }
        return parsed
    }
}
