import ArgumentParser

/// `brewery` with no subcommand: the interactive shell.
struct Shell: DescribedCommand {
    static let configuration = CommandConfiguration(commandName: "shell", abstract: "Start the interactive shell (the default).")

    static let options = GlobalOptions.described + [.flag("--bail")]

    @OptionGroup var global: GlobalOptions

    @Flag(help: "When reading commands from a pipe, stop at the first failure.")
    var bail = false

    mutating func run() throws {
        let code = REPL(global: global, bail: bail).run()
        if code != 0 { throw ExitCode(code) }
    }
}
