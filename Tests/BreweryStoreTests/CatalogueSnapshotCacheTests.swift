import BreweryCore
import BreweryStore
import BreweryTestSupport
import Foundation
import Testing

@Suite struct CatalogueSnapshotCacheTests {
    let folder = TemporaryFolder(prefix: "brewery-snap")
    var dir: String { folder.path }
    var cache: CatalogueSnapshotCache { CatalogueSnapshotCache(directory: dir + "/cache") }

    func snapshotFiles() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: dir + "/cache")) ?? []
    }

    @Test func theSecondLoadReadsTheSnapshotWithTheSameBeersAndMetadata() throws {
        let path = dir + "/catalogue.json"
        try CatalogueStore(path: path).save(Fixtures.beers, source: "test")
        let store = CatalogueStore(path: path, snapshots: cache)
        let first = try store.load()
        #expect(!first.fromSnapshot && snapshotFiles().count == 1)
        let second = try store.load()
        #expect(second.fromSnapshot)
        #expect(second.beers == first.beers && second.beers == Fixtures.beers)
        #expect(second.metadata == first.metadata && second.metadata?.source == "test")
        #expect(second.bytes == first.bytes)
    }

    /// A snapshot cut short or overwritten in place after it was read does not reach the
    /// catalogue in use (a mapped one gave a bus error or silently changed beers).
    @Test func aSnapshotChangedInPlaceAfterReadingLeavesTheCatalogueAlone() throws {
        let path = dir + "/catalogue.json"
        try CatalogueStore(path: path).save(Fixtures.beers, source: "test")
        let store = CatalogueStore(path: path, snapshots: cache)
        _ = try store.load()
        let loaded = try store.load()
        #expect(loaded.fromSnapshot)
        let file = dir + "/cache/" + (try #require(snapshotFiles().first))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let fd = open(file, O_WRONLY)
        #expect(fd >= 0)
        let garbage = [UInt8](repeating: 0xA5, count: size)
        #expect(write(fd, garbage, size) == size)
        #expect(ftruncate(fd, 0) == 0)
        close(fd)
        #expect(loaded.beers == Fixtures.beers)
        #expect((try? loaded.catalogue.lookup("Lantern Lager")) != nil)
    }

    /// A snapshot built with other bundled data (an upgrade changed a word list) is not
    /// read: the JSON is, and the snapshot is replaced.
    @Test func aSnapshotOfOtherBundledDataIsNotRead() throws {
        let path = dir + "/catalogue.json"
        try CatalogueStore(path: path).save(Fixtures.beers, source: "test")
        let before = CatalogueStore(path: path, snapshots: CatalogueSnapshotCache(directory: dir + "/cache", data: "old"))
        _ = try before.load()
        #expect(try before.load().fromSnapshot)
        let after = CatalogueStore(path: path, snapshots: cache)
        let upgraded = try after.load()
        #expect(!upgraded.fromSnapshot && upgraded.beers == Fixtures.beers)
        #expect(try after.load().fromSnapshot && snapshotFiles().count == 1)
        #expect(!BundledData.fingerprint.isEmpty && BundledData.fingerprint != "old")
    }

    @Test func anyChangeToTheJSONIsSeen() throws {
        let path = dir + "/catalogue.json"
        let store = CatalogueStore(path: path, snapshots: cache)
        try CatalogueStore(path: path).save(Fixtures.beers, source: "one")
        _ = try store.load()
        // Replaced by rename (as a fetch does).
        let fewer = Array(Fixtures.beers.prefix(3))
        try CatalogueStore(path: path).save(fewer, source: "two")
        let afterSave = try store.load()
        #expect(!afterSave.fromSnapshot && afterSave.beers == fewer)
        // Edited in place, same size: one letter of a name.
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "Lantern Lager\"", with: "Lantern Lagen\"")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        let afterEdit = try store.load()
        #expect(!afterEdit.fromSnapshot && afterEdit.beers[0].name == "Lantern Lagen")
        #expect(try store.load().fromSnapshot)
    }

    @Test func aGarbledSnapshotIsIgnoredAndReplaced() throws {
        let path = dir + "/catalogue.json"
        try CatalogueStore(path: path).save(Fixtures.beers, source: "test")
        let store = CatalogueStore(path: path, snapshots: cache)
        _ = try store.load()
        let file = dir + "/cache/" + snapshotFiles()[0]
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        bytes = bytes.prefix(bytes.count / 2)
        try bytes.write(to: URL(fileURLWithPath: file))
        let again = try store.load()
        #expect(!again.fromSnapshot && again.beers == Fixtures.beers)
        #expect(try store.load().fromSnapshot)
    }

    /// Asked to, a load leaves the snapshot for its caller to write (once) when it has answered.
    @Test func aDeferredSnapshotIsWrittenWhenAskedAndOnce() throws {
        let path = dir + "/catalogue.json"
        try CatalogueStore(path: path).save(Fixtures.beers, source: "test")
        let store = CatalogueStore(path: path, snapshots: cache)
        let first = try store.load(beersFromFile: true, deferringSnapshot: true)
        let pending = try #require(first.pendingSnapshot)
        #expect(snapshotFiles().isEmpty)
        #expect(try !store.load(deferringSnapshot: true).fromSnapshot)
        #expect(pending.write() == nil)
        #expect(snapshotFiles().count == 1)
        func inode() throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: dir + "/cache/" + snapshotFiles()[0])[.systemFileNumber] as? Int
        }
        let written = try inode()
        #expect(pending.write() == nil)
        #expect(try inode() == written)  // not written again (a write replaces the file)
        let second = try store.load(deferringSnapshot: true)
        #expect(second.fromSnapshot && second.pendingSnapshot == nil)
        #expect(second.beers == Fixtures.beers)
        // Not asked: written as part of the load, nothing pending.
        try FileManager.default.removeItem(atPath: dir + "/cache")
        #expect(try store.load().pendingSnapshot == nil)
        #expect(snapshotFiles().count == 1)
    }

    /// A deferred write to a cache that cannot be made says why, as the load would have.
    @Test func aDeferredSnapshotThatCannotBeWrittenSaysWhy() throws {
        let path = dir + "/catalogue.json"
        try CatalogueStore(path: path).save(Fixtures.beers, source: "test")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: dir + "/blocked"))
        let store = CatalogueStore(path: path, snapshots: CatalogueSnapshotCache(directory: dir + "/blocked/cache"))
        let warning = try #require(try store.load(deferringSnapshot: true).pendingSnapshot).write()
        #expect(warning?.contains("cannot create the snapshot cache folder") == true)
        #expect(try store.load().warnings == [warning])
    }

    @Test func anUnwritableCacheIsSkippedSilently() throws {
        let path = dir + "/catalogue.json"
        try CatalogueStore(path: path).save(Fixtures.beers, source: "test")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: dir + "/blocked"))
        let store = CatalogueStore(path: path, snapshots: CatalogueSnapshotCache(directory: dir + "/blocked/cache"))
        #expect(try store.load().beers == Fixtures.beers)
        #expect(try !store.load().fromSnapshot)
    }

    @Test func theStandardCacheFollowsXDGAndCanBeTurnedOff() {
        #expect(CatalogueSnapshotCache.standard(environment: ["HOME": "/h"])?.directory == "/h/.cache/brewery/snapshots")
        #expect(
            CatalogueSnapshotCache.standard(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c"])?.directory
                == "/c/brewery/snapshots")
        #expect(CatalogueSnapshotCache.standard(environment: ["HOME": "/h", "BREWERY_NO_SNAPSHOT": "1"]) == nil)
    }
}

/// A snapshot of a JSON file reads whole beers from the file itself, held open.
@Suite struct LocatedCatalogueTests {
    let folder = TemporaryFolder(prefix: "brewery-located")
    var dir: String { folder.path }

    /// The file held open is the one the snapshot was made from: a new one renamed over
    /// its path (as a fetch does) does not change the beers of the catalogue in use.
    @Test func beersComeFromTheFileTheSnapshotWasMadeFrom() throws {
        let path = dir + "/catalogue.json"
        try CatalogueStore(path: path).save(Fixtures.beers, source: "one")
        let store = CatalogueStore(path: path, snapshots: CatalogueSnapshotCache(directory: dir + "/cache"))
        _ = try store.load()
        let loaded = try store.load()
        #expect(loaded.fromSnapshot)
        var changed = Fixtures.beers
        for i in changed.indices { changed[i].description = "Rewritten \(i)." }
        try CatalogueStore(path: path).save(changed, source: "two")
        #expect(loaded.beers == Fixtures.beers)
        let next = try store.load()
        #expect(!next.fromSnapshot && next.beers == changed)
    }

    /// For a process that goes on (`beersFromFile`), a load that read the JSON keeps no
    /// decoded beers either, snapshot or not: lists read the records, a beer shown whole
    /// is read from the file (cut short in place here, so it is a placeholder naming the
    /// beer, not a stale copy). A load without it keeps them.
    @Test func aLongLivedFirstLoadReadsWholeBeersFromTheFileToo() throws {
        let path = dir + "/catalogue.json"
        try CatalogueStore(path: path).save(Fixtures.beers, source: "one")
        for snapshots in [CatalogueSnapshotCache(directory: dir + "/cache"), nil] {
            let loaded = try CatalogueStore(path: path, snapshots: snapshots).load(beersFromFile: true)
            let oneShot = try CatalogueStore(path: path).load()
            #expect(!loaded.fromSnapshot && loaded.beers == Fixtures.beers)
            // Read for the indexes only, the beers still count every missing text.
            #expect(loaded.catalogue.stats == oneShot.catalogue.stats)
            #expect(loaded.catalogue.stats.fields.contains { $0.name == "description" && $0.missing > 0 })
            let fd = open(path, O_WRONLY)
            #expect(fd >= 0 && ftruncate(fd, 0) == 0)
            let beer = loaded.catalogue.beers[0]
            #expect(beer.id == Fixtures.beers[0].id && beer.name.contains("catalogue file changed"))
            #expect(loaded.catalogue.beers.basics(at: 0) == BeerBasics(Fixtures.beers[0]))
            #expect(oneShot.beers == Fixtures.beers)
            // Back as it was, for the next round (a new file: the size and time differ).
            try CatalogueStore(path: path).save(Fixtures.beers, source: "one")
            close(fd)
            try? FileManager.default.removeItem(atPath: dir + "/cache")
        }
    }

    /// The JSON deleted while a snapshot of it is current: the catalogue is gone (the
    /// snapshot is not used on its own).
    @Test func aSnapshotWithoutItsFileIsNotUsed() throws {
        let path = dir + "/catalogue.json"
        try CatalogueStore(path: path).save(Fixtures.beers, source: "one")
        let store = CatalogueStore(path: path, snapshots: CatalogueSnapshotCache(directory: dir + "/cache"))
        _ = try store.load()
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: StoreError.self) { try store.load() }
    }
}
