import ArgumentParser
import BreweryCore
import BreweryViews
import Foundation

/// `recommend like|food`.
struct Recommend: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Recommend beers like a beer, or for a food.", subcommands: [Like.self, Food.self])
}

extension Recommend {
    /// `recommend like <id|name>…`.
    struct Like: SessionCommand, PagedCommand, TakesGlobalOptions {
        static let configuration = CommandConfiguration(
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

        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: RecommendOptions

        @Option(
            help: "Weights or a preset (see above), e.g. yeast=3,hops=0.5 or numeric.",
            completion: .list(ScoringWeights.presets.map(\.name)))
        var weights: String?

        @Option(
            name: .customLong("not"), help: ArgumentHelp("A beer you do not like: beers like it go down.", valueName: "id|name"),
            completion: ShellCompletions.beers)
        var notLiked: [String] = []

        @Option(
            help: ArgumentHelp("A beer to leave out of the results.", valueName: "id|name"), completion: ShellCompletions.beers)
        var exclude: [String] = []

        @Argument(
            help: ArgumentHelp("The beers' ids or names.", valueName: ArgumentKind.beer), completion: ShellCompletions.beers)
        var beer: [String] = []

        func execute(in session: Session) throws(BreweryError) {
            guard !beer.isEmpty else { throw .usage("recommend like needs a beer id or name, e.g. 'recommend like 192'") }
            let w = try BreweryError.lifting(BreweryError.scoring) { () throws(ScoringError) in
                try weights.map { text throws(ScoringError) in try ScoringWeights(parsing: text) } ?? .standard
            }
            let catalogue = try session.catalogue(global).catalogue
            let liked = try session.lookupEach(beer, in: catalogue)
            var disliked: [Int] = []
            for name in notLiked { disliked += try session.lookupEach([name], in: catalogue) }
            var excluded: [Int] = []
            for name in exclude { excluded += try session.lookupEach([name], in: catalogue) }
            let query = LikeQuery(liked: liked, disliked: disliked, weights: w)
            guard query.beers.count <= LikeQuery.maximumBeers else {
                throw .usage("recommend like takes at most \(LikeQuery.maximumBeers) beers (liked and --not together)")
            }
            let filter = try options.filters.filter(catalogue, note: session.output.note)
            // A beer both liked and not liked counts as liked (``LikeQuery``): say so, not
            // drop the --not unseen (once the command is known good: an error stays one line).
            for i in Set(liked).intersection(disliked).sorted() {
                session.output.note(
                    "brewery: note: #\(catalogue.idIndex.ids[i]) is both liked and given to --not; it counts as liked")
            }
            let paging = options.paging
            let end = paging.end(session, count: catalogue.count)
            let recommender = LikeRecommender(catalogue: catalogue)
            let ranking = session.timedQuery {
                recommender.ranking(query, filter: filter, excluding: excluded, limit: end)
            }
            let start = min(paging.start(count: catalogue.count), ranking.ranked.count)
            // A full page of results may have more after it; a short one has not.
            let left = Set(query.beers + excluded).count
            let more = ranking.ranked.count == end && end < catalogue.count - left
            let shown = ranking.ranked[start...]
            let excludedIDs = Array(Set(excluded)).sorted()
            // Each part of a long listing is explained only when it is written.
            session.showRows(count: shown.count, global) { range in
                let part = shown[(start + range.lowerBound)..<(start + range.upperBound)]
                let result = LikeRecommender.Result(
                    query: query, hits: recommender.hits(part, ranking.prepared), hiddenTwins: ranking.hiddenTwins)
                return LikeView(
                    catalogue: catalogue, result: result, filter: filter, excluded: excludedIDs,
                    offset: start + range.lowerBound, more: more || range.upperBound < shown.count, explain: options.explain)
            }
        }
    }

    /// `recommend food <words…>`.
    struct Food: SessionCommand, PagedCommand, TakesGlobalOptions {
        static let configuration = CommandConfiguration(abstract: "Beers whose food pairings match the words.")

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
            let paging = options.paging
            let end = paging.end(session, count: catalogue.count)
            let result = try BreweryError.lifting(BreweryError.scoring) { () throws(ScoringError) in
                try session.timedQuery { () throws(ScoringError) in
                    try FoodRanker(catalogue: catalogue).rank(text, filter: filter, limit: end)
                }
            }
            let start = min(paging.start(count: catalogue.count), result.hits.count)
            let shown = result.hits[start...]
            session.showRows(count: shown.count, global) { range in
                var part = result
                part.hits = Array(shown[(start + range.lowerBound)..<(start + range.upperBound)])
                return FoodView(
                    catalogue: catalogue, text: text, result: part, offset: start + range.lowerBound,
                    moreHint: session.moreHint, explain: options.explain)
            }
        }
    }
}
