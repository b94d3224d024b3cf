import ArgumentParser
import BreweryCore
import Foundation

/// `cellar [add|drink|list]`.
struct Cellar: DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellar", abstract: "What you keep: list it (soonest best-before first), add bottles, drink one.",
        subcommands: [List.self, Add.self, Drink.self], defaultSubcommand: List.self)
}
