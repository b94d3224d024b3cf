import ArgumentParser
import BreweryCore
import BreweryViews

/// `ingredients hops|malt|yeast [TEXT]`: the catalogue's ingredients with their beer counts.
struct Ingredients: SessionCommand, TakesGlobalOptions, PagedCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingredients",
        abstract: "List the catalogue's hops, malts or yeasts, with how many beers use each.",
        discussion: """
            TEXT narrows the list: every word of it starts a word of the name, in order \
            ('nelson' finds Nelson Sauvin and NZ Nelson Sauvin; 'wyeast 1056' the American Ale \
            yeast). Case, accents, dashes and trademark signs do not matter.
            """)

    static let options = GlobalOptions.described + PagingOptions.described
    static let argument: (valueName: String, values: [String])? = ("hops|malt|yeast", Kind.allCases.map(\.rawValue))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var paging: PagingOptions

    // Words, not a `Kind`: an ingredient typed in its place ('ingredients citra') gets the
    // command that lists it, which the catalogue is needed to find.
    @Argument(
        help: ArgumentHelp("hops, malt or yeast.", valueName: "hops|malt|yeast"),
        completion: .list(Kind.allCases.map(\.rawValue)))
    var kind: String

    @Argument(help: ArgumentHelp("Words the names must have.", valueName: ArgumentKind.text))
    var text: [String] = []

    func execute(in session: Session) throws(BreweryError) {
        guard let kind = Kind(argument: kind) else {
            throw .usage(Self.unknownKind(kind, text, in: try? session.catalogue(global).catalogue))
        }
        let catalogue = try session.catalogue(global).catalogue
        let query = text.joined(separator: " ")
        let table = catalogue.ingredients[kind.index]
        let all = session.timedQuery {
            (query.isEmpty ? Array(table.keys.indices) : table.matching(query))
                .map { (name: table.names[$0], beers: table.beerCount($0)) }
                .sorted { $0.beers != $1.beers ? $0.beers > $1.beers : $0.name < $1.name }
        }
        let window = paging.window(session)
        let start = window.start(count: all.count)
        let rows = Array(all[start..<window.end(count: all.count)])
        session.show(
            IngredientListView(
                kind: kind.rawValue, query: query.isEmpty ? nil : query, rows: rows, offset: start, total: all.count,
                suggestions: all.isEmpty && !query.isEmpty ? table.nearest(to: query).map { table.names[$0] } : [],
                moreHint: session.moreHint),
            global)
    }

    /// The error for a first word that is no kind: with the command to type when the
    /// words name ingredients of the catalogue (`catalogue`, when it could be read).
    static func unknownKind(_ word: String, _ rest: [String], in catalogue: Catalogue?) -> String {
        let said = "'\(TerminalText.safe(word))' is not hops, malt or yeast"
        let words = ([word] + rest).joined(separator: " ")
        let kinds = catalogue.map { c in Kind.allCases.filter { !c.ingredients[$0.index].matching(words).isEmpty } } ?? []
        guard !kinds.isEmpty else { return said + ": e.g. 'ingredients hops' lists the hops" }
        let commands = kinds.map { "'ingredients \($0.rawValue) \(TerminalText.safe(words))'" }
        let subject = rest.isEmpty ? "it" : "'\(TerminalText.safe(words))'"
        return said + "; \(subject) names " + kinds.map(\.rawValue).joined(separator: " and ") + ": try "
            + commands.joined(separator: " or ")
    }
}
