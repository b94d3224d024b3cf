import ArgumentParser
import BreweryCompletion
import BreweryCore
import BreweryTaste
import BreweryViews

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
        let (catalogue, b) = try session.tastedBeer(beer, global, usage: "unwish needs a beer id or name, e.g. 'unwish 192'")
        guard try session.changingExistingTaste(taste, { store throws(TasteError) in try store.unwish(b) }) == true else {
            throw .failure("\(b.name) (#\(b.id)) is not on your wishlist")
        }
        session.show(TasteChangeView.unwished(b, catalogue: catalogue), global)
    }
}
