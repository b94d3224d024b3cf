import ArgumentParser
import BreweryCore

/// `list [--page N] [--per-page N]`: the catalogue in pages, like the Punk API.
struct ListBeers: SessionCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the catalogue, a page at a time.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "Page number, from 1.")
    var page: Int = 1

    @Option(name: .customLong("per-page"), help: "Beers per page (1–1000).")
    var perPage: Int = 25

    func execute(in session: Session) throws {
        guard page >= 1 else { throw UsageError("--page must be 1 or more") }
        guard (1...1000).contains(perPage) else { throw UsageError("--per-page must be between 1 and 1000") }
        let catalogue = try session.catalogue(global).catalogue
        let pages = max((catalogue.count + perPage - 1) / perPage, 1)
        let lo = min((page - 1) * perPage, catalogue.count)
        let hi = min(lo + perPage, catalogue.count)
        let slice = catalogue.beers[lo..<hi]
        if global.json || session.jsonByDefault {
            struct Out: Encodable {
                var results: [JSONOutput.NameRow]
                var page: Int
                var perPage: Int
                var pages: Int
                var total: Int
                enum CodingKeys: String, CodingKey {
                    case results, page, pages, total
                    case perPage = "per_page"
                }
            }
            let rows = slice.enumerated().map { JSONOutput.NameRow(rank: lo + $0.offset + 1, id: $0.element.id, name: $0.element.name) }
            session.output.line(JSONOutput.string(Out(results: rows, page: page, perPage: perPage, pages: pages, total: catalogue.count)))
            return
        }
        if slice.isEmpty {
            session.output.line("Page \(page) is past the end: there are \(pages) pages of \(perPage).")
            return
        }
        let n = TextLayout.number
        let rows = slice.map { [String($0.id), $0.name, n($0.abv, 1), n($0.ibu, 1), n($0.ebc, 1)] }
        TextLayout.table(
            [.init(header: "id", rightAligned: true), .init(header: "name", flexible: true, minWidth: 12), .init(header: "abv", rightAligned: true), .init(header: "ibu", rightAligned: true), .init(header: "ebc", rightAligned: true)],
            rows, width: session.output.terminal.width, style: session.output.style
        ).forEach(session.output.line)
        session.output.line(session.output.style.dim("page \(page) of \(pages) (\(catalogue.count) beers, \(perPage) per page)"))
    }
}
