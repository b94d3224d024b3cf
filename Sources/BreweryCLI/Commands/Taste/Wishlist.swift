import ArgumentParser

/// `wishlist [list|add|remove]`: `add` and `remove` are `wish` and `unwish`, named as
/// `cellar add` is.
struct Wishlist: DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "wishlist", abstract: "Beers to try: list them, add one, remove one.",
        subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)
}
