import ArgumentParser
import BreweryCore
import Foundation

/// `cellar [add|drink|list]`.
struct Cellar: DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellar", abstract: "What you keep: list it (soonest best-before first), add bottles, drink one.",
        subcommands: [List.self, Add.self, Drink.self], defaultSubcommand: List.self)

    /// The month it is (UTC), for marking bottles past their best-before.
    static func thisMonth(_ now: Date = Date()) -> BestBefore {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month], from: now)
        return BestBefore(year: c.year ?? 2000, month: c.month ?? 1) ?? BestBefore(year: 2000, month: 1)!
    }
}
