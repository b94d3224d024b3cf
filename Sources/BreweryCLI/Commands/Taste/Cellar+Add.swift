import ArgumentParser
import BreweryCore
import BreweryTaste
import BreweryViews

extension Cellar {
    /// `cellar add <beer> [--count N] [--best-before MM-YYYY] [--where TEXT]`.
    struct Add: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add bottles of a beer to your cellar (to those there already).",
            discussion: "A best-before or place given replaces the one stored for that beer.")

        static let options =
            GlobalOptions.described + TasteOptions.described + [.value("--count"), .value("--best-before"), .value("--where")]
        static let argument: (valueName: String, values: [String])? = (ArgumentKind.beer, [])

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        @Option(help: "How many (default 1).")
        var count = 1

        @Option(help: ArgumentHelp("The best-before month printed on them (or a date YYYY-MM-DD).", valueName: "MM-YYYY"))
        var bestBefore: String?

        @Option(name: .customLong("where"), help: ArgumentHelp("Where they are kept.", valueName: "text"))
        var place: String?

        @Argument(help: ArgumentHelp("The beer's id or name.", valueName: ArgumentKind.beer), completion: ShellCompletions.beers)
        var beer: [String] = []

        func execute(in session: Session) throws(BreweryError) {
            guard (1...CellarEntry.maximumCount).contains(count) else {
                throw .usage("--count takes a number from 1 to \(CellarEntry.maximumCount)")
            }
            var month: BestBefore?
            if let bestBefore {
                guard let m = BestBefore(parsing: bestBefore) else {
                    throw .usage("--best-before takes \(BestBefore.formatsRead), not '\(bestBefore.prefix(20))'")
                }
                month = m
            }
            if let place, place.utf8.count > 200 { throw .usage("--where takes at most 200 bytes") }
            let (catalogue, b) = try session.tastedBeer(
                beer, global, usage: "cellar add needs a beer id or name, e.g. 'cellar add 192 --count 2'")
            let spot = place.map { Whitespace.trimmed($0) }.flatMap { $0.isEmpty ? nil : $0 }
            let entry = try session.changingTaste(taste) { store throws(TasteError) in
                try store.addToCellar(b, count: count, bestBefore: month, place: spot, at: TasteLocation.timestamp())
            }
            session.show(TasteChangeView.cellared(b, added: count, entry: entry, catalogue: catalogue), global)
        }
    }
}
