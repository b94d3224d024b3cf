import BreweryCore
import BreweryTestSupport
import Foundation
import GRDB
import Testing

@testable import BreweryTaste

@Suite struct TasteStoreTests {
    let folder = TemporaryFolder(prefix: "taste-store")
    var path: String { folder.path + "/data/brewery/taste.sqlite" }
    let punk = TastedBeer(id: 7, name: "Tokyo* Dreams")

    func open(creating: Bool = true) throws -> TasteStore {
        try #require(try TasteStore.open(at: path, creating: creating))
    }

    @Test func aReadOfNoStoreWritesNothing() throws {
        #expect(try TasteStore.open(at: path, creating: false) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/data"))
    }

    @Test func ratingsAreKeptOneABeerWithTheirNotes() throws {
        let store = try open()
        #expect(try store.rate(BeerRating(beer: punk, score: 4, note: "bright", ratedAt: "2026-01-01T00:00:00Z")) == nil)
        // The same beer by another catalogue's id and its name in other case and accents.
        let again = TastedBeer(id: 70, name: "tokyo* DREAMS")
        let earlier = try store.rate(BeerRating(beer: again, score: 4.5, ratedAt: "2026-01-02T00:00:00Z"))
        #expect(earlier?.score == 4)
        let ratings = try store.ratings()
        #expect(ratings.count == 1)
        #expect(ratings[0].score == 4.5)
        #expect(ratings[0].note == "bright")  // a rating without a note keeps the earlier one
        #expect(try store.unrate(punk))
        #expect(try !store.unrate(punk))
        #expect(try store.ratings().isEmpty)
    }

    @Test func theStoreIsInWALModeAndSurvivesReopening() throws {
        do {
            let store = try open()
            try store.rate(BeerRating(beer: punk, score: 3, ratedAt: "2026-01-01T00:00:00Z"))
        }
        let reopened = try open(creating: false)
        #expect(try reopened.ratings().map(\.score) == [3])
        let mode = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func wishlistAndCellar() throws {
        let store = try open()
        #expect(try store.wish(WishedBeer(beer: punk, addedAt: "2026-01-01T00:00:00Z")))
        #expect(try !store.wish(WishedBeer(beer: punk, addedAt: "2026-01-02T00:00:00Z")))
        #expect(try store.unwish(punk))
        let month = BestBefore(year: 2027, month: 3)
        var entry = try store.addToCellar(punk, count: 2, bestBefore: month, place: "fridge", at: "2026-01-01T00:00:00Z")
        #expect(entry.count == 2)
        entry = try store.addToCellar(punk, count: 1, bestBefore: nil, place: nil, at: "2026-02-01T00:00:00Z")
        #expect(entry.count == 3 && entry.bestBefore == month && entry.place == "fridge")
        #expect(entry.addedAt == "2026-01-01T00:00:00Z")
        #expect(try store.drink(punk) == 2)
        #expect(try store.drink(punk) == 1)
        #expect(try store.drink(punk) == 0)
        #expect(try store.drink(punk) == nil)
        #expect(try store.profile().cellar.isEmpty)
    }

    @Test func twoWritersAtOnceLoseNoRating() throws {
        // Two connections (as two shells are) each writing 300 ratings at the same time. Each
        // write is a synced transaction, so the count is kept small enough that a loaded
        // machine (the sanitizer runs) stays well inside the store's 10-second busy wait.
        _ = try open()
        let a = try #require(try TasteStore.open(at: path, creating: false))
        let b = try #require(try TasteStore.open(at: path, creating: false))
        let failures = Locked([String]())
        OwnThreads.run(2) { w in
            let store = w == 0 ? a : b
            for n in 0..<300 {
                let beer = TastedBeer(id: w * 10_000 + n, name: "Beer \(w)-\(n)")
                do { try store.rate(BeerRating(beer: beer, score: 3, ratedAt: "2026-01-01T00:00:00Z")) } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try a.ratings().count == 600)
    }

    /// Shells started together on a new store each migrate it: every one opens it, and
    /// the schema is made once (GRDB reads which migrations are applied before it takes
    /// the write lock, so the later of two once failed with "table rating already exists").
    @Test func shellsOpeningANewStoreAtOnceAllOpenIt() throws {
        for round in 0..<40 {
            let fresh = folder.path + "/race-\(round)/taste.sqlite"
            let failures = Locked([String]())
            OwnThreads.run(4) { _ in
                do { _ = try TasteStore.open(at: fresh, creating: true) } catch { failures.withLock { $0.append("\(error)") } }
            }
            #expect(failures.withLock { $0 } == [], "round \(round)")
            let store = try #require(try TasteStore.open(at: fresh, creating: false))
            try store.rate(BeerRating(beer: punk, score: 4, ratedAt: "2026-01-01T00:00:00Z"))
            #expect(try store.ratings().count == 1)
        }
    }

    @Test func aFileThatIsNotSQLiteIsReportedAndLeftAsItIs() throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let bytes = Data("my beer notes, not a database\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(throws: TasteError.self) { try TasteStore.open(at: path, creating: true) }
        do {
            _ = try TasteStore.open(at: path, creating: true)
        } catch {
            #expect(error.description.contains("is not an SQLite database"))
            #expect(error.description.contains("left as it was"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aDamagedStoreIsReportedAndLeftAsItIs() throws {
        do {
            let store = try open()
            for n in 0..<200 {
                try store.rate(BeerRating(beer: TastedBeer(id: n, name: "Beer \(n)"), score: 3, ratedAt: "2026-01-01T00:00:00Z"))
            }
        }
        // Checkpoint the WAL into the file, then overwrite its pages after the header.
        try DatabaseQueue(path: path).writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for i in 100..<min(bytes.count, 9_000) { bytes[i] = 0x5A }
        try bytes.write(to: URL(fileURLWithPath: path))
        var failed: TasteError?
        do {
            let store = try open()
            _ = try store.ratings()
        } catch {
            failed = error as? TasteError
        }
        let error = try #require(failed)
        #expect(error.description.contains("taste store"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aStoreFromANewerBreweryIsRefused() throws {
        _ = try open()
        try DatabaseQueue(path: path).write {
            try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')")
        }
        try DatabaseQueue(path: path).writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            try TasteStore.open(at: path, creating: true)
        } throws: { ($0 as? TasteError)?.reason.contains("newer Brewery") == true }
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        let differing = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(after == before, "\(before.count) -> \(after.count) bytes, differing at \(differing.prefix(20))")
    }

    @Test func anotherProgramsSQLiteDatabaseIsNotTakenOver() throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE notes (text TEXT)") }
        #expect {
            try TasteStore.open(at: path, creating: true)
        } throws: { ($0 as? TasteError)?.reason.contains("not Brewery's taste store") == true }
        let tables = try DatabaseQueue(path: path).read {
            try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        #expect(tables == ["notes"])
    }

    @Test func aFolderThatCannotBeMadeIsOneClearError() throws {
        // A file where the store's folder should be: no user, root included, can make it.
        let blocker = folder.path + "/blocker"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        #expect {
            try TasteStore.open(at: blocker + "/brewery/taste.sqlite", creating: true)
        } throws: { ($0 as? TasteError)?.reason.contains("cannot make its folder") == true }
    }
}
