import ArgumentParser
import BreweryCore
import BreweryTaste
import BreweryViews

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
        let (catalogue, b) = try session.tastedBeer(beer, global, usage: "wish needs a beer id or name, e.g. 'wish 192'")
        let added = try session.changingTaste(taste) { store throws(TasteError) in
            try store.wish(WishedBeer(beer: b, addedAt: TasteLocation.timestamp()))
        }
        session.show(TasteChangeView.wished(b, added: added, catalogue: catalogue), global)
    }
}
