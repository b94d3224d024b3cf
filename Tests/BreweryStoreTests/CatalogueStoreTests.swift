import BreweryCore
import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryStore

@Suite(.blockingWork) struct CatalogueStoreTests {
    let folder = TemporaryFolder(prefix: "brewery-store")
    var dir: String { folder.path }

    @Test func saveThenLoadKeepsBeersAndMetadata() throws {
        let store = CatalogueStore(path: dir + "/sub/catalogue.json")
        try store.save(Fixtures.beers, source: "test")
        let loaded = try store.load()
        #expect(loaded.beers == Fixtures.beers)
        #expect(loaded.metadata?.source == "test")
        #expect(loaded.metadata?.count == Fixtures.beers.count)
    }

    /// A temporary file left by a process that was killed mid-write is removed by the
    /// next write beside it; one of a running process, and other files, are left alone.
    @Test func theNextWriteSweepsTemporaryFilesOfDeadProcesses() throws {
        let path = dir + "/catalogue.json"
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let names = [
            "catalogue.json.tmp-\(gone.processIdentifier)-12345", "catalogue.json.tmp-\(getpid())-7",
            "other.json.tmp-\(gone.processIdentifier)-1", "catalogue.json.tmp-notes",
        ]
        for name in names { #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("x".utf8))) }
        try CatalogueStore(path: path).save(Fixtures.beers, source: "test")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(!left.contains(names[0]))
        #expect(left.isSuperset(of: names.dropFirst()))
    }

    /// A signal handler put on while a file is written (the shell installs its Ctrl-C
    /// handler while its first snapshot is written on another thread) is still there
    /// after the write: the write's own handler gives way instead of restoring the
    /// default over it, which let a later Ctrl-C end the shell.
    @Test func aHandlerPutOnDuringAWriteStaysAfterIt() throws {
        // Another test's write, on another thread, puts the store's handler on for as long
        // as it lasts (the first writer in, the last out): wait for the default action.
        var before = sigaction()
        for _ in 0..<500 {
            sigaction(SIGHUP, nil, &before)
            if before.__sigaction_handler.sa_handler == nil { break }
            usleep(10_000)
        }
        defer { sigaction(SIGHUP, &before, nil) }
        try #require(before.__sigaction_handler.sa_handler == nil, "SIGHUP is at its default action")
        let mine: @convention(c) (Int32) -> Void = { _ in }
        TemporaryFiles.guarding(dir + "/x.tmp") {
            var put = sigaction()
            put.__sigaction_handler.sa_handler = mine
            sigemptyset(&put.sa_mask)
            sigaction(SIGHUP, &put, nil)
        }
        var after = sigaction()
        sigaction(SIGHUP, nil, &after)
        let handler = try #require(after.__sigaction_handler.sa_handler)
        #expect(unsafeBitCast(handler, to: UnsafeRawPointer.self) == unsafeBitCast(mine, to: UnsafeRawPointer.self))
    }

    @Test func aFailedImportLeavesThePreviousCatalogue() throws {
        let path = dir + "/catalogue.json"
        let store = CatalogueStore(path: path)
        try store.save(Fixtures.beers, source: "first")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let broken = dir + "/broken.json"
        try Data("[{\"id\": 1, \"name\": \"A\"},".utf8).write(to: URL(fileURLWithPath: broken))
        #expect(throws: StoreError.self) { try store.save(try CatalogueStore.readImport(from: broken), source: broken) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func importsAFolderOfOneBeerFilesSortedById() throws {
        let folder = dir + "/beers"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for b in Fixtures.beers.reversed() {
            let data = try JSONEncoder().encode(b)
            try data.write(to: URL(fileURLWithPath: "\(folder)/beer-\(b.id).json"))
        }
        let beers = try CatalogueStore.readImport(from: folder)
        #expect(beers.map(\.id) == Fixtures.beers.map(\.id))
    }

    @Test func loadErrorsNameTheFile() throws {
        let missing = dir + "/nope.json"
        #expect(throws: StoreError.missing(path: missing)) { try CatalogueStore(path: missing).load() }
        let empty = dir + "/empty.json"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(throws: StoreError.emptyFile(path: empty)) { try CatalogueStore(path: empty).load() }
        #expect(throws: StoreError.isDirectory(path: dir)) { try CatalogueStore(path: dir).load() }
    }

    @Test func locationPrefersOptionThenEnvironmentThenXDG() {
        #expect(CatalogueLocation.resolve(explicit: "/a.json", environment: ["BREWERY_CATALOGUE": "/b.json"]) == "/a.json")
        #expect(CatalogueLocation.resolve(explicit: nil, environment: ["BREWERY_CATALOGUE": "/b.json"]) == "/b.json")
        #expect(
            CatalogueLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"])
                == "/x/brewery/catalogue.json")
        #expect(CatalogueLocation.resolve(explicit: nil, environment: ["HOME": "/h"]) == "/h/.local/share/brewery/catalogue.json")
    }
}

@Suite(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"))
struct RealCatalogueTests {
    @Test(arguments: [("v2", 325), ("v3", 415)])
    func realCataloguesLoad(_ version: String, _ count: Int) throws {
        try #require(SharedData.available(version), Comment(rawValue: SharedData.missingMessage(version)))
        let loaded = try CatalogueStore(path: SharedData.punkAPI(version)).load()
        #expect(loaded.beers.count == count)
    }

    @Test(arguments: ["v2", "v3"])
    func aSnapshotOfTheRealCatalogueEqualsItsJSON(_ version: String) throws {
        try #require(SharedData.available(version), Comment(rawValue: SharedData.missingMessage(version)))
        let json = try CatalogueStore(path: SharedData.punkAPI(version)).load().beers
        let read = try CatalogueSnapshot.decode(CatalogueSnapshot.encode(Catalogue(beers: json), header: []))
        #expect(Array(read.beers) == json)
        #expect(read.beers[try read.lookup("192")] == json.first { $0.id == 192 })
    }

    @Test func v2Id192IsPunkIPA2007AndNullsSurvive() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let beers = try CatalogueStore(path: SharedData.punkAPI("v2")).load().beers
        let c = Catalogue(beers: beers)
        #expect(c.beers[try c.lookup("192")].name == "Punk IPA 2007 - 2010")
        #expect(c.beers[try c.lookup("punk ipa 2007 – 2010")].id == 192)
        let withNulls = beers.filter { $0.ibu == nil || $0.ebc == nil }
        #expect(!withNulls.isEmpty)
        let again = try CatalogueDecoder.decodeArray(try CatalogueDecoder.encode(withNulls), source: "roundtrip")
        #expect(again == withNulls)
    }

    @Test func recommendLike192PutsItsSuccessorFirst() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let c = Catalogue(beers: try CatalogueStore(path: SharedData.punkAPI("v2")).load().beers)
        let r = LikeRecommender(catalogue: c).recommend(like: try c.lookup("192"), limit: 5)
        #expect(r.hits.prefix(3).map { c.beers[$0.index].id }.contains(106))
    }
}
