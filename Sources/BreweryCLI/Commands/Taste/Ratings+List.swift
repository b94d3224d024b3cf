import ArgumentParser
import BreweryCore
import BreweryTaste
import BreweryViews

extension Ratings {
    /// `ratings list [--sort date|score|name]` (also `ratings` alone).
    struct List: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List your ratings: latest first, or by score or name.",
            discussion: """
                A rating made on another catalogue (v2 and v3 number beers differently) is matched by \
                name; one whose beer this catalogue lacks is listed with id – and kept.
                """)

        static let options =
            GlobalOptions.described + TasteOptions.described + [.value("--sort", RatingsView.Order.allCases.map(\.rawValue))]

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        @Option(help: "date (latest first), score (best first) or name.")
        var sort: RatingsView.Order = .date

        func execute(in session: Session) throws(BreweryError) {
            let catalogue = try session.catalogue(global).catalogue
            let profile = try session.tasteProfile(taste)
            session.show(RatingsView(profile.ratings, catalogue: catalogue, order: sort), global)
        }
    }
}

extension RatingsView.Order: ExpressibleByArgument {}
