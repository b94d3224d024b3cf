import ArgumentParser
import BreweryCore
import BreweryStore
import BreweryViews
import Foundation

/// `stats`: counts, missing values, ranges, source and date.
struct Stats: SessionCommand, TakesGlobalOptions, DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Summarise the catalogue: counts, missing values, ranges, source.")

    static let options = GlobalOptions.described

    @OptionGroup var global: GlobalOptions

    func execute(in session: Session) throws(BreweryError) {
        let loaded = try session.catalogue(global)
        let (stats, checks) = session.timedQuery { (CatalogueStats(loaded.catalogue), RecipeCheckTally(loaded.catalogue)) }
        let date = (loaded.metadata?.fetchedAt ?? loaded.modified).map { ISO8601DateFormatter().string(from: $0) }
        session.show(
            StatsView(
                stats: stats, checks: checks, path: loaded.path, source: loaded.metadata?.source ?? loaded.path, date: date,
                fetched: loaded.metadata != nil),
            global)
    }
}
