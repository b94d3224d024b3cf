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
    /// The whole output in `format`. A table is fitted to `width`: a table of records
    /// shows them one field per line instead — when `expanded`, when `.auto` and its
    /// table is wider than `width`, and whenever its table cannot be made to fit —
    /// between the list's own heading and footer; any other line still wider is wrapped.
    /// A view that is no table of records (a beer's card, a recipe) and an empty list read
    /// as they are, wrapped to fit.
    package func rendered(_ format: OutputFormat, width: Int, style: Style, expanded: ExpandedDisplay.Mode) -> String {
        guard format == .table else { return rendered(format, width: width, style: style) }
        let table = csv
        let records = showsRecords && !table.header.isEmpty && !table.rows.isEmpty
        var out = lines(width: width, style: style)
        let plain = style.enabled ? out.map(TerminalText.withoutEscapes) : out
        // Whether the table fits (a list's heading and footer wrap, whatever their length).
        let tableLines =
            listShape.map { plain.dropFirst(max($0.headingLines - 1, 0)).dropLast($0.footerLines) } ?? plain[...]
        let fits = tableLines.allSatisfy { TextLayout.characterCount($0) <= width }
        var expand = records && (expanded == .on || !fits)
        if records, !expand, expanded == .auto {
            // Would the table, given all the room it wants, fit?
            let natural = lines(width: 100_000, style: Style(enabled: false))
            expand = !natural.allSatisfy { TextLayout.characterCount($0) <= width }
        }
        if expand {
            var records = ExpandedDisplay.lines(table, width: width, style: style)
            if let shape = listShape {
                records = out.prefix(max(shape.headingLines - 1, 0)) + records + out.suffix(shape.footerLines)
            }
            out = records
        }
        return TextLayout.fit(out, width: width).map { $0 + "\n" }.joined()
    }
}
