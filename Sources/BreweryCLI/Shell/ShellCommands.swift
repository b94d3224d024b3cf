import ArgumentParser
import BreweryViews

/// The commands that exist only inside the shell, as a command tree of their own, so
/// the shell's help, completion and suggestions read them the same way as the
/// one-shot commands (``CommandLanguage``).
struct ShellCommands: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell-commands",
        subcommands: [Help.self, More.self, History.self, Timing.self, SetSetting.self, Clear.self, Quit.self])

    /// `help [command]`.
    struct Help: DescribedCommand {
        static let argument: (valueName: String, values: [String])? = (ArgumentKind.command, [])
        static let configuration = CommandConfiguration(
            commandName: "help",
            abstract: "List the commands, or show one command's options.", aliases: ["?"])
        @Argument(help: ArgumentHelp("A command.", valueName: ArgumentKind.command))
        var topic: [String] = []
    }

    /// `more`.
    struct More: DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "more",
            abstract: "The next page of the last list, search or recommendation.")
    }

    /// `history`.
    struct History: DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "The commands entered, oldest first.",
            discussion: "Saved in $BREWERY_HISTORY, else $XDG_STATE_HOME/brewery/history (~/.local/state/brewery/history).")
    }

    /// `timing on|off`.
    struct Timing: DescribedCommand {
        enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }
        static let argument: (valueName: String, values: [String])? = ("state", Switch.allCases.map(\.rawValue))
        static let configuration = CommandConfiguration(
            commandName: "timing",
            abstract: "After each command, print how long it took, and its query alone.",
            discussion:
                "Time: 0.912 ms (query 0.301 ms): the whole command, then the query as the benchmarks measure it; "
                + "a command that first had to read the catalogue adds how long that took (catalogue read 17.4 ms).")
        @Argument(help: "on or off (toggles when left out).")
        var state: Switch?
    }

    /// `set limit N | color on|off | format table|json|csv | expanded on|off|auto | pager on|off | hints on|off`.
    struct SetSetting: DescribedCommand {
        enum Setting: String, ExpressibleByArgument, CaseIterable {
            case limit, color, format, expanded, pager, hints
            init?(argument: String) { self.init(rawValue: argument == "colour" ? "color" : argument) }
        }
        static let argument: (valueName: String, values: [String])? = ("setting", Setting.allCases.map(\.rawValue))
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract:
                "Session settings: limit N, color on|off, format table|json|csv, expanded on|off|auto, pager on|off, hints on|off.",
            discussion: """
                pager: output taller than the terminal goes through $PAGER (else less -FRX); off prints it all. \
                hints: the arguments of a command and the rest of the first completion, greyed after the cursor; → takes it.
                """)
        @Argument(help: "The setting (all of them are listed when left out).")
        var setting: Setting?
        @Argument(help: "Its new value.")
        var value: String?
    }

    /// `clear`.
    struct Clear: DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Clear the screen (or Ctrl-L).",
            discussion: "Only on a terminal: with output to a file or a pipe it writes nothing.")
    }

    /// `quit`.
    struct Quit: DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "quit", abstract: "Leave the shell (or Ctrl-D).", aliases: ["exit", "\\q"])
    }
}
