import ArgumentParser
import BreweryCore
import BreweryViews

extension Recommend {
    /// `recommend like <id|name>…`.
    struct Like: SessionCommand, PagedCommand, TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "like",
            abstract: "Beers most like one or more beers: brewed alike (yeast, hops, malt, method), close in abv/ibu/ebc, "
                + "sharing food pairings.",
            discussion: """
                Each argument is one beer: an id, or a name in quotes ("Dead Pony Club"). Words not in \
                quotes are read together as one name when they are one (recommend like Dead Pony Club). \
                With several beers, the best beers are close to every one of them. --not pushes beers like \
                a beer down; --exclude leaves a beer out.

                --weights takes name=number pairs for abv, ibu, ebc, food, yeast, hops, malt and method, \
                optionally after a preset: standard (the defaults: \(ScoringWeights.standard)), numeric, \
                food, card (abv/ibu/ebc and food only) or recipe; e.g. --weights numeric,food=1.
                """)

        static let options = GlobalOptions.described + RecommendOptions.described + LikeQueryOptions.described
        static let argument: (valueName: String, values: [String])? = (ArgumentKind.beer, [])

        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: RecommendOptions
        @OptionGroup var query: LikeQueryOptions

        @Argument(
            help: ArgumentHelp("The beers' ids or names.", valueName: ArgumentKind.beer), completion: ShellCompletions.beers)
        var beer: [String] = []

        func execute(in session: Session) throws(BreweryError) {
            let catalogue = try session.catalogue(global).catalogue
            let (query, excluded, both) = try self.query.resolve(liked: beer, in: catalogue, session)
            let filter = try options.filters.filter(catalogue, note: session.output.note)
            // Said once the command is known good: an error stays one line.
            for i in both {
                session.output.note(
                    "brewery: note: #\(catalogue.idIndex.ids[i]) is both liked and given to --not; it counts as liked")
            }
            let page = session.timedQuery {
                LikeRecommender(catalogue: catalogue).page(
                    query, filter: filter, excluding: excluded, window: options.paging.window(session))
            }
            session.showRows(count: page.count, global) { rows in
                LikeView(catalogue: catalogue, page: page, rows: rows, filter: filter, explain: options.explain)
            }
        }
    }
}
