import ArgumentParser

/// `taste [summary|quiz]`.
struct Taste: DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "taste", abstract: "What your ratings say, or a quick quiz to start them.",
        subcommands: [Summary.self, Quiz.self], defaultSubcommand: Summary.self)
}
