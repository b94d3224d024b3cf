import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryStore

/// A catalogue's brewing index is kept beside its snapshot and read by the next run, only
/// while it is of the same JSON content.
@Suite struct BrewingIndexFileTests {
    let folder = TemporaryFolder(prefix: "brewery-brewing")
    var dir: String { folder.path }
    var cache: CatalogueSnapshotCache { CatalogueSnapshotCache(directory: dir + "/cache") }
    var path: String { dir + "/catalogue.json" }

    func keptFile() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/cache")
        return dir + "/cache/" + (try #require(names.first { $0.hasSuffix(".brewing") }))
    }

    /// The key a kept file was written under (its bytes 16…, after its length).
    func key(of file: String) throws -> String {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let length = Int(bytes[16]) | Int(bytes[17]) << 8
        return String(decoding: bytes[20..<20 + length], as: UTF8.self)
    }

    /// Different from what the classifier makes of any beer.
    func forged(_ n: Int) -> BrewingIndex {
        BrewingIndex(style: (0..<n).map { Int16($0 % 3) }, checks: (0..<n).map { _ in 0x80 | 0x01 })
    }

    @Test func theIndexBuiltOnceIsReadByTheNextLoad() throws {
        try CatalogueStore(path: path).save(Fixtures.beers, source: "test")
        let store = CatalogueStore(path: path, snapshots: cache)
        let built = try store.load().catalogue.brewing
        let file = try keptFile()
        #expect(built == (try store.load().catalogue.brewing))
        // What the next load answers is what the file holds.
        let n = Fixtures.beers.count
        BrewingIndexFile(path: file, key: try key(of: file)).keep(forged(n))
        let next = try store.load()
        #expect(next.fromSnapshot && next.catalogue.brewing == forged(n))
    }

    /// After the JSON changes, the index kept of its old content is not read, and the one
    /// built anew replaces it.
    @Test func anIndexOfOtherContentIsNotRead() throws {
        try CatalogueStore(path: path).save(Fixtures.beers, source: "one")
        let store = CatalogueStore(path: path, snapshots: cache)
        _ = try store.load().catalogue.brewing
        let file = try keptFile()
        let oldKey = try key(of: file)
        let n = Fixtures.beers.count
        BrewingIndexFile(path: file, key: oldKey).keep(forged(n))
        var edited = Fixtures.beers
        edited[0].abv = (edited[0].abv ?? 5) + 1
        try CatalogueStore(path: path).save(edited, source: "two")
        let loaded = try store.load()
        #expect(!loaded.fromSnapshot)
        #expect(loaded.catalogue.brewing == Catalogue(beers: edited).brewing)
        #expect(try key(of: file) != oldKey)
        #expect(try store.load().catalogue.brewing != forged(n))
    }

    /// A kept file that is damaged is built again and replaced; one that cannot be
    /// written leaves the answer as it is.
    @Test func aDamagedOrUnwritableFileIsBuiltAgain() throws {
        try CatalogueStore(path: path).save(Fixtures.beers, source: "test")
        let store = CatalogueStore(path: path, snapshots: cache)
        let built = try store.load().catalogue.brewing
        let file = try keptFile()
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try whole.prefix(whole.count - 3).write(to: URL(fileURLWithPath: file))
        #expect(try store.load().catalogue.brewing == built)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == whole)
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        #expect(try store.load().catalogue.brewing == built)
    }
}
