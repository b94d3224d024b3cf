import ArgumentParser
import BreweryCore
import BreweryViews

/// `ingredients hops|malt|yeast [TEXT]`: the catalogue's ingredients with their beer counts.
struct Ingredients: SessionCommand, TakesGlobalOptions, PagedCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the catalogue's hops, malts or yeasts, with how many beers use each.",
        discussion: """
            TEXT narrows the list: every word of it starts a word of the name, in order
            ('nelson' finds Nelson Sauvin and NZ Nelson Sauvin; 'wyeast 1056' the American Ale
            yeast). Case, accents, dashes and trademark signs do not matter.
            """)

    /// The kinds, as typed.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case hops, malt, yeast

        init?(argument: String) {
            switch argument.lowercased() {
            case "hops", "hop": self = .hops
            case "malt", "malts": self = .malt
            case "yeast", "yeasts": self = .yeast
            default: return nil
            }
        }

        var index: IngredientIndex.Kind {
            switch self {
            case .hops: .hops
            case .malt: .malt
            case .yeast: .yeast
            }
        }
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var paging: PagingOptions

    @Argument(help: "hops, malt or yeast.")
    var kind: Kind

    @Argument(help: ArgumentHelp("Words the names must have.", valueName: ArgumentKind.text))
    var text: [String] = []

    func execute(in session: Session) throws(BreweryError) {
        let catalogue = try session.catalogue(global).catalogue
        let query = text.joined(separator: " ")
        let table = catalogue.ingredients[kind.index]
        let all = session.timedQuery {
            (query.isEmpty ? Array(table.keys.indices) : table.matching(query))
                .map { (name: table.names[$0], beers: table.beerCount($0)) }
                .sorted { $0.beers != $1.beers ? $0.beers > $1.beers : $0.name < $1.name }
        }
        let start = paging.start(count: all.count)
        let rows = Array(all[start..<paging.end(session, count: all.count)])
        session.show(
            IngredientListView(
                kind: kind.rawValue, query: query.isEmpty ? nil : query, rows: rows, offset: start, total: all.count,
                moreHint: session.moreHint),
            global)
    }
}
