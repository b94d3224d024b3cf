import ArgumentParser
import BreweryCore
import BreweryViews

extension Taste {
    /// `taste summary` (also `taste` alone).
    struct Summary: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "summary",
            abstract: "What your ratings say: the styles, yeasts, hops and malts of the beers you rated well and poorly.")

        static let options = GlobalOptions.described + TasteOptions.described

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        func execute(in session: Session) throws(BreweryError) {
            let catalogue = try session.catalogue(global).catalogue
            session.show(
                TasteView(
                    TasteSummary(try session.tasteProfile(taste), catalogue: catalogue)),
                global)
        }
    }
}
