/// What a command shows, as a value: each command builds one and hands it to the
/// renderer, which writes it as a text table, JSON or CSV.
///
/// The JSON ``document`` is Brewery's public schema: the CLI's `--json` and the HTTP
/// server answer with the same documents.
package protocol CommandView: Sendable {
    /// The JSON document.
    associatedtype Document: Encodable & Sendable

    /// The document for `--json`.
    var document: Document { get }

    /// The human text, fitted to `width` columns.
    func lines(width: Int, style: Style) -> [String]

    /// The records for `--format csv`, header first.
    var csv: CSVTable { get }

    /// Which part of a longer result this shows, for paging (`more`); nil when the view
    /// is not a page of anything.
    var window: ResultWindow? { get }

    /// The lines around the rows of a list, for writing it in chunks; nil for a view
    /// that is no list.
    var listShape: ListShape? { get }

    /// Whether the text is a table of records, which `set expanded` shows one field per
    /// line; a beer's card and a recipe are not.
    var showsRecords: Bool { get }
}

extension CommandView {
    package var window: ResultWindow? { nil }
    package var listShape: ListShape? { nil }
    package var showsRecords: Bool { true }

    /// The whole output in `format`, ending in a newline.
    package func rendered(_ format: OutputFormat, width: Int, style: Style) -> String {
        switch format {
        case .table: lines(width: width, style: style).map { $0 + "\n" }.joined()
        case .json: JSONDocument.string(document) + "\n"
        case .csv: csv.text
        }
    }
}

/// The part of a ranked result a view shows: `shown` results after `offset`, and
/// whether the ranking goes on past them.
package struct ResultWindow: Sendable, Equatable {
    /// Results skipped before the first shown.
    package var offset: Int
    /// Results shown.
    package var shown: Int
    /// Whether there are results after these.
    package var more: Bool

    package init(offset: Int, shown: Int, more: Bool) {
        self.offset = offset
        self.shown = shown
        self.more = more
    }

    /// Where the next page starts; nil when there is none. A window that shows no row
    /// but has more (a page cut short by a Ctrl-C) starts the next page where it started.
    package var next: Int? {
        let end = offset.addingReportingOverflow(shown)
        return more && !end.overflow ? end.partialValue : nil
    }
}
