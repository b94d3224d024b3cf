import BreweryCore
import Foundation

/// The Punk API v2's filters, read from query parameters, as the original server
/// matched them; all combine. Numbers (`abv_gt` … `ebc_lt`) are ≥ 0 and strict, and a
/// beer without the value fails; `brewed_before`/`brewed_after` take `MM-YYYY` (a year
/// alone in the data counts as January); `beer_name`, `hops`, `malt`, `yeast` match the
/// text's characters in order, anything between, ignoring case and accents; `food` is a
/// case-insensitive substring of one pairing; `ids` are `|`-separated; `style` (Brewery's)
/// names a BJCP 2021 style by code or words of its name, and keeps the beers nearest it
/// or whose names say it.
///
/// In every text parameter `_` stands for a space, and every other character is plain
/// (the original server crashed on `beer_name=tokyo*`).
package enum PunkAPIFilter {
    /// The filter parameters' names.
    package static let parameterNames = [
        "abv_gt", "abv_lt", "ibu_gt", "ibu_lt", "ebc_gt", "ebc_lt", "brewed_before", "brewed_after", "beer_name", "hops", "style",
        "malt", "yeast", "food", "ids",
    ]

    /// The text filters' names: their work grows with the catalogue.
    package static let textParameters = ["beer_name", "hops", "malt", "yeast", "food", "style"]

    /// The most ids `ids` takes.
    package static let maximumIDs = 1000

    /// The filter the parameters make on `catalogue`.
    ///
    /// - Parameter texts: what the text filters read (built once by the caller; else built
    ///   here, for one request).
    static func filter(_ query: QueryParameters, catalogue: Catalogue, texts: FilterTexts? = nil) throws(APIError)
        -> BeerFilter
    {
        // Substring food clauses throw nothing; notes are the shell's (the original answered `[]`).
        let specification = try specification(query)
        do { return try specification.resolve(in: catalogue, texts: texts).filter } catch {
            throw .badRequest(error.description)
        }
    }

    /// As ``filter(_:catalogue:texts:)``, with `beer_name` as a test of one beer
    /// (``FilterSpecification/resolveDeferringNames(in:texts:)``), for `/v2/beers`, which
    /// walks beers in id order and stops at the page's end.
    static func pagingFilter(_ query: QueryParameters, catalogue: Catalogue, texts: FilterTexts? = nil)
        throws(APIError) -> PagedFilter
    {
        let specification = try specification(query)
        do { return try specification.resolveDeferringNames(in: catalogue, texts: texts) } catch {
            throw .badRequest(error.description)
        }
    }

    /// What the parameters ask, in the Punk API's words and matching rules.
    static func specification(_ query: QueryParameters) throws(APIError) -> FilterSpecification {
        var s = FilterSpecification()
        for (name, axis, greater) in [
            ("abv_gt", Axis.abv, true), ("abv_lt", .abv, false), ("ibu_gt", .ibu, true), ("ibu_lt", .ibu, false),
            ("ebc_gt", .ebc, true), ("ebc_lt", .ebc, false),
        ] {
            guard let text = query[name] else { continue }
            guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite, v >= 0 else {
                throw .badRequest("\(name) must be a number greater than or equal to 0, not '\(printable(text))'")
            }
            if greater { s.greaterThan[axis] = v } else { s.lessThan[axis] = v }
        }
        for (name, before) in [("brewed_before", true), ("brewed_after", false)] {
            guard let text = query[name] else { continue }
            guard let date = BrewDate(filter: text) else {
                throw .badRequest("\(name) must be a month as MM-YYYY, e.g. 01-2012, not '\(printable(text))'")
            }
            s.add(.brewed(before: before, date), described: "\(name) \(date)")
        }
        if let text = try self.text("beer_name", query) {
            s.add(.name(text, .subsequence), described: "beer_name \(text)")
        }
        for (name, kind) in [("hops", IngredientIndex.Kind.hops), ("malt", .malt), ("yeast", .yeast)] {
            guard let text = try self.text(name, query) else { continue }
            s.add(.ingredient(kind, text, .subsequence), described: "\(name) \(text)")
        }
        if let food = try self.text("food", query) { s.add(.food(food, .substring), described: "food \(food)") }
        if let style = try self.text("style", query) { s.add(.style(style), described: "style \(style)") }
        if let text = query["ids"] {
            // Separated by '|' as the Punk API takes them, or by commas as users write them.
            let ids = Catalogue.ids(typed: text)
            guard let ids, ids.count <= maximumIDs else {
                throw .badRequest(
                    "ids must be up to \(maximumIDs) beer ids separated by '|' or ',', e.g. 1|4|29, not '\(printable(text))'")
            }
            s.add(.ids(ids), described: "ids \(ids.map(String.init).joined(separator: "|"))")
        }
        return s
    }

    /// A text parameter with `_` read as a space; an empty one is an error.
    static func text(_ name: String, _ query: QueryParameters) throws(APIError) -> String? {
        guard let raw = query[name] else { return nil }
        let text = raw.replacingOccurrences(of: "_", with: " ")
        guard !text.allSatisfy(\.isWhitespace) else { throw .badRequest("\(name) must not be empty") }
        return text
    }

    /// A value quoted in a message: at most 40 characters, control characters shown as '?'.
    static func printable(_ text: String) -> String {
        String(text.prefix(40).map { $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? "?" : $0 })
    }
}
