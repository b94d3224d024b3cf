import ArgumentParser
import BreweryCore
import BreweryViews

extension Recommend {
    /// `recommend for me`.
    struct ForMe: SessionCommand, PagedCommand, TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "for",
            abstract: "Beers for your taste: like the beers you rated well (and wished for), unlike those you rated poorly.",
            discussion: """
                Ratings of 3.5 and up pull (by their stars), the wishlist pulls mildly, ratings of 2 \
                and below push beers like them down. Beers you rated or keep in your cellar are left \
                out unless --include-tried. Filters as for 'recommend like'.
                """)

        static let options =
            GlobalOptions.described + TasteOptions.described + RecommendOptions.described + [.flag("--include-tried")]
        static let argument: (valueName: String, values: [String])? = ("me", ["me"])

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions
        @OptionGroup var options: RecommendOptions

        @Flag(help: "List beers you rated or keep in the cellar too.")
        var includeTried = false

        @Argument(help: ArgumentHelp("me", valueName: "me"), completion: .list(["me"]))
        var who: String?

        func execute(in session: Session) throws(BreweryError) {
            guard who == "me" else { throw .usage("say 'recommend for me'") }
            let catalogue = try session.catalogue(global).catalogue
            let signals = TasteSignals(try session.tasteProfile(taste), catalogue: catalogue)
            guard !signals.pulls.isEmpty else {
                throw .failure(
                    signals.ratedCount == 0
                        ? "recommend for me needs your taste: rate beers you know ('rate 192 4.5'), wish for some ('wish 192'), or take 'taste quiz'"
                        : "none of your \(signals.ratedCount) rating\(signals.ratedCount == 1 ? " is" : "s are") 3.5 or more: rate a beer you like, or wish for one"
                )
            }
            let filter = try options.filters.filter(catalogue, note: session.output.note)
            let page = session.timedQuery {
                ForMeRecommender(catalogue: catalogue).page(
                    signals, filter: filter, includeTried: includeTried, window: options.paging.window(session))
            }
            session.show(
                ForMeView(catalogue: catalogue, page: page, filter: filter, includeTried: includeTried, explain: options.explain),
                global)
        }
    }
}
