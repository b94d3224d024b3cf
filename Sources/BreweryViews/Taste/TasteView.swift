import BreweryCore

/// What `taste` shows: what the ratings say (``TasteSummary``).
package struct TasteView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        package struct Facet: Encodable, Sendable, Equatable {
            package var name: String
            package var liked: Int
            package var disliked: Int
            package var weight: Double
        }
        package struct Span: Encodable, Sendable, Equatable {
            package var low: Double
            package var median: Double
            package var high: Double
        }
        package var rated: Int
        package var liked: Int
        package var disliked: Int
        @Nullable package var meanRating: Double?
        package var styles: [Facet]
        package var yeasts: [Facet]
        package var hops: [Facet]
        package var malts: [Facet]
        @Nullable package var abv: Span?
        @Nullable package var ibu: Span?
        @Nullable package var ebc: Span?

        enum CodingKeys: String, CodingKey {
            case rated, liked, disliked, styles, yeasts, hops, malts, abv, ibu, ebc
            case meanRating = "mean_rating"
        }
    }

    package let document: Document
    /// Lines as (label, text): a label of "" is a line of its own.
    let text: [(label: String, text: String)]

    /// The view of `summary`.
    package init(_ summary: TasteSummary) {
        func facets(_ list: [TasteSummary.Facet]) -> [Document.Facet] {
            list.map { Document.Facet(name: $0.name, liked: $0.liked, disliked: $0.disliked, weight: $0.weight) }
        }
        func span(_ s: TasteSummary.Span?) -> Document.Span? {
            s.map { Document.Span(low: $0.low, median: $0.median, high: $0.high) }
        }
        document = Document(
            rated: summary.rated, liked: summary.liked, disliked: summary.disliked,
            meanRating: summary.meanRating.map { NumberFormat.rounded($0, places: 2) }, styles: facets(summary.styles),
            yeasts: facets(summary.yeasts), hops: facets(summary.hops), malts: facets(summary.malts), abv: span(summary.abv),
            ibu: span(summary.ibu), ebc: span(summary.ebc))
        guard summary.rated > 0 else {
            text = [
                (
                    "",
                    "No ratings yet: rate beers you know ('rate 192 4.5'), or take 'taste quiz'."
                )
            ]
            return
        }
        let n = NumberFormat.short
        var lines: [(label: String, text: String)] = [
            (
                "",
                "From \(CountedNoun.phrase(summary.rated, "rating")) (\(summary.liked) of 3.5 and up, \(summary.disliked) of 2 and below)"
                    + (summary.meanRating.map { ", mean \(BeerRating.stars(NumberFormat.rounded($0, places: 1)))" } ?? "") + ":"
            )
        ]
        func line(_ label: String, _ list: [TasteSummary.Facet]) {
            let up = list.filter { $0.weight > 0 }.map { "\($0.name) (\($0.liked))" }
            let down = list.filter { $0.weight < 0 }.map { "\($0.name) (\($0.disliked))" }
            guard !up.isEmpty || !down.isEmpty else { return }
            var parts: [String] = []
            if !up.isEmpty { parts.append("liked: " + up.joined(separator: ", ")) }
            if !down.isEmpty { parts.append("not: " + down.joined(separator: ", ")) }
            lines.append((label, parts.joined(separator: "; ")))
        }
        line("Styles", summary.styles)
        line("Yeasts", summary.yeasts)
        line("Hops", summary.hops)
        line("Malts", summary.malts)
        var numbers: [String] = []
        for (name, s, unit) in [("abv", summary.abv, "%"), ("ibu", summary.ibu, ""), ("ebc", summary.ebc, "")] {
            guard let s else { continue }
            numbers.append(
                s.low == s.high
                    ? "\(name) \(n(s.low, 1))\(unit)" : "\(name) \(n(s.low, 1))–\(n(s.high, 1))\(unit) (median \(n(s.median, 1)))"
            )
        }
        if !numbers.isEmpty { lines.append(("Numbers", numbers.joined(separator: ", ") + " in the beers you liked")) }
        text = lines
    }

    package var showsRecords: Bool { false }
    package func lines(width: Int, style: Style) -> [String] {
        text.flatMap { line in
            line.label.isEmpty
                ? TextLayout.wrapIndented(TerminalText.safe(line.text), width)
                : TextLayout.labelled(
                    line.label + String(repeating: " ", count: max(1, 10 - line.label.count)), TerminalText.safe(line.text),
                    width: width)
        }
    }
    package var csv: CSVTable {
        var rows: [[String]] = []
        for (kind, list) in [
            ("style", document.styles), ("yeast", document.yeasts), ("hop", document.hops), ("malt", document.malts),
        ] {
            for f in list { rows.append([kind, f.name, String(f.liked), String(f.disliked), String(f.weight)]) }
        }
        return CSVTable(header: ["kind", "name", "liked", "disliked", "weight"], rows: rows)
    }
}
