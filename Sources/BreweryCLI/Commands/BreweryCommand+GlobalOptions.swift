import Foundation

/// Where the words of a command line go before ArgumentParser reads them: global options
/// given before the subcommand move behind it, and negative numbers stay values.
extension BreweryCommand {
    /// `--limit -1` as `--limit=-1`, `--sort -abv` as `--sort=-abv`: an option's value
    /// that starts with a minus sign would otherwise read as another option ("Missing
    /// value"), when it is a number that the option's own check should judge, or an order.
    ///
    /// Negative numbers ending the line with no option before them are arguments
    /// (`rate 192 -1`: a "--" goes before them), so the command says what it takes.
    static func joinNegativeValues(_ words: [String]) -> [String] {
        func isNegativeNumber(_ w: String) -> Bool { w.hasPrefix("-") && Double(w.dropFirst()) != nil && w.count > 1 }
        var out: [String] = []
        var i = 0
        while i < words.count {
            let w = words[i]
            if w.hasPrefix("--"), !w.contains("="), i + 1 < words.count, let next = words[i + 1].first, next == "-",
                words[i + 1].dropFirst().first.map({ $0.isNumber || $0 == "." }) ?? false
                    || (w == "--sort" && !words[i + 1].hasPrefix("--"))
            {
                out.append(w + "=" + words[i + 1])
                i += 2
            } else {
                out.append(w)
                i += 1
            }
        }
        let trailing = out.reversed().prefix { isNegativeNumber($0) }.count
        if trailing > 0, !out.contains("--"), out.count > trailing, !out[out.count - trailing - 1].hasPrefix("-") {
            out.insert("--", at: out.count - trailing)
        }
        return out
    }

    /// The global options given before the subcommand (`--catalogue X`, `--format F`,
    /// `--color C`, `--json`, `--bail`).
    static func leadingGlobalOptions(_ args: [String]) -> [String] {
        var leading: [String] = []
        var i = 0
        while i < args.count, args[i].hasPrefix("--") {
            if ["--catalogue", "--format", "--color"].contains(args[i]), i + 1 < args.count {
                leading += [args[i], args[i + 1]]
                i += 2
            } else if args[i].hasPrefix("--catalogue=") || args[i].hasPrefix("--format=") || args[i].hasPrefix("--color=")
                || args[i] == "--json"
                || args[i] == "--bail"
            {
                leading.append(args[i])
                i += 1
            } else {
                break
            }
        }
        return leading
    }

    /// `args` with the leading global options moved behind the subcommand.
    static func hoistGlobalOptions(_ args: [String]) -> [String] {
        let leading = leadingGlobalOptions(args)
        guard !leading.isEmpty else { return args }
        let rest = Array(args[leading.count...])
        // Help reads no catalogue and prints in one format: the options have nothing to do.
        if rest.first == "help" { return rest }
        let language = CommandLanguage.standard
        guard let first = rest.first, first == "shell" || language.oneShotNames.contains(first) else { return rest + leading }
        // recommend like/food: put options after the sub-subcommand.
        if let command = language.command(first), rest.count > 1, command.subcommands.contains(where: { $0.name == rest[1] }) {
            return Array(rest[0...1]) + leading + Array(rest[2...])
        }
        return [first] + leading + Array(rest.dropFirst())
    }
}
