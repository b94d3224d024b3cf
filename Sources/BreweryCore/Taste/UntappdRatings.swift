import Foundation

/// Ratings from an Untappd export (CSV or JSON, with the columns `beer_name`,
/// `brewery_name`, `rating_score`, `created_at` and `comment`), matched to a catalogue by
/// beer name; and ratings written back in the same columns.
public enum UntappdRatings {
    /// A row of the export.
    public struct Row: Sendable, Equatable {
        public var beerName: String
        public var breweryName: String
        /// Stars, 0 when the check-in has no rating.
        public var score: Double
        /// As the export writes it, e.g. `2019-05-04 18:23:11`.
        public var createdAt: String
        public var comment: String
    }

    /// What an export held, matched to a catalogue.
    public struct Matched: Sendable, Equatable {
        /// One rating a beer: the latest check-in with a rating.
        public var ratings: [BeerRating]
        /// BrewDog rows whose beer the catalogue does not have, each with the closest names.
        public var unmatched: [(name: String, closest: [String])]
        /// Rows of other breweries.
        public var otherBreweries: Int
        /// Check-ins without a rating (0 stars).
        public var unrated: Int
        /// Rows in all.
        public var rows: Int

        public static func == (a: Matched, b: Matched) -> Bool {
            a.ratings == b.ratings && a.unmatched.map(\.name) == b.unmatched.map(\.name)
                && a.otherBreweries == b.otherBreweries && a.unrated == b.unrated && a.rows == b.rows
        }
    }

    /// Why an export cannot be read.
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The columns an export needs.
    public static let columns = ["beer_name", "brewery_name", "rating_score", "created_at", "comment"]

    /// The rows of an export's bytes: a JSON array of objects, or CSV with a header row.
    public static func rows(of data: Data) throws(ReadError) -> [Row] {
        let first = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { return try jsonRows(data) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReadError(description: "is neither UTF-8 CSV nor JSON")
        }
        let records: [[String]]
        do {
            records = try CSVRecords.parse(text)
        } catch {
            throw ReadError(description: "is not CSV: the quoted field opened on line \(error.line) never ends")
        }
        guard let header = records.first else { throw ReadError(description: "is empty: no header row, no ratings") }
        let names = header.map { Whitespace.trimmed($0).lowercased() }
        let at = columns.map { names.firstIndex(of: $0) }
        let missing = zip(columns, at).filter { $0.1 == nil }.map(\.0)
        guard missing.count <= 1, !missing.contains("beer_name"), !missing.contains("rating_score") else {
            throw ReadError(
                description:
                    "has no column \(missing.joined(separator: ", ")) (an Untappd export has \(columns.joined(separator: ", ")))")
        }
        return records.dropFirst().map { r in
            func field(_ k: Int) -> String { at[k].flatMap { $0 < r.count ? r[$0] : nil } ?? "" }
            return Row(
                beerName: field(0), breweryName: field(1), score: Double(Whitespace.trimmed(field(2))) ?? 0,
                createdAt: field(3), comment: field(4))
        }
    }

    private static func jsonRows(_ data: Data) throws(ReadError) -> [Row] {
        guard let array = try? JSONSerialization.jsonObject(with: data) as? [Any] else {
            throw ReadError(description: "is not a JSON array of check-ins")
        }
        return try array.map { item throws(ReadError) in
            guard let o = item as? [String: Any] else { throw ReadError(description: "holds a check-in that is not an object") }
            func text(_ key: String) -> String {
                if let s = o[key] as? String { return s }
                if let n = o[key] as? NSNumber { return n.stringValue }
                return ""
            }
            return Row(
                beerName: text("beer_name"), breweryName: text("brewery_name"),
                score: (o["rating_score"] as? NSNumber)?.doubleValue ?? Double(text("rating_score")) ?? 0,
                createdAt: text("created_at"), comment: text("comment"))
        }
    }

    /// `rows` matched to `catalogue`: BrewDog rows with a rating, by their whole name
    /// folded as `show` folds names (never by the start of one: "Elvis Juice" is not
    /// "Elvis Juice V2.0 - Prototype Challenge"), the latest check-in of a beer kept.
    public static func match(_ rows: [Row], catalogue: Catalogue) -> Matched {
        var latest: [Int: BeerRating] = [:]
        var order: [Int] = []
        var unmatched: [(name: String, closest: [String])] = []
        var other = 0
        var unrated = 0
        for row in rows {
            guard TextFolding.fold(row.breweryName).contains("brewdog") || row.breweryName.isEmpty else {
                other += 1
                continue
            }
            guard row.score > 0, let score = BeerRating.score(parsing: String(row.score)) else {
                unrated += 1
                continue
            }
            guard let i = TastedBeer(id: -1, name: row.beerName).index(in: catalogue) else {
                if !unmatched.contains(where: { $0.name == row.beerName }) {
                    var closest: [String] = []
                    do { closest = [catalogue.beers.name(at: try catalogue.lookup(row.beerName))] } catch {
                        if case .unknownName(_, let suggestions) = error { closest = suggestions }
                        if case .ambiguousName(_, let candidates) = error { closest = candidates.map(\.1) }
                        if case .ambiguousStart(_, _, let examples) = error { closest = examples.map(\.1) }
                    }
                    unmatched.append((row.beerName, closest))
                }
                continue
            }
            let note = Whitespace.trimmed(row.comment)
            let rating = BeerRating(
                beer: TastedBeer(i, in: catalogue), score: score, note: note.isEmpty ? nil : note,
                ratedAt: timestamp(row.createdAt))
            if let earlier = latest[i] {
                if earlier.ratedAt < rating.ratedAt { latest[i] = rating }
            } else {
                latest[i] = rating
                order.append(i)
            }
        }
        return Matched(
            ratings: order.compactMap { latest[$0] }, unmatched: unmatched, otherBreweries: other, unrated: unrated,
            rows: rows.count)
    }

    /// An export's date as the store writes dates: `2019-05-04 18:23:11` (UTC, as Untappd
    /// exports) becomes `2019-05-04T18:23:11Z`; a date already so, or anything else, stays.
    static func timestamp(_ text: String) -> String {
        let t = Whitespace.trimmed(text)
        let parts = t.split(separator: " ")
        guard parts.count == 2, parts[0].count == 10, parts[1].count == 8 else { return t }
        return "\(parts[0])T\(parts[1])Z"
    }

    /// The export's date of a stored one: the reverse of ``timestamp(_:)``.
    public static func createdAt(_ stored: String) -> String {
        guard stored.count == 20, stored.hasSuffix("Z") else { return stored }
        return stored.dropLast().replacingOccurrences(of: "T", with: " ")
    }
}
