import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryCore

extension RecipeColumns {
    /// One beer's ingredient texts as the columns hold them, by text rather than number.
    struct BeerTexts: Equatable, CustomStringConvertible {
        var hops: [String]
        var malts: [String?]
        var yeast: String?
        var description: String { "hops \(hops), malts \(malts), yeast \(yeast ?? "-")" }
    }

    /// The amount of hop `h` as `Beer.Amount` holds it.
    func hopAmount(_ h: Int) -> (value: Double?, unit: String?) {
        (hopValue[h].isNaN ? nil : hopValue[h], text(hopUnit[h]))
    }

    /// Every beer's ingredient texts.
    var allTexts: [BeerTexts] {
        (0..<count).map { b in
            BeerTexts(
                hops: hops(of: b).map { h in
                    let amount = hopAmount(h)
                    return [text(hopName[h]), text(hopAdd[h]), text(hopAttribute[h]), amount.value.map { "\($0)" }, amount.unit]
                        .map { $0 ?? "nil" }.joined(separator: "|")
                },
                malts: malts(of: b).map { text(maltName[$0]) }, yeast: text(yeast[b]))
        }
    }
}

/// The ingredients as columns of text numbers, and the indexes built from them.
@Suite struct RecipeColumnsTests {
    @Test func columnsHoldEachBeersIngredientsInOrder() {
        let beers = [
            Beer(
                id: 1, name: "A",
                ingredients: Beer.Ingredients(
                    malt: [Beer.Malt(name: "Maris Otter", amount: nil), Beer.Malt(name: nil, amount: nil)],
                    hops: [
                        Beer.Hop(
                            name: "Citra", amount: Beer.Amount(value: 20, unit: "grams"), add: "dry hop", attribute: "aroma"),
                        Beer.Hop(name: "Citra", amount: nil, add: nil, attribute: "bitter"),
                    ], yeast: "Wyeast 1056 - American Ale™")),
            Beer(id: 2, name: "B"),
            Beer(id: 3, name: "C", ingredients: Beer.Ingredients(malt: [], hops: [], yeast: "")),
            Beer(id: 4, name: "D", ingredients: Beer.Ingredients(malt: [Beer.Malt(name: "Maris Otter", amount: nil)])),
        ]
        let columns = RecipeColumns(beers: beers)
        #expect(columns.count == 4)
        #expect(
            columns.allTexts == [
                .init(
                    hops: ["Citra|dry hop|aroma|20.0|grams", "Citra|nil|bitter|nil|nil"], malts: ["Maris Otter", nil],
                    yeast: "Wyeast 1056 - American Ale™"),
                .init(hops: [], malts: [], yeast: nil),
                // An empty yeast line is none.
                .init(hops: [], malts: [], yeast: nil),
                .init(hops: [], malts: ["Maris Otter"], yeast: nil),
            ])
        // Each distinct text once.
        #expect(columns.maltName[0] == columns.maltName[2])
        #expect(Set(columns.texts).count == columns.texts.count)
    }

    /// The catalogue built from an indexed read (ingredients only in the columns) has the
    /// same recipe features and ingredient tables as one built from the whole beers.
    @Test func indexesFromReadColumnsAreTheWholeBeersIndexes() throws {
        let beers = Fixtures.beers + [CatalogueSnapshotTests.full] + SyntheticCatalogue.beers(count: 400, seed: 6, recipes: true)
        let bytes = try Array(CatalogueDecoder.encode(beers))
        let read = try #require(bytes.withUnsafeBytes { BeerJSONReader.readLocated($0, detail: .indexed) })
        #expect(read.beers.allSatisfy { $0.ingredients == nil })
        let fromColumns = Catalogue(beers: read.beers, recipes: read.recipes)
        let whole = Catalogue(beers: beers)
        for (a, b) in [(fromColumns.recipe, whole.recipe)] {
            #expect(a.keys == b.keys)
            #expect(a.labels == b.labels)
            #expect(a.weights == b.weights)
            #expect(a.tokenStart == b.tokenStart)
            #expect(a.tokens == b.tokens)
            #expect(Array(a.dryHopRate.elements) == Array(b.dryHopRate.elements))
            #expect(Array(a.fermentation.elements) == Array(b.fermentation.elements))
            #expect(Array(a.methodMask.elements) == Array(b.methodMask.elements))
        }
        #expect(fromColumns.ingredients.tables == whole.ingredients.tables)
        #expect(whole.recipe.keys.count > 20)
        #expect(whole.ingredients[.hops].keys.count > 5)
        #expect(Array(whole.recipe.dryHopRate.elements).contains { $0 > 0 })
    }
}

/// Texts numbered by their bytes.
@Suite struct TextInternerTests {
    @Test func theSameBytesGetTheSameNumberAndOthersANewOne() {
        var interner = TextInterner()
        #expect(interner.number(of: "Citra") == 0)
        #expect(interner.number(of: "Simcoe") == 1)
        #expect(interner.number(of: "Citra") == 0)
        #expect(interner.number(of: "") == 2)
        #expect(interner.number(of: "") == 2)
        // Canonically equal but not the same bytes: two numbers (each folds to the same).
        #expect(interner.number(of: "caf\u{E9}") == 3)
        #expect(interner.number(of: "cafe\u{301}") == 4)
        #expect(interner.texts == ["Citra", "Simcoe", "", "caf\u{E9}", "cafe\u{301}"])
    }

    @Test func manyTextsKeepTheirNumbersAsTheTableGrows() {
        var interner = TextInterner()
        let texts = (0..<5_000).map { "hop number \($0) of a long list" }
        for (i, t) in texts.enumerated() { #expect(interner.number(of: t) == Int32(i)) }
        for (i, t) in texts.enumerated().reversed() where i % 7 == 0 { #expect(interner.number(of: t) == Int32(i)) }
        #expect(interner.count == 5_000)
    }

    @Test func aTextThatCannotBeMadeIsNotAdded() {
        struct Refused: Error {}
        var interner = TextInterner()
        let bytes: [UInt8] = [0xFF]
        let thrown = bytes.withUnsafeBufferPointer { b in
            #expect(throws: Refused.self) {
                try interner.number(of: b) { (_: UnsafeBufferPointer<UInt8>) throws(Refused) -> String in throw Refused() }
            }
        }
        _ = thrown
        #expect(interner.count == 0)
        #expect(interner.number(of: "x") == 0)
    }
}
