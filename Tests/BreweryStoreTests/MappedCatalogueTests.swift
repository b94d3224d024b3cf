import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryStore

/// A large catalogue file is mapped and its pages let go as they are read: the beers,
/// metadata and snapshot are those of a file read into memory.
@Suite struct MappedCatalogueTests {
    let folder = TemporaryFolder(prefix: "brewery-mapped")
    var dir: String { folder.path }

    @Test func aMappedCatalogueLoadsAsAReadOne() throws {
        let path = dir + "/catalogue.json"
        // Above 4 MiB: read on two threads, each letting pages go.
        let beers = SyntheticCatalogue.beers(count: 3_000, seed: 21, recipes: true)
        try CatalogueStore(path: path).save(beers, source: "test")
        #expect(try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) > 4 << 20)
        let cache = CatalogueSnapshotCache(directory: dir + "/cache")
        let mapped = try CatalogueStore(path: path, snapshots: cache, mappingThreshold: 0).load()
        let read = try CatalogueStore(path: path, mappingThreshold: .max).load()
        #expect(!mapped.fromSnapshot)
        #expect(mapped.beers == beers && read.beers == beers)
        #expect(mapped.metadata != nil && mapped.metadata == read.metadata)
        // The snapshot written from the mapped read is the catalogue too.
        let again = try CatalogueStore(path: path, snapshots: cache).load()
        #expect(again.fromSnapshot && again.beers == beers)
    }

    @Test func pagesLetGoReadTheFileAgain() throws {
        let path = dir + "/bytes"
        var rng = SplitMix64(seed: 4)
        let bytes = (0..<(1 << 20) + 777).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (data, mapped) = try CatalogueStore.readFile(path, mappingFrom: 0)
        let file = try #require(mapped)
        #expect(Array(data) == bytes)
        file.release(5_000..<bytes.count - 3_000)
        #expect(Array(data) == bytes)
        file.release(0..<bytes.count)
        file.release(-5..<bytes.count + 9_000)  // clamped to the file
        #expect(Array(data) == bytes)
        // Below the threshold the file is read, not mapped.
        let (small, none) = try CatalogueStore.readFile(path, mappingFrom: bytes.count + 1)
        #expect(none == nil && Array(small) == bytes)
    }
}
