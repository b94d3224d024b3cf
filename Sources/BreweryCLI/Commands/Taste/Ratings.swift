import ArgumentParser

/// `ratings [list|import|export]`.
struct Ratings: DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "ratings", abstract: "List your ratings, import them from Untappd, or export them.",
        subcommands: [List.self, Import.self, Export.self], defaultSubcommand: List.self)
}
