/// Records shown one under another, a field per line, as psql's `\x` shows them:
///
///     -[ RECORD 1 ]--------------------------
///     rank  | 1
///     name  | Punk IPA 2010 - Current
///
/// Made from a view's CSV records, so every command that lists has it. A long value
/// wraps under its own column.
package enum ExpandedDisplay {
    /// When records are shown expanded (`set expanded`, `--expanded`).
    package enum Mode: String, Sendable, CaseIterable {
        case off, on
        /// Expanded only when the table would not fit the terminal's width.
        case auto
    }

    /// The lines of `table`'s records, expanded, within `width` columns.
    package static func lines(_ table: CSVTable, width: Int, style: Style) -> [String] {
        let names = table.header.map(TerminalText.safe)
        let nameWidth = names.map(\.count).max() ?? 0
        let valueWidth = max(width - nameWidth - 3, 10)
        var out: [String] = []
        for (n, row) in table.rows.enumerated() {
            let title = "-[ RECORD \(n + 1) ]"
            out.append(style.bold(title + String(repeating: "-", count: max(min(width, 60) - title.count, 3))))
            for (i, name) in names.enumerated() {
                let value = TerminalText.safe(i < row.count ? row[i] : "")
                let pieces = value.isEmpty ? [""] : TextLayout.wrapCell(value, valueWidth)
                let padded = name + String(repeating: " ", count: nameWidth - name.count)
                out.append(padded + " | " + pieces[0])
                for piece in pieces.dropFirst() { out.append(String(repeating: " ", count: nameWidth) + " | " + piece) }
            }
        }
        if table.rows.isEmpty { out.append("(no records)") }
        return out
    }
}

extension CommandView {
    /// The whole output in `format`; a table of records `expanded` (or, with `.auto`,
    /// when it is wider than `width`) shows them one field per line instead, between the
    /// list's own heading and footer. A view that is no table of records (a beer's card,
    /// a recipe) and an empty list read as they are.
    package func rendered(_ format: OutputFormat, width: Int, style: Style, expanded: ExpandedDisplay.Mode) -> String {
        let table = csv
        guard format == .table, expanded != .off, showsRecords, !table.header.isEmpty, !table.rows.isEmpty else {
            return rendered(format, width: width, style: style)
        }
        if expanded == .auto {
            // Would the table, given all the room it wants, fit?
            let natural = lines(width: 100_000, style: Style(enabled: false))
            if natural.allSatisfy({ $0.count <= width }) { return rendered(format, width: width, style: style) }
        }
        var out = ExpandedDisplay.lines(table, width: width, style: style)
        if let shape = listShape {
            let whole = lines(width: width, style: style)
            out = whole.prefix(max(shape.headingLines - 1, 0)) + out + whole.suffix(shape.footerLines)
        }
        return out.map { $0 + "\n" }.joined()
    }
}
