import BreweryTestSupport
import Testing

@testable import BreweryCore

/// The places that use two threads give what one thread gives (CI runs these under the
/// thread sanitizer too).
@Suite struct ConcurrencyTests {
    @Test func concurrentlyRunsBothAndWaits() {
        var a = 0
        var b = 0
        Concurrently.run({ a = (1...10_000).reduce(0, +) }, { b = (1...20_000).reduce(0, +) })
        #expect(a == 50_005_000 && b == 200_010_000)
        Concurrently.run(parallel: false, { a = 1 }, { b = a + 1 })
        #expect(b == 2, "serially, the second runs after the first")
    }

    @Test func aLargeCatalogueBuildsTheSameOnTwoThreads() {
        let beers = SyntheticCatalogue.beers(count: Catalogue.parallelBuildThreshold + 100, seed: 3)
        let parallel = Catalogue(beers: beers)
        let small = Catalogue(beers: Array(beers.prefix(500)))
        #expect(parallel.count == beers.count)
        #expect(parallel.foldedNames.prefix(500).elementsEqual(small.foldedNames))
        #expect(parallel.idIndex.ids == beers.map(\.id))
        #expect(parallel.food.vocabulary.words.count >= small.food.vocabulary.words.count)
    }

    @Test func theChecksumOfManyChunksIsStable() {
        var bytes = [UInt8](repeating: 0, count: 5 << 20)
        var rng = SplitMix64(seed: 9)
        for i in stride(from: 0, to: bytes.count, by: 97) { bytes[i] = UInt8(truncatingIfNeeded: rng.next()) }
        let a = bytes.withUnsafeBytes { Checksum.of($0) }
        #expect(a == bytes.withUnsafeBytes { Checksum.of($0) })
        bytes[4 << 20] ^= 1
        #expect(a != bytes.withUnsafeBytes { Checksum.of($0) })
    }

    @Test(arguments: [0, 1, 1_000, 1 << 20, (1 << 20) + 1, (5 << 20) + 333])
    func theChecksumOfPiecesIsTheChecksumOfTheWhole(size: Int) {
        var rng = SplitMix64(seed: UInt64(size) + 1)
        let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let whole = bytes.withUnsafeBytes { Checksum.of($0) }
        for maxPiece in [1, 777, 1 << 20, 3 << 20] where size / maxPiece < 20_000 {
            var stream = Checksum.Stream()
            var at = 0
            bytes.withUnsafeBytes { raw in
                while at < raw.count {
                    let n = min(Int(rng.next() % UInt64(maxPiece)) + 1, raw.count - at)
                    stream.add(UnsafeRawBufferPointer(rebasing: raw[at..<at + n]))
                    at += n
                }
            }
            #expect(stream.finish() == whole, "pieces up to \(maxPiece) bytes of \(size)")
        }
    }

    @Test func theChecksumSaysWhatItHasSummedAndSumsTheSame() {
        var bytes = [UInt8](repeating: 0, count: (40 << 20) + 12_345)
        var rng = SplitMix64(seed: 10)
        for i in stride(from: 0, to: bytes.count, by: 89) { bytes[i] = UInt8(truncatingIfNeeded: rng.next()) }
        let ranges = Locked<[Range<Int>]>([])
        let told = bytes.withUnsafeBytes { raw in Checksum.of(raw, consumed: { r in ranges.withLock { $0.append(r) } }) }
        #expect(told == bytes.withUnsafeBytes { Checksum.of($0) })
        // Every byte once, in pieces of at most 16 chunks.
        let pieces = ranges.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        #expect(pieces.first?.lowerBound == 0)
        #expect(pieces.last?.upperBound == bytes.count)
        for (a, b) in zip(pieces, pieces.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        #expect(pieces.allSatisfy { $0.count <= 16 << 20 })
    }
}
