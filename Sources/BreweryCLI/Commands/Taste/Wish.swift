import ArgumentParser
import BreweryCore

/// `wish <beer>`.
struct Wish: SessionCommand, TakesGlobalOptions, DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "wish", abstract: "Put a beer on your wishlist (beers to try; 'recommend for me' leans towards them).")

    static let options = GlobalOptions.described + TasteOptions.described
    static let argument: (valueName: String, values: [String])? = (ArgumentKind.beer, [])

    @OptionGroup var global: GlobalOptions
    @OptionGroup var taste: TasteOptions

    @Argument(help: ArgumentHelp("The beer's id or name.", valueName: ArgumentKind.beer), completion: ShellCompletions.beers)
    var beer: [String] = []

    func execute(in session: Session) throws(BreweryError) {
        try session.wish(beer, global, taste, usage: "wish needs a beer id or name, e.g. 'wish 192'")
    }
}
