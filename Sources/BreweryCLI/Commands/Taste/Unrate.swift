import ArgumentParser
import BreweryCompletion
import BreweryCore
import BreweryTaste
import BreweryViews

/// `unrate <beer>`.
struct Unrate: SessionCommand, TakesGlobalOptions, DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "unrate", abstract: "Remove your rating of a beer.")

    static let options = GlobalOptions.described + TasteOptions.described
    static let argument: (valueName: String, values: [String])? = (ArgumentKind.beer, [])
    static let kept: CommandGrammar.KeptList? = .ratings

    @OptionGroup var global: GlobalOptions
    @OptionGroup var taste: TasteOptions

    @Argument(help: ArgumentHelp("The beer's id or name.", valueName: ArgumentKind.beer), completion: ShellCompletions.beers)
    var beer: [String] = []

    func execute(in session: Session) throws(BreweryError) {
        let (catalogue, b) = try session.tastedBeer(beer, global, usage: "unrate needs a beer id or name, e.g. 'unrate 192'")
        guard try session.changingExistingTaste(taste, { store throws(TasteError) in try store.unrate(b) }) == true else {
            throw .failure("\(b.name) (#\(b.id)) is not rated; nothing to remove")
        }
        session.show(TasteChangeView.unrated(b, catalogue: catalogue), global)
    }
}
