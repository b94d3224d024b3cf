import BreweryCore
import BreweryTestSupport
import Testing

@Suite struct CatalogueSnapshotTests {
    /// An invented beer with every field set, nested values included.
    static let full: Beer = {
        var b = Beer(
            id: 9_001, name: "Ünïcode Ale – “quoted”", tagline: "Tag.", firstBrewed: "03/2031",
            description: "Line one\nline two", image: "9001.png", imageKey: .image, abv: 5.25, ibu: nil,
            targetFG: 1010, targetOG: 1055.5, ebc: 0, srm: -1, ph: 4.4, attenuationLevel: 81.8,
            volume: Beer.Amount(value: 20, unit: "litres"), boilVolume: Beer.Amount(value: nil, unit: nil),
            foodPairing: ["Tacos 🌮", ""], brewersTips: "Chill.", contributedBy: nil)
        b.method = Beer.Method(
            mashTemp: [
                Beer.MashStep(temp: Beer.Amount(value: 65, unit: "celsius"), duration: 75),
                Beer.MashStep(temp: nil, duration: nil),
            ],
            fermentation: Beer.Fermentation(temp: Beer.Amount(value: 19, unit: "celsius")), twist: nil)
        b.ingredients = Beer.Ingredients(
            malt: [Beer.Malt(name: "Extra Pale", amount: Beer.Amount(value: 5.3, unit: "kilograms"))],
            hops: [Beer.Hop(name: "Simcoe", amount: nil, add: "end", attribute: "aroma")], yeast: "Wyeast 1056")
        return b
    }()

    static func header(_ bytes: [UInt8]) throws -> [UInt8] {
        try bytes.withUnsafeBytes { raw throws(CatalogueSnapshot.ReadError) in try CatalogueSnapshot.header(of: raw) }
    }

    @Test func roundTripKeepsEveryFieldAndIndex() throws {
        let beers = Fixtures.beers + [Self.full, Beer(id: 0, name: "")]
        let built = Catalogue(beers: beers)
        let bytes = CatalogueSnapshot.encode(built, header: [1, 2, 3])
        let read = try CatalogueSnapshot.decode(bytes)
        #expect(Array(read.beers) == beers)
        #expect(read.beers.indices.map { read.beers.name(at: $0) } == beers.map(\.name))
        // The basics alone, read past the text before them, with and without a tagline or image.
        #expect(read.beers.indices.map { read.beers.basics(at: $0) } == beers.map(BeerBasics.init))
        #expect(built.beers.indices.map { built.beers.basics(at: $0) } == beers.map(BeerBasics.init))
        #expect(try Self.header(bytes) == [1, 2, 3])
        #expect(read.foldedNames == built.foldedNames)
        #expect(read.idIndex.ids == built.idIndex.ids)
        #expect(read.index(ofID: 9_001) == beers.count - 2)
        #expect(read.food.vocabulary.words == built.food.vocabulary.words)
        #expect(read.food.vocabulary.conceptOfTerm == built.food.vocabulary.conceptOfTerm)
        #expect(read.food.vocabulary.conceptLabel == built.food.vocabulary.conceptLabel)
        #expect(read.ingredients.tables == built.ingredients.tables)
        // The statistics travel with the snapshot, fields with no values included.
        #expect(read.stats == built.stats)
        #expect(built.stats.fields.first { $0.name == "abv" }?.max == beers.compactMap(\.abv).max())
        #expect(built.stats.fields.first { $0.name == "ph" }?.missing == beers.count { $0.ph == nil })
        #expect(built.stats.idRange == beers.map(\.id).min()!...beers.map(\.id).max()!)
        #expect(read.food.vocabulary.relatedConcepts == built.food.vocabulary.relatedConcepts)
        #expect(read.food.vocabulary.concept(forWord: "chicken") == built.food.vocabulary.concept(forWord: "chicken"))
        // The same queries give the same answers, bit for bit.
        for i in beers.indices {
            let a = SimilarityScorer(catalogue: built).topK(like: i, weights: .standard, k: 5, excluding: i)
            let b = SimilarityScorer(catalogue: read).topK(like: i, weights: .standard, k: 5, excluding: i)
            #expect(a.map(\.index) == b.map(\.index) && a.map(\.score) == b.map(\.score))
        }
        let food = try FoodRanker(catalogue: built).rank("chicken tacos", limit: 10)
        let again = try FoodRanker(catalogue: read).rank("chicken tacos", limit: 10)
        #expect(food.hits.map(\.index) == again.hits.map(\.index))
        // A snapshot of a catalogue read from a snapshot is the same bytes.
        #expect(CatalogueSnapshot.encode(read, header: [1, 2, 3]) == bytes)
    }

    /// Numbers written as integers read back to the same bits, and those that are not
    /// (thirds, NaN, infinities, -0, huge, subnormal) keep their eight bytes; texts shared
    /// by number and, past the shared table's capacity, written in place, read back too.
    @Test func numbersAndSharedTextsReadBackExactly() throws {
        let numbers: [Double] = [
            0, -0.0, 5.25, 0.1, 1055.5, 0.001, 123_456.789, -7.3, 0.1 + 0.2, 1.0 / 3, .pi, 1e300, -1e-320,
            .infinity, -.infinity, .nan, 0x1p52 + 1, 0x1p53, 4.7, 1004, 12_345_678.901, -0.5, 1e-4,
        ]
        var beers: [Beer] = numbers.enumerated().map { i, x in
            var b = Beer(id: i + 1, name: "N\(i)")
            b.abv = x
            b.volume = Beer.Amount(value: -x, unit: i % 2 == 0 ? "litres" : nil)
            b.brewersTips = i % 3 == 0 ? "Shared tip" : nil
            return b
        }
        // More distinct texts than the shared table takes, each used twice.
        for i in 0..<5_000 {
            var b = Beer(id: 100 + i, name: "T\(i)")
            b.brewersTips = "Tip \(i % 2_500) ✓"
            b.ingredients = Beer.Ingredients(malt: [], hops: [], yeast: i % 2 == 0 ? "Yeast \(i)" : "")
            beers.append(b)
        }
        let read = try CatalogueSnapshot.decode(CatalogueSnapshot.encode(Catalogue(beers: beers), header: []))
        for (a, b) in zip(read.beers, beers) {
            #expect(a.abv?.bitPattern == b.abv?.bitPattern && a.volume?.value?.bitPattern == b.volume?.value?.bitPattern)
            #expect(a.brewersTips == b.brewersTips && a.ingredients == b.ingredients && a.volume?.unit == b.volume?.unit)
        }
        #expect(read.beers.count == beers.count)
    }

    @Test func aSnapshotGivenInPiecesIsTheOneMadeInMemory() throws {
        let beers = SyntheticCatalogue.beers(count: 6_000, seed: 8, recipes: true)
        let built = Catalogue(beers: beers)
        let whole = CatalogueSnapshot.encode(built, header: [9])
        var pieces: [[UInt8]] = []
        var encoded: CatalogueSnapshot.EncodedBeers? = .init(beers)
        let seal = CatalogueSnapshot.encode(built, header: [9], encoded: &encoded) { pieces.append(Array($0)) }
        #expect(encoded == nil)  // let go once written
        #expect(pieces.count > 1 && pieces.dropLast().allSatisfy { $0.count < 12 << 20 })
        var joined = pieces.flatMap { $0 }
        // Zeros where the length and checksum go, until sealed.
        #expect(joined[seal.offset..<seal.offset + 16].allSatisfy { $0 == 0 })
        joined.replaceSubrange(seal.offset..<seal.offset + 16, with: seal.bytes)
        #expect(joined == whole)
        // The checksum summed on the way out is the one the reader checks.
        let read = try CatalogueSnapshot.decode(joined)
        #expect(read.beers[5_432] == beers[5_432])
    }

    /// The recipes' block layout is read back rather than rebuilt: the same `like`
    /// answers (the default weights lean on it), and written again, the same bytes.
    @Test func theRecipeLayoutIsReadBackAsItWasBuilt() throws {
        let built = Catalogue(beers: SyntheticCatalogue.beers(count: 6_000, seed: 8, recipes: true))
        let bytes = CatalogueSnapshot.encode(built, header: [])
        let read = try CatalogueSnapshot.decode(bytes)
        #expect(CatalogueSnapshot.encode(read, header: []) == bytes)
        for i in stride(from: 0, to: built.count, by: 397) {
            let a = SimilarityScorer(catalogue: built).topK(like: i, weights: .standard, k: 10, excluding: i)
            let b = SimilarityScorer(catalogue: read).topK(like: i, weights: .standard, k: 10, excluding: i)
            #expect(!a.isEmpty && a.map(\.index) == b.map(\.index) && a.map(\.score) == b.map(\.score))
        }
    }

    @Test func largeCatalogueRoundTripsThroughTheTwoThreadChecksum() throws {
        let beers = SyntheticCatalogue.beers(count: 5_000, seed: 3)
        let built = Catalogue(beers: beers)
        let bytes = CatalogueSnapshot.encode(built, header: [])
        #expect(bytes.count > 2 << 20)  // several checksum chunks
        let read = try CatalogueSnapshot.decode(bytes)
        #expect(read.beers[4_321] == beers[4_321])
        #expect(read.foldedNames == built.foldedNames)
        let q = 1_234
        let a = SimilarityScorer(catalogue: built).topK(like: q, weights: .standard, k: 10, excluding: q)
        let b = SimilarityScorer(catalogue: read).topK(like: q, weights: .standard, k: 10, excluding: q)
        #expect(a.map(\.index) == b.map(\.index))
        var damaged = bytes
        damaged[bytes.count / 2] ^= 0x10
        #expect(throws: CatalogueSnapshot.ReadError.self) { try CatalogueSnapshot.decode(damaged) }
    }

    @Test func everyTruncationOrFlippedByteIsAnErrorNotACrash() throws {
        let bytes = CatalogueSnapshot.encode(Catalogue(beers: [Self.full]), header: [7])
        for n in 0..<bytes.count {
            #expect(throws: CatalogueSnapshot.ReadError.self) { try CatalogueSnapshot.decode(Array(bytes.prefix(n))) }
        }
        // From the length on (after the header and its padding), any changed byte is
        // caught, by the length or the checksum.
        let lengthAt = (try Self.header(bytes).count + 16 + 7) / 8 * 8
        for i in stride(from: lengthAt, to: bytes.count, by: 7) {
            var flipped = bytes
            flipped[i] ^= 0x01
            #expect(throws: CatalogueSnapshot.ReadError.self) { try CatalogueSnapshot.decode(flipped) }
        }
        #expect(throws: CatalogueSnapshot.ReadError.notASnapshot) { try CatalogueSnapshot.decode(Array("[{\"id\": 1}]".utf8)) }
        var flipped = bytes
        flipped[7] &+= 1  // another format version
        #expect(throws: CatalogueSnapshot.ReadError.notASnapshot) { try CatalogueSnapshot.decode(flipped) }
    }
}

/// Snapshots are untrusted input: a stale or hostile cache can hold any bytes with a
/// matching checksum. Every forged one is refused or reads as a catalogue that answers
/// every query (under the address sanitizer in CI, an out-of-bounds read fails the test).
@Suite struct ForgedSnapshotTests {
    static let original = CatalogueSnapshot.encode(Fixtures.catalogue, header: [7])

    @Test func aForgedLengthIsRefused() throws {
        var bytes = Self.original
        // The beer count, the first section after the checksum: claim more beers.
        let countAt = (16 + 1 + 7) / 8 * 8 + 16
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: Int64(1_000_000).littleEndian, toByteOffset: countAt, as: Int64.self) }
        CatalogueSnapshot.reseal(&bytes)
        #expect(throws: CatalogueSnapshot.ReadError.self) { try CatalogueSnapshot.decode(bytes) }
    }

    /// The shared texts' offsets are checked before any text is cut from their bytes: an
    /// offset past the end, before the start, or going backwards is refused (the fuzzer
    /// found the first one crashing).
    @Test func forgedSharedTextOffsetsAreRefused() throws {
        func int(_ b: [UInt8], _ at: Int) -> Int {
            b[at..<at + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        func align(_ x: Int, _ a: Int) -> Int { (x + a - 1) / a * a }
        // Magic and version, the header, the length, checksum, beer count and kind of
        // records; then the shared texts' bytes (a count, then the bytes at the next 64)
        // and their offsets.
        let b = Self.original
        let countAt = align(16 + int(b, 8), 8) + 32
        let textCount = int(b, countAt)
        let endsCountAt = align(align(countAt + 8, 64) + textCount, 8)
        let ends = align(endsCountAt + 8, 64)
        #expect(int(b, endsCountAt) > 2 && int(b, ends) == 0 && int(b, ends + 8 * (int(b, endsCountAt) - 1)) == textCount)
        for (k, value) in [(1, textCount + 100), (1, -5), (1, Int.max), (2, 0)] {
            var bytes = b
            withUnsafeBytes(of: Int64(value).littleEndian) { v in
                for j in 0..<8 { bytes[ends + 8 * k + j] = v[j] }
            }
            CatalogueSnapshot.reseal(&bytes)
            #expect(throws: CatalogueSnapshot.ReadError.self) { try CatalogueSnapshot.decode(bytes) }
        }
    }

    @Test func forgedIndexValuesAreRefusedOrHarmless() throws {
        var rng = SplitMix64(seed: 2026)
        var refused = 0
        var read = 0
        for _ in 0..<400 {
            var bytes = Self.original
            for _ in 0..<Int(rng.next() % 4 + 1) {
                let at = 40 + Int(rng.next() % UInt64(bytes.count - 40))
                switch rng.next() % 4 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes[at] ^= 1 << UInt8(rng.next() % 8)
                case 2: bytes[at] = 0xFF
                default: bytes[at] &+= 1
                }
            }
            CatalogueSnapshot.reseal(&bytes)
            guard let catalogue = try? CatalogueSnapshot.decode(bytes) else {
                refused += 1
                continue
            }
            read += 1
            CatalogueExerciser.run(catalogue)
        }
        #expect(refused > 0 && read > 0, "both kinds of forgery were tried (\(refused) refused, \(read) read)")
    }
}
