import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

/// A snapshot of beers the fast reader read from a JSON file keeps only what lists show
/// and where each beer's object is in the file, and reads whole beers from the file.
@Suite struct LocatedSnapshotTests {
    static let beers = Fixtures.beers + [CatalogueSnapshotTests.full]

    /// The JSON of `beers`, where each beer's object is in it, and the located snapshot.
    static func made(_ beers: [Beer] = beers) throws -> (json: [UInt8], spans: [BeerSpan], snapshot: [UInt8]) {
        let json = Fixtures.json(beers)
        let read = try CatalogueDecoder.decodeLocatedArray(json, source: "test.json")
        #expect(read.beers == beers)
        let spans = try #require(read.spans)
        let encoded = CatalogueSnapshot.EncodedBeers(read.beers, spans: spans)
        let snapshot = CatalogueSnapshot.encode(Catalogue(beers: read.beers), header: [9], encoded: encoded)
        return ([UInt8](json), spans, snapshot)
    }

    static func source(_ json: [UInt8]) -> BeerSource {
        BeerSource { offset, count in offset + count <= json.count ? Array(json[offset..<offset + count]) : nil }
    }

    @Test func eachSpanIsOneBeersObject() throws {
        let (json, spans, _) = try Self.made()
        #expect(spans.count == Self.beers.count)
        for i in Self.beers.indices {
            #expect(
                json[spans[i].range.lowerBound] == UInt8(ascii: "{") && json[spans[i].range.upperBound - 1] == UInt8(ascii: "}"))
            let one = try CatalogueDecoder.decodeOne(Data(json[spans[i].range]), source: "span")
            #expect(one == Self.beers[i])
        }
    }

    /// From 4 MiB on the file is read on two threads: the spans of the second half's
    /// beers are offsets into the whole file too.
    @Test func spansOfALargeFileReadOnTwoThreadsAreRight() throws {
        let beers = SyntheticCatalogue.beers(count: 6_000, recipes: true)
        let json = Fixtures.json(beers)
        #expect(json.count > 4 << 20)
        let read = try CatalogueDecoder.decodeLocatedArray(json, source: "big.json")
        let spans = try #require(read.spans)
        #expect(read.beers == beers && spans.count == beers.count)
        for i in [0, 1, beers.count / 2 - 1, beers.count / 2, beers.count / 2 + 1, beers.count - 1] {
            #expect(try CatalogueDecoder.decodeOne(Data(json[spans[i].range]), source: "span") == beers[i])
        }
    }

    @Test func beersReadFromTheFileAreTheBeersOfTheJSON() throws {
        let (json, _, snapshot) = try Self.made()
        let read = try CatalogueSnapshot.decode(snapshot, source: Self.source(json))
        #expect(Array(read.beers) == Self.beers)
        #expect(read.beers.indices.map { read.beers.basics(at: $0) } == Self.beers.map(BeerBasics.init))
        #expect(read.beers.indices.map { read.beers.name(at: $0) } == Self.beers.map(\.name))
        #expect(read.beers.indices.map { read.beers.foodPairing(at: $0) } == Self.beers.map(\.foodPairing))
        // Written again from the snapshot, it is the same snapshot.
        #expect(CatalogueSnapshot.encode(read, header: [9]) == snapshot)
        // Smaller than one holding the whole beers.
        #expect(snapshot.count < CatalogueSnapshot.encode(Catalogue(beers: Self.beers), header: [9]).count)
    }

    /// Forged located records (a span anywhere, of any length) are refused or read as a
    /// catalogue that answers every query.
    @Test func forgedLocatedRecordsAreRefusedOrHarmless() throws {
        let (json, _, original) = try Self.made()
        var rng = SplitMix64(seed: 14)
        var read = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int(rng.next() % 3 + 1) {
                let at = 40 + Int(rng.next() % UInt64(bytes.count - 40))
                bytes[at] = rng.next() % 2 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : bytes[at] &+ 1
            }
            CatalogueSnapshot.reseal(&bytes)
            guard let catalogue = try? CatalogueSnapshot.decode(bytes, source: Self.source(json)) else { continue }
            read += 1
            CatalogueExerciser.run(catalogue)
        }
        #expect(read > 0)
    }

    @Test func withoutTheFileTheSnapshotIsNotRead() throws {
        let (_, _, snapshot) = try Self.made()
        #expect(throws: CatalogueSnapshot.ReadError.noSource) { try CatalogueSnapshot.decode(snapshot) }
    }

    /// A file changed in place since (another beer where one was, or cut short) gives a
    /// placeholder naming the beer, never another beer or a crash; lists still show it.
    @Test func aChangedFileGivesAPlaceholderNotAnotherBeer() throws {
        let (json, spans, snapshot) = try Self.made()
        // The first two beers' objects swapped where they lie (then cut to fit).
        var swapped = json
        let first = spans[0].range
        let second = Array(json[spans[1].range])
        swapped.replaceSubrange(
            first.lowerBound..<first.lowerBound + min(second.count, first.count), with: second.prefix(first.count))
        for (source, label) in [
            (Self.source(swapped), "swapped"), (Self.source(Array(json.prefix(first.upperBound - 1))), "cut"),
        ] {
            let read = try CatalogueSnapshot.decode(snapshot, source: source)
            let first = read.beers[0]
            #expect(first.id == Self.beers[0].id && first.name.contains("catalogue file changed"), "\(label)")
            #expect(read.beers.basics(at: 0) == BeerBasics(Self.beers[0]), "\(label)")
        }
        let failing = try CatalogueSnapshot.decode(snapshot, source: BeerSource { _, _ in nil })
        #expect(failing.beers[1].id == Self.beers[1].id && failing.beers[1].ingredients == nil)
    }

    /// A beer edited in place, same length (abv 5.2 → 999), is not read back as if it were
    /// the beer the indexes were built from: the subscript gives the placeholder and
    /// ``BeerList/unchanged(at:)`` nil; the beers around it read as ever.
    @Test func aBeerEditedInPlaceKeepingItsLengthIsNotReadBack() throws {
        let (json, spans, snapshot) = try Self.made()
        let i = 1
        let object = String(decoding: json[spans[i].range], as: UTF8.self)
        let abv = try #require(object.range(of: #""abv""#))
        let digit = try #require(object[abv.upperBound...].firstIndex(where: { $0.isNumber }))
        var edited = object
        edited.replaceSubrange(digit...digit, with: object[digit] == "9" ? "8" : "9")
        #expect(edited.utf8.count == object.utf8.count && edited != object)
        var file = json
        file.replaceSubrange(spans[i].range, with: Array(edited.utf8))
        let read = try CatalogueSnapshot.decode(snapshot, source: Self.source(file))
        #expect(read.beers.unchanged(at: i) == nil)
        #expect(read.beers[i].name.contains("catalogue file changed"))
        #expect(read.beers.unchanged(at: 0) == Self.beers[0] && read.beers.unchanged(at: 2) == Self.beers[2])
    }
}
