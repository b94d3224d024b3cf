import ArgumentParser
import BreweryCore

extension Wishlist {
    /// `wishlist add <beer>`: `wish <beer>`.
    struct Add: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Put a beer on your wishlist (the same as 'wish').")

        static let options = GlobalOptions.described + TasteOptions.described
        static let argument: (valueName: String, values: [String])? = (ArgumentKind.beer, [])

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        @Argument(help: ArgumentHelp("The beer's id or name.", valueName: ArgumentKind.beer), completion: ShellCompletions.beers)
        var beer: [String] = []

        func execute(in session: Session) throws(BreweryError) {
            try session.wish(beer, global, taste, usage: "wishlist add needs a beer id or name, e.g. 'wishlist add 192'")
        }
    }
}
