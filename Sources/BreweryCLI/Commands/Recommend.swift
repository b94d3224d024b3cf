import ArgumentParser

/// `recommend like|food`.
struct Recommend: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Recommend beers like a beer, or for a food.", subcommands: [Like.self, Food.self])
}
