import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryCore

/// The fast JSON reader must give exactly what JSONDecoder gives, or give up.
@Suite struct BeerJSONReaderTests {
    static func fast(_ text: String) -> [Beer]? {
        Data(text.utf8).withUnsafeBytes { BeerJSONReader.read($0) }
    }

    static func standard(_ text: String) -> [Beer]? {
        try? JSONDecoder().decode([Beer].self, from: Data(text.utf8))
    }

    @Test func readsEveryFieldAsJSONDecoderDoes() throws {
        let beers = Fixtures.beers + [CatalogueSnapshotTests.full, Beer(id: -3, name: "x")]
        let text = String(decoding: try CatalogueDecoder.encode(beers), as: UTF8.self)
        let read = try #require(Self.fast(text))
        #expect(read == beers)
        #expect(read == Self.standard(text))
    }

    @Test(arguments: [
        // Escapes, including a surrogate pair and an escaped key.
        #"[{"id": 1, "name": "Tab\there \"q\" \\ \/ \u00e9 \ud83c\udf7a", "tagline": "\b\f\n\r", "n\u0061me2": 1}]"#,
        // Numbers: integers, fractions, exponents, negative zero, long mantissas.
        #"[{"id": 2, "name": "N", "abv": 1e2, "ibu": -0.0, "ebc": 12345678901234567890, "srm": 0.1, "ph": 3.0000000000000004, "target_og": 1.5E-7, "target_fg": 123456.789012345678}]"#,
        // Unknown keys with nested values, nulls where lists go, v3 image.
        #"[{"x": {"a": [1, {"b": null}], "c": true, "d": false}, "id": 3, "name": "U", "image": "3.png", "food_pairing": null, "method": {"mash_temp": null, "fermentation": null}, "ingredients": {"malt": null, "hops": [{}]}}]"#,
        // Both image keys: image_url wins, as in the Codable decoder.
        #"[{"id": 4, "name": "I", "image": "a", "image_url": "b"}]"#,
        // Raw UTF-8 beside ASCII (the fast path for ASCII strings must not catch these).
        #"[{"id": 6, "name": "Crème Brûlée ™ 🍺", "tagline": "plain", "description": "café \"Ølhus\" naïve"}]"#,
        // Whitespace everywhere, and an empty array.
        " \n[ { \"id\" :5 , \"name\" : \"W\" , \"food_pairing\" : [ ] } ] \n",
        // A key within eight bytes of the end; runs of spaces longer than eight, then tabs.
        #"[{"name":"A","id":7}]"#, "[{\"id\":8,          \t\t \"name\"        :\n\t        \"S\"}]",
        "[]",
    ])
    func agreesOnUnusualButValidJSON(_ text: String) throws {
        let read = try #require(Self.fast(text))
        #expect(read == Self.standard(text))
    }

    @Test(arguments: [
        #"[{"id": 1, "name": "A", "name": "B"}]"#,  // a duplicate key
        #"[{"id": 1.5, "name": "A"}]"#,  // not an integer id
        #"[{"id": 1, "name": "A", "abv": "5"}]"#,  // a string for a number
        #"[{"id": 1, "name": null}]"#,  // a null name
        #"[{"id": 1}]"#,  // no name
        #"[{"id": 1, "name": "A"}] x"#,  // trailing text
        #"[{"id": 1, "name": "A"}"#,  // cut short
        #"[{"id": 1, "name": "\ud83c"}]"#,  // a lone surrogate
        "[{\"id\": 1, \"name\": \"a\u{01}b\"}]",  // a raw control character
        #"[{"id": 1, "name": "A", "abv": 01}]"#,  // a leading zero
        #"[{"id": 1, "name": "A", "abv": 1e400}]"#,  // out of range
        #"[{"id": 1, "name": "A", "food_pairing": [null]}]"#,
        #"{"id": 1, "name": "A"}"#,  // not an array
        "[{\"id\": 1, \"name\": \"A\", \"x\": " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
            + "}]",
    ])
    func givesUpOnAnythingElseAndTheDecoderDecides(_ text: String) {
        #expect(Self.fast(text) == nil)
        let decoded = try? CatalogueDecoder.decodeArray(Data(text.utf8), source: "t")
        #expect(decoded == Self.standard(text).flatMap { $0.isEmpty ? nil : $0 })
    }

    @Test func invalidUTF8InAStringIsLeftToTheDecoder() {
        // A lone continuation byte, an overlong "/" and a cut-off sequence: never a String.
        for bad: [UInt8] in [[0x80], [0xC0, 0xAF], [0xE2, 0x82]] {
            let bytes = Array(#"[{"id": 1, "name": "a"#.utf8) + bad + Array(#""}]"#.utf8)
            #expect(bytes.withUnsafeBytes { BeerJSONReader.read($0) } == nil)
        }
    }

    @Test func numbersMatchTheStandardParserBitForBit() throws {
        var rng = SystemRandomNumberGenerator()
        var texts: [String] = []
        for _ in 0..<2_000 {
            let v = Double.random(in: -1e6...1e6, using: &rng)
            texts.append("\(v)")
            texts.append(String(format: "%.\(Int.random(in: 0...17, using: &rng))f", v))
            texts.append(String(format: "%.\(Int.random(in: 0...17, using: &rng))e", v))
        }
        let text =
            "[" + texts.enumerated().map { #"{"id": \#($0.offset), "name": "n", "abv": \#($0.element)}"# }.joined(separator: ",")
            + "]"
        let read = try #require(Self.fast(text))
        let standard = try #require(Self.standard(text))
        let differing = zip(texts, zip(read, standard)).filter { $1.0.abv!.bitPattern != $1.1.abv!.bitPattern }
        #expect(differing.prefix(5).map { "\($0.0): \($0.1.0.abv!) vs \($0.1.1.abv!)" } == [])
    }
}

extension BeerJSONReaderTests {
    /// A catalogue big enough to be read on two threads, in the Punk API layout, with
    /// beer-like objects nested in an unknown field around the middle (where the second
    /// thread looks for a place to start).
    static func bigCatalogue() throws -> (text: String, beers: [Beer]) {
        let beers = SyntheticCatalogue.beers(count: 12_000, seed: 5)
        var text = String(decoding: try CatalogueDecoder.encode(beers), as: UTF8.self)
        let decoy = #""decoy": [{"id": 1, "name": "not a beer"}, {"id": 2, "name": "nor this"}], "id""#
        let middle = text.index(text.startIndex, offsetBy: text.utf8.count / 2)
        let at = text[middle...].range(of: #""id""#)!
        text.replaceSubrange(at, with: decoy)
        return (text, beers)
    }

    @Test func twoThreadsReadWhatOneWould() throws {
        let (text, beers) = try Self.bigCatalogue()
        #expect(text.utf8.count > BeerJSONReader.parallelThreshold)
        let read = try #require(Self.fast(text))
        #expect(read == beers)
    }

    @Test func twoThreadsGiveUpOnAnUnusualRecordInEitherHalf() throws {
        let (text, _) = try Self.bigCatalogue()
        for fraction in [0.1, 0.5, 0.9] {
            var bad = text
            let at = bad.index(bad.startIndex, offsetBy: Int(Double(bad.utf8.count) * fraction))
            let field = bad[at...].range(of: #""tagline""#)!
            bad.replaceSubrange(field, with: #""tagline": "dup", "tagline""#)
            #expect(Self.fast(bad) == nil)
        }
    }
}

@Suite(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"))
struct RealCatalogueJSONReaderTests {
    @Test(arguments: ["v2", "v3"])
    func readsTheRealCatalogueAsJSONDecoderDoes(_ version: String) throws {
        try #require(SharedData.available(version), Comment(rawValue: SharedData.missingMessage(version)))
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.punkAPI(version)))
        let read = try #require(data.withUnsafeBytes { BeerJSONReader.read($0) })
        #expect(read == (try JSONDecoder().decode([Beer].self, from: data)))
    }
}

/// Synthetic catalogues with recipes are what the load benchmarks read: the fast reader
/// must take them whole (quotes, accents, nested recipes), not give up to JSONDecoder.
@Suite struct SyntheticRecipeTests {
    /// A text of 16 to 64 bytes that beers repeat is one string in memory, not one each
    /// (shorter ones are stored inline; longer and escaped ones are read as they are):
    /// a million real-shaped beers take 190 MB less.
    @Test func repeatedTextsShareOneString() throws {
        var beers = (1...3).map { Beer(id: $0, name: "Beer number \($0) of the test", tagline: "Shared tagline, long enough.") }
        beers[2].tagline = "Another tagline, long enough."
        let json = Fixtures.json(beers)
        let read = try #require(json.withUnsafeBytes { BeerJSONReader.read($0) })
        #expect(read == beers)
        func address(_ s: String?) -> UnsafePointer<UInt8>? { s?.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil }
        #expect(address(read[0].tagline) != nil && address(read[0].tagline) == address(read[1].tagline))
        #expect(address(read[0].tagline) != address(read[2].tagline))
    }

    @Test func theFastReaderTakesSyntheticRecipes() throws {
        let beers = SyntheticCatalogue.beers(count: 300, seed: 8, recipes: true)
        let json = try CatalogueDecoder.encode(beers)
        #expect(json.withUnsafeBytes { BeerJSONReader.read($0) } == beers)
    }

    @Test func recipesLookLikeTheRealCatalogues() {
        let beers = SyntheticCatalogue.beers(count: 2_000, seed: 8, recipes: true)
        let hops = beers.map { $0.ingredients?.hops.count ?? 0 }
        #expect(hops.allSatisfy { (1...12).contains($0) })
        #expect(beers.allSatisfy { $0.ingredients?.yeast != nil && !($0.ingredients?.malt.isEmpty ?? true) })
        #expect(beers.allSatisfy { Recipe(beer: $0).batchLitres == 20 && BrewDate(firstBrewed: $0.firstBrewed ?? "") != nil })
        let lagers = beers.filter { $0.ingredients?.yeast?.contains("Lager") ?? false }
        #expect(!lagers.isEmpty && lagers.allSatisfy { (Recipe(beer: $0).fermentationCelsius ?? 99) <= 12 })
        // The rest of each beer is the same with or without recipes.
        let plain = SyntheticCatalogue.beers(count: 2_000, seed: 8)
        #expect(zip(plain, beers).allSatisfy { $0.name == $1.name && $0.abv == $1.abv && $0.foodPairing == $1.foodPairing })
    }
}

extension BeerJSONReaderTests {
    @Test func bothThreadsSayWhatTheyHaveReadAndReadTheSame() throws {
        let (text, beers) = try Self.bigCatalogue()
        let bytes = Array(text.utf8)
        let ranges = Locked<[Range<Int>]>([])
        let read = bytes.withUnsafeBytes { raw in
            BeerJSONReader.read(raw, consumed: { r in ranges.withLock { $0.append(r) } }, step: 64 << 10)
        }
        #expect(read == beers)
        let told = ranges.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        #expect(told.count > 10)
        // Within the bytes, never twice the same byte, and most of them.
        for (a, b) in zip(told, told.dropFirst()) { #expect(a.upperBound <= b.lowerBound) }
        #expect(told.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= bytes.count && !$0.isEmpty })
        #expect(told.reduce(0) { $0 + $1.count } > bytes.count * 3 / 4)
    }
}

extension BeerJSONReaderTests {
    @Test func theTwoHalvesAreMovedTogetherInOrder() {
        let beers = SyntheticCatalogue.beers(count: 300, seed: 3, recipes: true)
        var head = Array(beers[..<120])
        var tail = Array(beers[120...])
        let kept = tail  // shares its storage: the join must leave this copy as it was
        #expect(BeerJSONReader.joined(&head, &tail) == beers)
        #expect(head.isEmpty && tail.isEmpty)
        #expect(kept == Array(beers[120...]))
        var none: [Beer] = []
        var one = [beers[0]]
        #expect(BeerJSONReader.joined(&none, &one) == [beers[0]])
        #expect(BeerJSONReader.joined(&none, &one).isEmpty)
    }
}

/// Reading for the indexes only keeps less, and takes and refuses exactly the same files.
extension BeerJSONReaderTests {
    static func indexed(_ bytes: [UInt8]) -> [Beer]? {
        bytes.withUnsafeBytes { BeerJSONReader.readLocated($0, detail: .indexed)?.beers }
    }

    /// The ingredients an indexed read of `bytes` gives, as ``RecipeColumns/texts(of:)``
    /// shows them.
    static func indexedRecipes(_ bytes: [UInt8]) -> [RecipeColumns.BeerTexts]? {
        bytes.withUnsafeBytes { BeerJSONReader.readLocated($0, detail: .indexed)?.recipes }.map(\.allTexts)
    }

    /// `beer` as an indexed read gives it: the texts no index reads as nil, empty or the
    /// placeholder, no mash steps, and no ingredients (they are read into columns).
    static func unkept(_ beer: Beer) -> Beer {
        func text(_ s: String?) -> String? { s.map { $0.isEmpty ? "" : BeerJSONReader.unread } }
        var b = beer
        b.tagline = text(b.tagline)
        b.description = text(b.description)
        b.image = text(b.image)
        b.brewersTips = text(b.brewersTips)
        b.contributedBy = text(b.contributedBy)
        if var m = b.method {
            m.mashTemp = []
            m.twist = text(m.twist)
            b.method = m
        }
        b.ingredients = nil
        return b
    }

    @Test func indexedReadsKeepAllTheIndexesUse() throws {
        let beers = Fixtures.beers + [CatalogueSnapshotTests.full] + SyntheticCatalogue.beers(count: 300, seed: 4, recipes: true)
        let bytes = try Array(CatalogueDecoder.encode(beers))
        let read = try #require(Self.indexed(bytes))
        #expect(read == beers.map(Self.unkept))
        #expect(read.contains { $0.description == BeerJSONReader.unread })
        #expect(Self.indexedRecipes(bytes) == RecipeColumns(beers: beers).allTexts)
    }

    /// A catalogue big enough to be read in two halves on two threads: the second half's
    /// ingredient texts are renumbered into the first's.
    @Test func indexedReadsJoinTheHalvesRecipes() throws {
        let beers = SyntheticCatalogue.beers(count: 2_400, seed: 5, recipes: true)
        let bytes = try Array(CatalogueDecoder.encode(beers))
        try #require(bytes.count >= BeerJSONReader.parallelThreshold)
        let read = try #require(bytes.withUnsafeBytes { BeerJSONReader.readLocated($0, detail: .indexed) })
        let recipes = try #require(read.recipes)
        #expect(read.beers == beers.map(Self.unkept))
        #expect(recipes.allTexts == RecipeColumns(beers: beers).allTexts)
        #expect(Set(recipes.texts).count == recipes.texts.count)
    }

    @Test(
        arguments: [
            // Taken: plain, empty, escapes, a surrogate pair, raw UTF-8 of 2, 3 and 4 bytes.
            Array("plain".utf8), [], Array(#"say \"hi\" \\ \/ \b\f\n\r\t"#.utf8), Array(#"\u00e9\ud83c\udf7a"#.utf8),
            Array("café ™ 🍺".utf8), [0xDF, 0xBF, 0xE0, 0xA0, 0x80, 0xED, 0x9F, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF],
            // Refused: lone surrogates, bad escapes, a raw control character, overlong forms,
            // an encoded surrogate, past U+10FFFF, stray or cut-short continuation bytes.
            Array(#"\ud83c"#.utf8), Array(#"\udf7a"#.utf8), Array(#"\ud83cx"#.utf8), Array(#"\x"#.utf8), Array(#"\u12"#.utf8),
            Array(#"\u00zz"#.utf8), [0x61, 0x01], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0x61, 0xC3],
            [0xE2, 0x82], [0xF0, 0x9F, 0x8D], [0xC3, 0x28],
        ] as [[UInt8]])
    func indexedReadsTakeAndRefuseWhatWholeReadsDo(_ text: [UInt8]) {
        for field in ["description", "tagline", "brewers_tips", "contributed_by", "image_url"] {
            let bytes =
                Array("[{\"id\": 1, \"name\": \"A\", \"method\": {\"twist\": \"t\"}, \"\(field)\": \"".utf8) + text
                + Array("\"}]".utf8)
            let whole = bytes.withUnsafeBytes { BeerJSONReader.read($0) }
            let indexed = Self.indexed(bytes)
            #expect((whole == nil) == (indexed == nil), "\(field): \(text)")
            if let whole, let indexed { #expect(indexed == whole.map(Self.unkept)) }
        }
        // In the method's twist too.
        let twist = Array("[{\"id\": 1, \"name\": \"A\", \"method\": {\"twist\": \"".utf8) + text + Array("\"}}]".utf8)
        #expect((twist.withUnsafeBytes { BeerJSONReader.read($0) } == nil) == (Self.indexed(twist) == nil))
        // And in every ingredient text, which an indexed read numbers instead.
        let places = [
            (#"{"yeast": ""#, #""}"#), (#"{"malt": [{"name": ""#, #""}]}"#),
            (#"{"malt": [{"amount": {"value": 1, "unit": ""#, #""}}]}"#), (#"{"hops": [{"name": ""#, #""}]}"#),
            (#"{"hops": [{"add": ""#, #""}]}"#), (#"{"hops": [{"attribute": ""#, #""}]}"#),
            (#"{"hops": [{"name": "x", "amount": {"value": 2, "unit": ""#, #""}}]}"#),
        ]
        for (before, after) in places {
            let bytes =
                Array("[{\"id\": 1, \"name\": \"A\", \"ingredients\": \(before)".utf8) + text + Array("\(after)}]".utf8)
            let whole = bytes.withUnsafeBytes { BeerJSONReader.read($0) }
            #expect((whole == nil) == (Self.indexed(bytes) == nil), "\(before): \(text)")
            if let whole { #expect(Self.indexedRecipes(bytes) == RecipeColumns(beers: whole).allTexts, "\(before): \(text)") }
        }
    }
}
