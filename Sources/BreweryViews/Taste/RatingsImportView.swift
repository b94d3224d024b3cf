import BreweryCore

/// What `ratings import` answers: how many of the export's rows became ratings, how many
/// were new, updated or kept, what was left out and why, and the BrewDog beers this
/// catalogue lacks with the closest names it has.
package struct RatingsImportView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        /// Rows in the export.
        package var rows: Int
        /// Ratings it holds for this catalogue's beers (a beer's latest check-in).
        package var imported: Int
        /// Of those: beers not rated before, ratings replaced by newer ones, and ratings
        /// kept because the stored one is as new or newer.
        package var added: Int
        package var updated: Int
        package var kept: Int
        /// Rows of other breweries, and check-ins without a rating, left out.
        package var otherBreweries: Int
        package var unrated: Int
        /// BrewDog beers this catalogue does not have.
        package var notFound: [NotFound]

        /// A beer of the export the catalogue lacks, with its closest names.
        package struct NotFound: Encodable, Sendable, Equatable {
            package var name: String
            package var closest: [String]
        }

        enum CodingKeys: String, CodingKey {
            case rows, imported, added, updated, kept, unrated
            case otherBreweries = "other_breweries"
            case notFound = "not_found"
        }
    }

    package let document: Document

    /// The outcome of importing `matched`, of which the store added, updated and kept as counted.
    package init(_ matched: UntappdRatings.Matched, added: Int, updated: Int, kept: Int) {
        document = Document(
            rows: matched.rows, imported: matched.ratings.count, added: added, updated: updated, kept: kept,
            otherBreweries: matched.otherBreweries, unrated: matched.unrated,
            notFound: matched.unmatched.map { Document.NotFound(name: $0.name, closest: $0.closest) })
    }

    package func lines(width: Int, style: Style) -> [String] {
        let d = document
        var parts = [
            "Imported \(CountedNoun.phrase(d.imported, "rating")) from \(CountedNoun.phrase(d.rows, "row")): \(d.added) new, \(d.updated) updated, "
                + "\(d.kept) kept (yours as new or newer)"
        ]
        if d.otherBreweries > 0 { parts.append("\(d.otherBreweries) of other breweries left out") }
        if d.unrated > 0 { parts.append("\(d.unrated) without a rating left out") }
        var out = [TerminalText.safe(parts.joined(separator: "; ") + ".")]
        if !d.notFound.isEmpty {
            out.append("Not in this catalogue (\(d.notFound.count)):")
            for u in d.notFound {
                let closest = u.closest.isEmpty ? "" : " — closest: " + u.closest.joined(separator: ", ")
                out.append(TerminalText.safe("  \(u.name)\(closest)"))
            }
        }
        return out
    }

    /// The beers not found, one a row, with the closest names (the counts are the text's
    /// and the JSON's).
    package var csv: CSVTable {
        CSVTable(
            header: ["not_found", "closest"],
            rows: document.notFound.map { [$0.name, $0.closest.joined(separator: "; ")] })
    }
}
