import ArgumentParser

/// `recommend like|food|for me`.
struct Recommend: DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend", abstract: "Recommend beers like a beer, for a food, or for your taste.",
        subcommands: [Like.self, Food.self, ForMe.self])
}
