import BreweryCore

/// What `stats` shows: the count, where the catalogue came from, and per field how many
/// beers miss it and its range.
package struct StatsView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        /// One field.
        package struct Field: Encodable, Sendable, Equatable {
            package var name: String
            package var missing: Int
            @Nullable package var min: Double?
            @Nullable package var max: Double?
            @Nullable package var median: Double?
        }

        package var count: Int
        /// The catalogue file.
        package var path: String
        /// Where it was fetched from (the file itself when not fetched).
        package var source: String
        /// When it was fetched, else when the file was modified (ISO 8601).
        package var date: String?
        package var fields: [Field]
        package var withoutPairings: Int
        package var foodWords: Int
        package var foodConcepts: Int
        /// Beers with a recipe, and how many of them fail each recipe check.
        package var recipesChecked: Int
        package var recipeChecks: [RecipeCheckCount]

        /// One recipe check and the beers failing it.
        package struct RecipeCheckCount: Encodable, Sendable, Equatable {
            package var check: String
            package var beers: Int
        }

        enum CodingKeys: String, CodingKey {
            case count, path, source, date, fields
            case recipesChecked = "recipes_checked"
            case recipeChecks = "recipe_checks"
            case withoutPairings = "without_pairings"
            case foodWords = "food_words"
            case foodConcepts = "food_concepts"
        }
    }

    package let document: Document
    let stats: CatalogueStats
    let fetched: Bool

    /// The view of `stats` for the catalogue at `path`; `fetched` says whether `date` is
    /// the fetch's (else the file's modification time).
    package init(
        stats: CatalogueStats, checks: RecipeCheckTally, path: String, source: String, date: String?, fetched: Bool
    ) {
        self.stats = stats
        self.fetched = fetched
        document = Document(
            count: stats.count, path: path, source: source, date: date,
            fields: stats.fields.map {
                Document.Field(name: $0.name, missing: $0.missing, min: $0.min, max: $0.max, median: $0.median)
            },
            withoutPairings: stats.withoutPairings, foodWords: stats.foodWords, foodConcepts: stats.foodConcepts,
            recipesChecked: checks.checked,
            recipeChecks: checks.counts.map { Document.RecipeCheckCount(check: $0.kind.rawValue, beers: $0.beers) })
    }

    package func lines(width: Int, style: Style) -> [String] {
        let s = stats
        let d = document
        var out = [style.bold("\(s.count) beers") + (s.idRange.map { " (ids \($0.lowerBound)–\($0.upperBound))" } ?? "")]
        out.append("source  \(TerminalText.safe(d.source))")
        out.append("date    \(d.date ?? "unknown")\(fetched ? " (fetched)" : " (file modified)")")
        out.append("file    \(TerminalText.safe(d.path))")
        out.append("")
        out += TextLayout.table(
            [
                .init(header: "field"), .init(header: "missing", rightAligned: true), .init(header: "min", rightAligned: true),
                .init(header: "median", rightAligned: true), .init(header: "max", rightAligned: true),
            ],
            fieldCells, width: width, style: style)
        out.append("")
        out.append("food pairings: \(s.withoutPairings) beers without any; \(s.foodWords) words in \(s.foodConcepts) concepts")
        let failing = d.recipeChecks.filter { $0.beers > 0 }
        out += TextLayout.labelled(
            "recipes: ",
            "\(d.recipesChecked) checked; "
                + (failing.isEmpty ? "no problem found" : failing.map { "\($0.check) \($0.beers)" }.joined(separator: ", ")),
            width: width)
        return out
    }

    var fieldCells: [[String]] {
        let n = NumberFormat.short
        return stats.fields.map {
            [
                $0.name, String($0.missing), $0.min == nil && $0.max == nil && $0.median == nil ? "" : n($0.min, 2),
                n($0.median, 2),
                $0.min == nil && $0.max == nil ? "" : n($0.max, 2),
            ]
        }
    }

    /// One record per field.
    package var csv: CSVTable {
        let v = NumberFormat.exact
        return CSVTable(
            header: ["field", "missing", "min", "median", "max"],
            rows: stats.fields.map { [$0.name, String($0.missing), v($0.min), v($0.median), v($0.max)] })
    }
}
