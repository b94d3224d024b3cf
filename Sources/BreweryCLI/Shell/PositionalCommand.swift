import ArgumentParser

/// A command whose only positional argument is one list of words (`recommend like`'s
/// beers, `recommend food`'s words, `show`, `recipe`, `search`), which the shell may set on a copy
/// of the command parsed with the same options (``ParsedTemplates``).
protocol PositionalCommand: ParsableCommand {
    /// The positional argument's values, in order.
    var positionals: [String] { get set }
}

extension Recommend.Like: PositionalCommand {
    var positionals: [String] {
        get { beer }
        set { beer = newValue }
    }
}

extension Recommend.Food: PositionalCommand {
    var positionals: [String] {
        get { words }
        set { words = newValue }
    }
}

extension Show: PositionalCommand {
    var positionals: [String] {
        get { options.beer }
        set { options.beer = newValue }
    }
}

extension RecipeCommand: PositionalCommand {
    var positionals: [String] {
        get { options.beer }
        set { options.beer = newValue }
    }
}

extension Search: PositionalCommand {
    var positionals: [String] {
        get { text }
        set { text = newValue }
    }
}
