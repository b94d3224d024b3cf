/// The shape of Brewery's command language, as completion needs it.
///
/// The CLI describes its commands with this; the core completes lines against it
/// without knowing anything about argument parsing or terminals.
public struct CommandGrammar: Sendable {
    /// What a command's positional words are.
    public enum Argument: Sendable, Equatable {
        /// Nothing.
        case none
        /// A beer, by id or name.
        case beer
        /// Food words.
        case food
        /// One of a fixed set of words.
        case choice([String])
        /// Free text (no completion).
        case text
    }

    /// An option such as `--limit <n>` or `--json`.
    public struct Option: Sendable, Equatable {
        /// The name with its dashes.
        public var name: String
        /// Whether it takes a value.
        public var takesValue: Bool
        /// Values to complete, if any.
        public var values: [String]

        public init(_ name: String, takesValue: Bool = false, values: [String] = []) {
            self.name = name
            self.takesValue = takesValue
            self.values = values
        }
    }

    /// A command or a sub-command.
    public struct Command: Sendable, Equatable {
        public var name: String
        public var subcommands: [Command]
        public var options: [Option]
        public var argument: Argument

        public init(_ name: String, subcommands: [Command] = [], options: [Option] = [], argument: Argument = .none) {
            self.name = name
            self.subcommands = subcommands
            self.options = options
            self.argument = argument
        }
    }

    /// The top-level commands.
    public var commands: [Command]

    public init(commands: [Command]) { self.commands = commands }
}
