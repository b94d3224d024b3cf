import ArgumentParser

/// `recommend like|food`.
struct Recommend: DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend", abstract: "Recommend beers like a beer, or for a food.", subcommands: [Like.self, Food.self])
}
