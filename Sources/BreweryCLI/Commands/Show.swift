import ArgumentParser
import BreweryCore
import BreweryViews

/// `show <id|name>`: a beer's card.
struct Show: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Show a beer's card, by id or name.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The beer's id or name (case, accents and dashes do not matter).", valueName: ArgumentKind.beer))
    var beer: [String] = []

    func execute(in session: Session) throws(BreweryError) {
        guard !beer.isEmpty else { throw .usage("show needs a beer id or name, e.g. 'show 192'") }
        let catalogue = try session.catalogue(global).catalogue
        let index = try session.lookup(beer, in: catalogue)
        session.show(BeerCardView(beer: catalogue.beers[index]), global)
    }
}
