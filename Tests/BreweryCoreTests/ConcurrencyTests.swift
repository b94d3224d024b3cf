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

    /// Two threads report what they read, each its half in pieces that do not fall on
    /// chunk edges (as the catalogue reader does); the chunks come back each once, whole.
    @Test(arguments: [0, 5_000, (1 << 20) + 1, (9 << 20) + 4_321])
    func theChecksumAsReadIsTheChecksumOfTheWhole(size: Int) {
        var rng = SplitMix64(seed: UInt64(size) + 7)
        let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let whole = bytes.withUnsafeBytes { Checksum.of($0) }
        for reported in [1.0, 0.8, 0] {
            // The part reported: all, most (some pieces never told, as a reader's last
            // bytes may not be), or none.
            let told = Int(Double(size) * reported)
            let middle = told / 2 + 123
            var pieces: [[Range<Int>]] = [[], []]
            for (half, span) in [0..<min(middle, told), min(middle, told)..<told].enumerated() {
                var at = span.lowerBound
                while at < span.upperBound {
                    let n = min(Int(rng.next() % 700_000) + 1, span.upperBound - at)
                    pieces[half].append(at..<at + n)
                    at += n
                }
            }
            let summed = Locked<[Range<Int>]>([])
            let result = bytes.withUnsafeBytes { raw in
                let checksum = ChecksumAsRead(raw)
                let work = pieces
                Concurrently.run(
                    {
                        for r in work[0] {
                            let s = checksum.read(r)
                            summed.withLock { $0 += s }
                        }
                    },
                    {
                        for r in work[1] {
                            let s = checksum.read(r)
                            summed.withLock { $0 += s }
                        }
                    })
                return checksum.finish()
            }
            #expect(result == whole, "\(size) bytes, \(told) reported")
            let chunks = summed.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
            #expect(chunks.allSatisfy { $0.lowerBound % (1 << 20) == 0 && $0.upperBound <= told })
            #expect(chunks.allSatisfy { $0.count == 1 << 20 || $0.upperBound == size })
            #expect(Set(chunks.map(\.lowerBound)).count == chunks.count, "a chunk handed back twice")
            if reported == 1 { #expect(chunks.count == (size + (1 << 20) - 1) >> 20) }
        }
    }

    @Test func aDispenserStopsHandingOutOnceItsQueryIsCancelled() {
        let free = GroupDispenser(count: 10, run: 3)
        #expect(free.claim() == 0..<3, "no cancellation bound: everything is handed out")
        let cancellation = QueryCancellation()
        let dispenser = QueryCancellation.$current.withValue(cancellation) { GroupDispenser(count: 10, run: 3) }
        #expect(dispenser.claim() == 0..<3)
        cancellation.cancel()
        #expect(dispenser.claim() == nil)
        #expect(free.claim() == 3..<6, "another query's dispenser is not touched")
    }

    @Test func aCancelledLikeQueryEndsEarlyAndAnUncancelledOneRanksAsWithout() {
        let catalogue = Catalogue(beers: SyntheticCatalogue.beers(count: 20_000, seed: 3))
        let recommender = LikeRecommender(catalogue: catalogue)
        let query = LikeQuery(liked: [17])
        let plain = recommender.recommend(query, limit: 50).hits.map(\.index)
        let bound = QueryCancellation.$current.withValue(QueryCancellation()) {
            recommender.recommend(query, limit: 50).hits.map(\.index)
        }
        #expect(bound == plain)
        let cancelled = QueryCancellation()
        cancelled.cancel()
        let stopped = QueryCancellation.$current.withValue(cancelled) {
            recommender.recommend(query, limit: 50).hits.map(\.index)
        }
        #expect(stopped != plain, "a cancelled search went on to the end")
    }
}
