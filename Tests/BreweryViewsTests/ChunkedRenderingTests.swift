import BreweryCore
import BreweryTestSupport
import BreweryViews
import Foundation
import Testing

/// A result written in chunks reads as the result written whole.
@Suite struct ChunkedRenderingTests {
    static let catalogue = Catalogue(
        beers: (1...30).map { Beer(id: $0, name: "Beer \($0)", abv: Double($0) / 2, foodPairing: ["Dish, \"hot\"\nor cold"]) })

    /// The search view of `hits[range]`, as a chunk of the whole listing.
    static func view(_ hits: [NameSearch.Hit], _ range: Range<Int>) -> SearchView {
        SearchView(catalogue: catalogue, query: "beer", hits: Array(hits[range]), offset: range.lowerBound, total: hits.count)
    }

    static func chunked(_ hits: [NameSearch.Hit], size: Int, _ format: OutputFormat) -> String {
        var out = ""
        for start in stride(from: 0, to: hits.count, by: size) {
            let end = min(start + size, hits.count)
            let part: ChunkedRendering.Part = start == 0 ? .first : (end == hits.count ? .last : .middle)
            out += ChunkedRendering.text(
                of: view(hits, start..<end), part, format: format, width: 80, style: Style(enabled: false))
        }
        return out
    }

    @Test(arguments: [OutputFormat.json, .csv], [2, 7, 29])
    func jsonAndCSVInChunksAreTheWholeByteForByte(_ format: OutputFormat, _ size: Int) {
        let hits = NameSearch(catalogue: Self.catalogue).search("beer")
        #expect(hits.count == 30)
        let whole = Self.view(hits, 0..<hits.count).rendered(format, width: 80, style: Style(enabled: false))
        #expect(Self.chunked(hits, size: size, format) == whole)
    }

    @Test func aTableInChunksHasOneHeaderAndEveryRow() {
        let hits = NameSearch(catalogue: Self.catalogue).search("beer")
        let lines = Self.chunked(hits, size: 7, .table).split(separator: "\n")
        #expect(lines.count == 31)
        #expect(lines.count { $0.contains("name") } == 1)
    }
}
