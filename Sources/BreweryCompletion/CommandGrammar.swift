import BreweryCore

/// The shape of Brewery's command language, as completion needs it.
///
/// The CLI describes its commands with this; the core completes lines against it
/// without knowing anything about argument parsing or terminals.
package struct CommandGrammar: Sendable {
    /// What a command's positional words are.
    package enum Argument: Sendable, Equatable {
        /// Nothing.
        case none
        /// A beer, by id or name.
        case beer
        /// A beer of the user's list: those on it complete first (all beers when none
        /// of them match, or the list is empty).
        case kept(KeptList)
        /// Food words.
        case food
        /// One of a fixed set of words.
        case choice([String])
        /// Free text (no completion).
        case text
    }

    /// A list of the user's beers, whose names complete first where a command acts on
    /// its beers (`unrate`, `unwish`, `cellar drink`).
    package enum KeptList: Sendable, Equatable {
        case ratings, wishlist, cellar
    }

    /// An option such as `--limit <n>` or `--json`.
    package struct Option: Sendable, Equatable {
        /// The name with its dashes.
        package var name: String
        /// Whether it takes a value.
        package var takesValue: Bool
        /// Values to complete, if any.
        package var values: [String]
        /// The catalogue's ingredients of this kind complete as values (`--hops`).
        package var ingredients: IngredientIndex.Kind?

        package init(_ name: String, takesValue: Bool = false, values: [String] = [], ingredients: IngredientIndex.Kind? = nil) {
            self.name = name
            self.takesValue = takesValue
            self.values = values
            self.ingredients = ingredients
        }
    }

    /// A command or a sub-command.
    package struct Command: Sendable, Equatable {
        package var name: String
        package var subcommands: [Command]
        package var options: [Option]
        package var argument: Argument

        package init(_ name: String, subcommands: [Command] = [], options: [Option] = [], argument: Argument = .none) {
            self.name = name
            self.subcommands = subcommands
            self.options = options
            self.argument = argument
        }
    }

    /// The top-level commands.
    package var commands: [Command]

    package init(commands: [Command]) { self.commands = commands }
}
