import ArgumentParser
import BreweryCore
import BreweryStore
import BreweryViews

extension Recommend {
    /// `recommend food <words…>`.
    struct Food: SessionCommand, PagedCommand, TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "food", abstract: "Beers whose food pairings match the words.")

        static let options = GlobalOptions.described + RecommendOptions.described
        static let argument: (valueName: String, values: [String])? = (ArgumentKind.food, [])

        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: RecommendOptions

        @Argument(
            help: ArgumentHelp("Food words, e.g. tacos or 'chicken tacos'.", valueName: ArgumentKind.food),
            completion: ShellCompletions.foods)
        var words: [String] = []

        func execute(in session: Session) throws(BreweryError) {
            let text = words.joined(separator: " ")
            let catalogue = try session.catalogue(global).catalogue
            let filter = try options.filters.filter(catalogue, note: session.output.note)
            let page = try BreweryError.lifting(BreweryError.scoring) { () throws(ScoringError) in
                try session.timedQuery { () throws(ScoringError) in
                    try FoodRanker(catalogue: catalogue, dictionary: SystemWordList.shared).page(
                        text, filter: filter, window: options.paging.window(session))
                }
            }
            // A table says it; a CSV of a header alone would not.
            if page.result.match == .none, (global.requestedFormat ?? session.defaultFormat) == .csv {
                session.output.note("brewery: note: no beer pairs with '\(TerminalText.safe(text))'")
            }
            session.showRows(count: page.result.hits.count, global) { rows in
                FoodView(
                    catalogue: catalogue, text: text, page: page.part(rows), filter: filter, moreHint: session.moreHint,
                    explain: options.explain)
            }
        }
    }
}
