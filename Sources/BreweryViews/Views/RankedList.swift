/// A ranked or paged list of beers as people read it — a heading, a table (with optional
/// detail lines under each row) and a footer — written once for `recommend like`,
/// `recommend food`, `search` and `list`.
package struct RankedList: Sendable, Equatable {
    /// Lines before the table.
    package var heading: [StyledText] = []
    /// The table's columns.
    package var columns: [TextLayout.Column]
    /// One row of cells per result.
    package var rows: [[String]]
    /// Lines shown dimmed under each row (e.g. `--explain`); empty, or one list per row.
    package var details: [[String]] = []
    /// Said instead of the table when there are no rows; nil says nothing more.
    package var empty: String?
    /// Dimmed lines after the table (what was left out, which page this is).
    package var footer: [String] = []

    package init(
        heading: [StyledText] = [], columns: [TextLayout.Column], rows: [[String]], details: [[String]] = [],
        empty: String?, footer: [String] = []
    ) {
        self.heading = heading
        self.columns = columns
        self.rows = rows
        self.details = details
        self.empty = empty
        self.footer = footer
    }

    /// The lines at `width` columns.
    package func lines(width: Int, style: Style) -> [String] {
        var out = heading.map { $0.rendered(style) }
        guard !rows.isEmpty else { return out + (empty.map { [TerminalText.safe($0)] } ?? []) }
        let table = TextLayout.tableByRow(columns, rows, width: width, style: style)
        out += table[0]
        // A row's details go under all of its lines (its last cell may wrap), each wrapped
        // at the width under its own indent, two spaces further in.
        for (i, lines) in table.dropFirst().enumerated() {
            out += lines
            guard i < details.count else { continue }
            for detail in details[i] {
                out += TextLayout.wrapIndented(TerminalText.safe(detail), width).map(style.dim)
            }
        }
        return out + footer.map { style.dim(TerminalText.safe($0)) }
    }

    /// The lines before and after the rows (with rows, a line of column headers follows
    /// the heading).
    package var shape: ListShape { ListShape(headingLines: heading.count + 1, footerLines: footer.count) }

    /// The rows under the column headers, uncut.
    package var csv: CSVTable { CSVTable(header: columns.map(\.header), rows: rows) }

    /// The columns of a beer result: rank, id, name, abv, ibu, ebc, then `extra`.
    package static func beerColumns(rank: Bool = true, nameMinWidth: Int = 14, _ extra: [TextLayout.Column] = []) -> [TextLayout
        .Column]
    {
        (rank ? [TextLayout.Column(header: "#", rightAligned: true)] : [])
            + [
                .init(header: "id", rightAligned: true), .init(header: "name", flexible: true, minWidth: nameMinWidth),
                .init(header: "abv", rightAligned: true), .init(header: "ibu", rightAligned: true),
                .init(header: "ebc", rightAligned: true),
            ] + extra
    }

    /// The cells of ``beerColumns(rank:nameMinWidth:_:)`` for one beer.
    package static func beerCells(rank: Int?, id: Int, name: String, abv: Double?, ibu: Double?, ebc: Double?) -> [String] {
        let n = NumberFormat.short
        return (rank.map { [String($0)] } ?? []) + [String(id), name, n(abv, 1), n(ibu, 1), n(ebc, 1)]
    }
}
