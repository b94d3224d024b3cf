import ArgumentParser
import BreweryCompletion
import BreweryCore

extension Wishlist {
    /// `wishlist remove <beer>`: `unwish <beer>`.
    struct Remove: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Take a beer off your wishlist (the same as 'unwish').")

        static let options = GlobalOptions.described + TasteOptions.described
        static let argument: (valueName: String, values: [String])? = (ArgumentKind.beer, [])
        static let kept: CommandGrammar.KeptList? = .wishlist

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        @Argument(help: ArgumentHelp("The beer's id or name.", valueName: ArgumentKind.beer), completion: ShellCompletions.beers)
        var beer: [String] = []

        func execute(in session: Session) throws(BreweryError) {
            try session.unwish(
                beer, global, taste, usage: "wishlist remove needs a beer id or name, e.g. 'wishlist remove 192'")
        }
    }
}
