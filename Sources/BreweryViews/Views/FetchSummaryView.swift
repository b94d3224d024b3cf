/// What `fetch` shows: how many beers came from where, and what changed.
package struct FetchSummaryView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        /// The catalogue written.
        package var path: String
        package var source: String
        package var beers: Int
        /// Pages read from a server (0 for a file).
        package var pages: Int
        package var seconds: Double
        package var added: Int
        package var removed: Int
        package var changed: Int
    }

    package let document: Document
    /// Whether there was a catalogue before.
    let hadPrevious: Bool

    package init(
        path: String, source: String, beers: Int, pages: Int, seconds: Double, hadPrevious: Bool, added: Int, removed: Int,
        changed: Int
    ) {
        document = Document(
            path: path, source: source, beers: beers, pages: pages, seconds: NumberFormat.rounded(seconds, places: 3),
            added: added, removed: removed, changed: changed)
        self.hadPrevious = hadPrevious
    }

    package func lines(width: Int, style: Style) -> [String] {
        let d = document
        let what = d.pages > 0 ? " in \(d.pages) pages" : ""
        return [
            TerminalText.safe(
                "Fetched \(d.beers) beers\(what) from \(d.source) in \(NumberFormat.fixed(d.seconds, 2)) s into \(d.path)."),
            hadPrevious
                ? "Since the previous catalogue: \(d.added) added, \(d.removed) removed, \(d.changed) changed."
                : "No previous catalogue.",
        ]
    }

    package var csv: CSVTable {
        let d = document
        return CSVTable(
            header: ["path", "source", "beers", "pages", "seconds", "added", "removed", "changed"],
            rows: [
                [
                    d.path, d.source, String(d.beers), String(d.pages), String(d.seconds), String(d.added), String(d.removed),
                    String(d.changed),
                ]
            ])
    }
}
