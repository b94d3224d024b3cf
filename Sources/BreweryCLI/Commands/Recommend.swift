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
    /// `recommend like <id|name>`.
    struct Like: SessionCommand, PagedCommand {
        static let configuration = CommandConfiguration(
            abstract: "Beers most like a beer: abv/ibu/ebc similarity plus shared food pairings.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: RecommendOptions

        @Option(
            help: "Weights, e.g. abv=1,ibu=1,ebc=1,food=0.5 (the defaults).", completion: .list(["abv=1,ibu=1,ebc=1,food=0.5"]))
        var weights: String?

        @Argument(help: ArgumentHelp("The beer's id or name.", valueName: ArgumentKind.beer))
        var beer: [String] = []

        func execute(in session: Session) throws(BreweryError) {
            guard !beer.isEmpty else { throw .usage("recommend like needs a beer id or name, e.g. 'recommend like 192'") }
            let w = try BreweryError.lifting(BreweryError.scoring) { () throws(ScoringError) in
                try weights.map { text throws(ScoringError) in try ScoringWeights(parsing: text) } ?? .standard
            }
            let catalogue = try session.catalogue(global).catalogue
            let index = try session.lookup(beer, in: catalogue)
            let filter = try options.filters.filter(catalogue)
            let paging = options.paging
            let end = paging.end(session, count: catalogue.count)
            var result = session.timedQuery {
                LikeRecommender(catalogue: catalogue).recommend(like: index, weights: w, filter: filter, limit: end)
            }
            let start = min(paging.start(count: catalogue.count), result.hits.count)
            // A full page of results may have more after it; a short one has not.
            let more = result.hits.count == end && end < catalogue.count - 1
            result.hits.removeFirst(start)
            session.show(
                LikeView(
                    catalogue: catalogue, result: result, weights: w, filter: filter, offset: start, more: more,
                    explain: options.explain),
                global)
        }
    }

    /// `recommend food <words…>`.
    struct Food: SessionCommand, PagedCommand {
        static let configuration = CommandConfiguration(abstract: "Beers whose food pairings match the words.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: RecommendOptions

        @Argument(help: ArgumentHelp("Food words, e.g. tacos or 'chicken tacos'.", valueName: ArgumentKind.food))
        var words: [String] = []

        func execute(in session: Session) throws(BreweryError) {
            let text = words.joined(separator: " ")
            let catalogue = try session.catalogue(global).catalogue
            let filter = try options.filters.filter(catalogue)
            let paging = options.paging
            let end = paging.end(session, count: catalogue.count)
            var result = try BreweryError.lifting(BreweryError.scoring) { () throws(ScoringError) in
                try session.timedQuery { () throws(ScoringError) in
                    try FoodRanker(catalogue: catalogue).rank(text, filter: filter, limit: end)
                }
            }
            let start = min(paging.start(count: catalogue.count), result.hits.count)
            result.hits.removeFirst(start)
            session.show(
                FoodView(
                    catalogue: catalogue, text: text, result: result, offset: start, moreHint: session.moreHint,
                    explain: options.explain),
                global)
        }
    }
}
