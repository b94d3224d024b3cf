import ArgumentParser
import BreweryCore
import BreweryStore
import Foundation

/// `stats`: counts, missing values, ranges, source and date.
struct Stats: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Summarise the catalogue: counts, missing values, ranges, source.")

    @OptionGroup var global: GlobalOptions

    func execute(in session: Session) throws {
        let loaded = try session.catalogue(global)
        let s = CatalogueStats(loaded.catalogue)
        let source = loaded.metadata?.source ?? loaded.path
        let date = loaded.metadata?.fetchedAt ?? loaded.modified
        let iso = date.map { ISO8601DateFormatter().string(from: $0) }
        if global.json || session.jsonByDefault {
            struct FieldOut: Encodable {
                var name: String
                var missing: Int
                var min: Double?
                var max: Double?
                var median: Double?
            }
            struct Out: Encodable {
                var count: Int
                var path: String
                var source: String
                var date: String?
                var fields: [FieldOut]
                var withoutPairings: Int
                var foodWords: Int
                var foodConcepts: Int
                enum CodingKeys: String, CodingKey {
                    case count, path, source, date, fields
                    case withoutPairings = "without_pairings", foodWords = "food_words", foodConcepts = "food_concepts"
                }
            }
            let out = Out(
                count: s.count, path: loaded.path, source: source, date: iso,
                fields: s.fields.map { FieldOut(name: $0.name, missing: $0.missing, min: $0.min, max: $0.max, median: $0.median) },
                withoutPairings: s.withoutPairings, foodWords: s.foodWords, foodConcepts: s.foodConcepts)
            session.output.line(JSONOutput.string(out))
            return
        }
        let o = session.output
        o.line(o.style.bold("\(s.count) beers") + (s.idRange.map { " (ids \($0.lowerBound)–\($0.upperBound))" } ?? ""))
        o.line("source  \(source)")
        o.line("date    \(iso ?? "unknown")\(loaded.metadata == nil ? " (file modified)" : " (fetched)")")
        o.line("file    \(loaded.path)")
        o.line("")
        let n = TextLayout.number
        TextLayout.table(
            [.init(header: "field"), .init(header: "missing", rightAligned: true), .init(header: "min", rightAligned: true), .init(header: "median", rightAligned: true), .init(header: "max", rightAligned: true)],
            s.fields.map { [$0.name, String($0.missing), $0.min == nil && $0.max == nil && $0.median == nil ? "" : n($0.min, 2), n($0.median, 2), $0.min == nil && $0.max == nil ? "" : n($0.max, 2)] },
            width: o.terminal.width, style: o.style
        ).forEach(o.line)
        o.line("")
        o.line("food pairings: \(s.withoutPairings) beers without any; \(s.foodWords) words in \(s.foodConcepts) concepts")
    }
}
