import ArgumentParser
import BreweryCompletion
import BreweryCore

/// `unwish <beer>`.
struct Unwish: SessionCommand, TakesGlobalOptions, DescribedCommand {
    static let configuration = CommandConfiguration(commandName: "unwish", abstract: "Take a beer off your wishlist.")

    static let options = GlobalOptions.described + TasteOptions.described
    static let argument: (valueName: String, values: [String])? = (ArgumentKind.beer, [])
    static let kept: CommandGrammar.KeptList? = .wishlist

    @OptionGroup var global: GlobalOptions
    @OptionGroup var taste: TasteOptions

    @Argument(help: ArgumentHelp("The beer's id or name.", valueName: ArgumentKind.beer), completion: ShellCompletions.beers)
    var beer: [String] = []

    func execute(in session: Session) throws(BreweryError) {
        try session.unwish(beer, global, taste, usage: "unwish needs a beer id or name, e.g. 'unwish 192'")
    }
}
