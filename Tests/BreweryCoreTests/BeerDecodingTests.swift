import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

@Suite struct BeerDecodingTests {
    @Test func decodesV2AndV3ImageShapes() throws {
        let v2 = #"[{"id": 1, "name": "A", "image_url": "https://x/1.png", "abv": 5}]"#
        let v3 = #"[{"id": 2, "name": "B", "image": "2.png", "abv": null, "extra_field": [1,2]}]"#
        let a = try CatalogueDecoder.decodeArray(Data(v2.utf8), source: "v2.json")
        let b = try CatalogueDecoder.decodeArray(Data(v3.utf8), source: "v3.json")
        #expect(a[0].image == "https://x/1.png" && a[0].imageKey == .imageURL)
        #expect(b[0].image == "2.png" && b[0].imageKey == .image)
        #expect(b[0].abv == nil)
    }

    @Test func nullNumbersSurviveARoundTrip() throws {
        let beers = Fixtures.beers
        let again = try CatalogueDecoder.decodeArray(Fixtures.json(beers), source: "t")
        #expect(again == beers)
        let text = String(decoding: Fixtures.json([beers[2]]), as: UTF8.self)
        #expect(text.contains(#""ibu" : null"#))
    }

    @Test func badRecordNamesFileRecordIdAndField() {
        let json = #"[{"id": 1, "name": "A"}, {"id": 7, "name": "B", "abv": "strong"}]"#
        #expect {
            try CatalogueDecoder.decodeArray(Data(json.utf8), source: "cat.json")
        } throws: { error in
            let text = "\(error)"
            return text.contains("cat.json") && text.contains("record 1") && text.contains("id 7") && text.contains("'abv'")
        }
    }

    @Test func missingNameIsAnError() {
        #expect(throws: CatalogueError.self) {
            try CatalogueDecoder.decodeArray(Data(#"[{"id": 3}]"#.utf8), source: "x")
        }
    }

    /// A name that is empty or only white space (ASCII or not) is refused; one that only
    /// starts with white space, or with a letter outside ASCII, is a name.
    @Test func blankNamesAreRefusedAndOthersKept() throws {
        for blank in ["", "   ", "\\t\\n", "\\u3000", " \\u00a0 "] {
            let json = #"[{"id": 1, "name": "A"}, {"id": 2, "name": "\#(blank)"}]"#
            #expect(throws: CatalogueError.emptyName(source: "n", index: 1, id: 2), "\(blank)") {
                try CatalogueDecoder.decodeArray(Data(json.utf8), source: "n")
            }
        }
        for name in [" A", "\\u00c9t\\u00e9", "\\u3000Zen", "~"] {
            let json = #"[{"id": 1, "name": "\#(name)"}]"#
            #expect((try? CatalogueDecoder.decodeArray(Data(json.utf8), source: "n"))?.count == 1, "\(name)")
        }
    }

    @Test(arguments: ["", "{", "[{\"id\": 1, \"name\": \"A\"", "<html>", "42"])
    func brokenJSONIsOneClearError(_ text: String) {
        #expect {
            try CatalogueDecoder.decodeArray(Data(text.utf8), source: "broken.json")
        } throws: { error in
            let d = "\(error)"
            return d.contains("broken.json") && !d.contains("\n")
        }
    }

    @Test func duplicateIdsAndEmptyCataloguesAreRejected() {
        let dup = #"[{"id": 1, "name": "A"}, {"id": 1, "name": "B"}]"#
        #expect(throws: CatalogueError.duplicateID(source: "d", id: 1, firstIndex: 0, secondIndex: 1)) {
            try CatalogueDecoder.decodeArray(Data(dup.utf8), source: "d")
        }
        #expect {
            try CatalogueDecoder.decodeArray(Data("[]".utf8), source: "e")
        } throws: { "\($0)".contains("brewery fetch") }
    }

    @Test func taglineBecomesHashtags() {
        let beer = Beer(id: 1, name: "X", tagline: "Post Modern Classic. Spiky. Tropical. Hoppy.")
        #expect(beer.hashtags == ["#PostModernClassic", "#Spiky", "#Tropical", "#Hoppy"])
        // An apostrophe inside a word keeps it one word.
        let strong = Beer(id: 2, name: "Y", tagline: "The World's Strongest Beer. You Know You Shouldn’t!")
        #expect(strong.hashtags == ["#TheWorldsStrongestBeer", "#YouKnowYouShouldnt"])
    }
}

/// Ids are positive whole numbers that fit in 32 bits, as the Punk API's were: anything
/// else is refused at validation, naming the record, before it can reach an index.
@Suite struct BeerIDRuleTests {
    @Test(arguments: [0, -1, -9_223_372_036_854_775_808, 2_147_483_648, 9_223_372_036_854_775_807])
    func aBadIdIsRefusedNamingTheRecord(_ id: Int) {
        let json = #"[{"id": 1, "name": "A"}, {"id": \#(id), "name": "B"}]"#
        #expect(throws: CatalogueError.badID(source: "t.json", index: 1, id: id)) {
            try CatalogueDecoder.decodeArray(Data(json.utf8), source: "t.json")
        }
    }

    @Test func theLargestIdIsFine() throws {
        let beers = try CatalogueDecoder.decodeArray(Data(#"[{"id": 2147483647, "name": "Max"}]"#.utf8), source: "t")
        #expect(beers.first?.id == 2_147_483_647)
    }

    @Test func aSnapshotOfAnyIdsNeverTraps() throws {
        let beers = [Beer(id: -5, name: "Negative"), Beer(id: Int.max, name: "Huge")]
        let read = try CatalogueSnapshot.decode(CatalogueSnapshot.encode(Catalogue(beers: beers), header: []))
        #expect(Array(read.beers) == beers)
    }
}
