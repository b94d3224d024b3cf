import ArgumentParser
import BreweryCore
import Foundation

/// `search <text>`: beers by name.
struct Search: SessionCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find beers by name: exact, prefix, word prefix, substring, then typo-tolerant.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "Most results to show (0 for all).")
    var limit: Int?

    @Option(help: .hidden)
    var offset: Int = 0

    @Argument(help: "Text to look for in beer names.")
    var text: [String] = []

    func execute(in session: Session) throws {
        let query = text.joined(separator: " ")
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("search needs some text, e.g. 'search hazy'") }
        if let limit, limit < 0 { throw UsageError("--limit must be 0 or more") }
        let catalogue = try session.catalogue(global).catalogue
        let all = NameSearch(catalogue: catalogue).search(query)
        let limit = self.limit ?? session.defaultLimit
        let rest = Array(all.dropFirst(max(offset, 0)))
        let hits = limit == 0 ? rest : Array(rest.prefix(limit))
        if global.json || session.jsonByDefault {
            struct Out: Encodable {
                var query: String
                var results: [JSONOutput.NameRow]
                var total: Int
            }
            let rows = hits.enumerated().map {
                JSONOutput.NameRow(rank: offset + $0.offset + 1, id: catalogue.beers[$0.element.index].id, name: catalogue.beers[$0.element.index].name, match: $0.element.kind.label)
            }
            session.output.line(JSONOutput.string(Out(query: query, results: rows, total: all.count)))
            return
        }
        if hits.isEmpty {
            session.output.line("No beer name matches '\(excerpt(query))'.")
            return
        }
        let rows = hits.enumerated().map { (i, h) in
            [String(offset + i + 1), String(catalogue.beers[h.index].id), catalogue.beers[h.index].name, h.kind.label]
        }
        let table = TextLayout.table(
            [.init(header: "#", rightAligned: true), .init(header: "id", rightAligned: true), .init(header: "name", flexible: true, minWidth: 12), .init(header: "match")],
            rows, width: session.output.terminal.width, style: session.output.style)
        table.forEach(session.output.line)
        if rest.count > hits.count {
            session.output.line(session.output.style.dim("\(rest.count - hits.count) more; 'more' or --limit 0 to see them"))
        }
    }
}
