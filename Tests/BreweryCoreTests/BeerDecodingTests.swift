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
    }
}
