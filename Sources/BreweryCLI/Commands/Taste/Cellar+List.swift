import ArgumentParser
import BreweryCore
import BreweryViews
import Foundation

extension Cellar {
    /// `cellar list` (also `cellar` alone).
    struct List: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List your cellar: soonest best-before first, those past it marked.")

        static let options = GlobalOptions.described + TasteOptions.described

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        func execute(in session: Session) throws(BreweryError) {
            let catalogue = try session.catalogue(global).catalogue
            session.show(
                CellarView(try session.tasteProfile(taste).cellar, catalogue: catalogue, today: BestBefore(containing: Date())),
                global)
        }
    }
}
