import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

/// The writer gives the bytes `JSONEncoder` gives (sorted keys, slashes unescaped), so
/// the API's answers are the same whichever writes them.
@Suite struct BeerJSONWriterTests {
    static func encoded(_ beer: Beer) -> [UInt8]? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(beer)).map { [UInt8]($0) }
    }

    static func expectSame(_ beers: [Beer], sourceLocation: SourceLocation = #_sourceLocation) {
        for beer in beers {
            let written = BeerJSONWriter.bytes(beer)
            #expect(
                written == encoded(beer), "beer \(beer.id): \(String(decoding: written ?? [], as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
    }

    @Test func inventedBeersWithEveryFieldAndNone() {
        Self.expectSame(Fixtures.beers + [Fixtures.everyField, CatalogueSnapshotTests.full, Beer(id: 7, name: "")])
    }

    @Test func listsOfBeersAsAnArray() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for beers in [[], [Fixtures.everyField], Fixtures.beers] {
            #expect(try BeerJSONWriter.bytes(beers) == [UInt8](encoder.encode(beers)))
        }
        var infinite = Fixtures.beers
        infinite[1].abv = .infinity
        #expect(BeerJSONWriter.bytes(infinite) == nil)
    }

    @Test func syntheticBeersWithRecipes() {
        Self.expectSame(SyntheticCatalogue.beers(count: 2_000, seed: 11, recipes: true))
    }

    /// Every control character, quotes, backslashes, slashes, DEL, line separators,
    /// accents and emoji; numbers in every notation `description` has.
    @Test func trickyTextsAndNumbers() {
        var text = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        text += "\"\\/\u{7F}\u{2028}\u{2029}é 🍺 \u{301}"
        let numbers: [Double] = [
            0, -0.0, 1, 20, 1.5, 0.1, 1e-7, 1e-6, 1e-5, 0.0001, 1e15, 1e16, 1e21, 1e22, 123_456_789_012_345_678,
            .leastNonzeroMagnitude, .greatestFiniteMagnitude, -3.25, 0.1 + 0.2, 1055.5, -1e-300,
        ]
        var beers: [Beer] = []
        for (i, n) in numbers.enumerated() {
            var b = Beer(id: i + 1, name: text, tagline: String(text.reversed()), abv: n, ibu: -n, ebc: n * 3)
            b.foodPairing = [text, "", "/"]
            b.volume = Beer.Amount(value: n, unit: text)
            b.method = Beer.Method(mashTemp: [Beer.MashStep(temp: nil, duration: n)], fermentation: nil, twist: text)
            b.ingredients = Beer.Ingredients(
                malt: [Beer.Malt(name: nil, amount: Beer.Amount(value: nil, unit: nil))],
                hops: [Beer.Hop(name: text, amount: nil, add: nil, attribute: "")], yeast: nil)
            beers.append(b)
        }
        Self.expectSame(beers)
    }

    /// JSON has no infinity or NaN: both writers refuse them.
    @Test func aNumberJSONCannotHoldIsRefused() {
        for n in [Double.infinity, -.infinity, .nan] {
            let beer = Beer(id: 1, name: "x", abv: n)
            #expect(BeerJSONWriter.bytes(beer) == nil && Self.encoded(beer) == nil)
        }
    }
}

@Suite(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"))
struct RealCatalogueJSONWriterTests {
    @Test(arguments: ["v2", "v3"])
    func writesTheRealCatalogueAsJSONEncoderDoes(_ version: String) throws {
        try #require(SharedData.available(version), Comment(rawValue: SharedData.missingMessage(version)))
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.punkAPI(version)))
        BeerJSONWriterTests.expectSame(try CatalogueDecoder.decodeArray(data, source: version))
    }
}
