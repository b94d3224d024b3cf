import ArgumentParser
import BreweryCore

/// `show <id|name>`: a beer's card.
struct Show: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Show a beer's card, by id or name.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The beer's id or name (case, accents and dashes do not matter).")
    var beer: [String] = []

    func execute(in session: Session) throws {
        guard !beer.isEmpty else { throw UsageError("show needs a beer id or name, e.g. 'show 192'") }
        let loaded = try session.catalogue(global)
        let index = try loaded.catalogue.lookup(beer.joined(separator: " "))
        let b = loaded.catalogue.beers[index]
        if global.json || session.jsonByDefault {
            session.output.line(JSONOutput.string(b))
        } else {
            for l in BeerCard.render(b, width: session.output.terminal.width, style: session.output.style) {
                session.output.line(l)
            }
        }
    }
}
