import BreweryCore
import Foundation
import GRDB

/// The user's taste in SQLite: ratings, wishlist and cellar, one entry a beer (by its
/// folded name, ``TastedBeer/key``).
///
/// It is the user's own data, never a cache: Brewery changes it only by the user's
/// commands, each one transaction, committed before it is acknowledged (WAL, so another
/// shell reads while one writes, and a killed process loses nothing acknowledged). The
/// schema is made and upgraded by a `DatabaseMigrator`; a store made by a newer Brewery,
/// a file that is not SQLite or not Brewery's, or a damaged one is reported and left as
/// it is.
package final class TasteStore: Sendable {
    /// The store's file.
    package let path: String
    private let database: DatabasePool

    private init(path: String, database: DatabasePool) {
        self.path = path
        self.database = database
    }

    /// The store at `path`, made (with its folder) when `creating`; nil when there is no
    /// file and not `creating` (nothing rated yet: nothing is written for a read).
    package static func open(at path: String, creating: Bool) throws(TasteError) -> TasteStore? {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: path, isDirectory: &isDirectory)
        if isDirectory.boolValue { throw TasteError(path: path, reason: "is a folder, not a file") }
        if !exists {
            guard creating else { return nil }
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                do {
                    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw TasteError(path: path, reason: "cannot make its folder (\(Self.words(error)))")
                }
            }
        } else if try !looksLikeSQLite(path) {
            throw TasteError(path: path, reason: "is not an SQLite database")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "taste"
        let end = Date().addingTimeInterval(openingPatience)
        while true {
            do {
                if exists { try inspect(path) }
                let database = try DatabasePool(path: path, configuration: configuration)
                try migrate(database)
                return TasteStore(path: path, database: database)
            } catch let error as TasteError {
                throw error
            } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) && Date() < end {
                // Another shell opening the same store (setting WAL mode, migrating) at this
                // moment: SQLite says busy at once for some of that. Nothing was written.
                Thread.sleep(forTimeInterval: .random(in: 0.01...0.05))
            } catch {
                throw TasteError(path: path, reason: Self.words(error))
            }
        }
    }

    /// How long opening a store keeps trying while other shells open it at the same time.
    static let openingPatience: TimeInterval = 10

    /// Brings the schema up to date, as another process may be doing at the same moment:
    /// GRDB reads which migrations are applied before it takes the write lock, so two
    /// shells opening a new store together both start the first one, and the later fails
    /// ("table rating already exists") once the earlier has committed it (the failed
    /// migration's transaction is rolled back). A failure after which more migrations are
    /// applied than before is such a race and is tried again; any other is thrown.
    private static func migrate(_ database: DatabasePool) throws {
        while true {
            let before = try database.read { try migrator.appliedIdentifiers($0) }
            do {
                return try migrator.migrate(database)
            } catch {
                let after = try database.read { try migrator.appliedIdentifiers($0) }
                guard after.isStrictSuperset(of: before) else { throw error }
            }
        }
    }

    /// Reads (only) the database at `path` and throws unless it is a taste store this
    /// Brewery knows how to upgrade: never another program's database, nor one a newer
    /// Brewery made, is written to.
    private static func inspect(_ path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        try DatabaseQueue(path: path, configuration: configuration).read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            guard !tables.isEmpty else { return }
            guard tables.contains("grdb_migrations") else {
                throw TasteError(path: path, reason: "is an SQLite database, but not Brewery's taste store")
            }
            if try migrator.hasBeenSuperseded(db) {
                throw TasteError(path: path, reason: "was made by a newer Brewery; update Brewery to use it")
            }
        }
    }

    /// Whether the file at `path` starts as every SQLite database does (an empty file is
    /// one not yet written).
    private static func looksLikeSQLite(_ path: String) throws(TasteError) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TasteError(path: path, reason: "cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        return head.isEmpty || head == Data("SQLite format 3\0".utf8)
    }

    /// The schema, version by version. A migration once released is never edited.
    private static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: ratings, wishlist, cellar") { db in
            try db.create(table: "rating") { t in
                t.primaryKey("beer_key", .text)
                t.column("beer_id", .integer).notNull()
                t.column("beer_name", .text).notNull()
                t.column("score", .double).notNull().check { $0 >= 0.5 && $0 <= 5 }
                t.column("note", .text)
                t.column("rated_at", .text).notNull()
            }
            try db.create(table: "wish") { t in
                t.primaryKey("beer_key", .text)
                t.column("beer_id", .integer).notNull()
                t.column("beer_name", .text).notNull()
                t.column("added_at", .text).notNull()
            }
            try db.create(table: "cellar") { t in
                t.primaryKey("beer_key", .text)
                t.column("beer_id", .integer).notNull()
                t.column("beer_name", .text).notNull()
                t.column("count", .integer).notNull().check { $0 >= 1 }
                t.column("best_before", .text)
                t.column("place", .text)
                t.column("added_at", .text).notNull()
            }
        }
        return migrator
    }()

    // MARK: Reading

    /// Everything stored.
    package func profile() throws(TasteError) -> TasteProfile {
        try read { db in
            TasteProfile(ratings: try Self.ratings(db), wishes: try Self.wishes(db), cellar: try Self.cellar(db))
        }
    }

    /// The ratings, in the order they were made.
    package func ratings() throws(TasteError) -> [BeerRating] { try read(Self.ratings) }

    private static func ratings(_ db: Database) throws -> [BeerRating] {
        try Row.fetchAll(db, sql: "SELECT * FROM rating ORDER BY rated_at, beer_key").map {
            BeerRating(
                beer: TastedBeer(id: $0["beer_id"], name: $0["beer_name"]), score: $0["score"], note: $0["note"],
                ratedAt: $0["rated_at"])
        }
    }

    private static func wishes(_ db: Database) throws -> [WishedBeer] {
        try Row.fetchAll(db, sql: "SELECT * FROM wish ORDER BY added_at, beer_key").map {
            WishedBeer(beer: TastedBeer(id: $0["beer_id"], name: $0["beer_name"]), addedAt: $0["added_at"])
        }
    }

    private static func cellar(_ db: Database) throws -> [CellarEntry] {
        try Row.fetchAll(db, sql: "SELECT * FROM cellar ORDER BY beer_key").map(Self.cellarEntry)
    }

    private static func cellarEntry(_ row: Row) -> CellarEntry {
        let bestBefore = (row["best_before"] as String?).flatMap(BestBefore.init(parsing:))
        return CellarEntry(
            beer: TastedBeer(id: row["beer_id"], name: row["beer_name"]), count: row["count"], bestBefore: bestBefore,
            place: row["place"], addedAt: row["added_at"])
    }

    // MARK: Writing (each one transaction)

    /// Rates a beer, replacing its earlier rating (whose note stays when `rating` has
    /// none), which is returned.
    @discardableResult
    package func rate(_ rating: BeerRating) throws(TasteError) -> BeerRating? {
        try write { db in
            let key = rating.beer.key
            let earlier = try Self.ratings(db).first { $0.beer.key == key }
            try db.execute(
                sql: """
                    INSERT INTO rating (beer_key, beer_id, beer_name, score, note, rated_at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(beer_key) DO UPDATE SET beer_id = excluded.beer_id, beer_name = excluded.beer_name,
                    score = excluded.score, note = COALESCE(excluded.note, rating.note), rated_at = excluded.rated_at
                    """,
                arguments: [key, rating.beer.id, rating.beer.name, rating.score, rating.note, rating.ratedAt])
            return earlier
        }
    }

    /// What an import did: ratings added, replaced by newer ones, and kept (the stored
    /// one as new or newer).
    package struct ImportCount: Sendable, Equatable {
        package var added = 0
        package var replaced = 0
        package var kept = 0

        package init() {}
    }

    /// Stores `ratings` in one transaction: a beer's rating is replaced only by a newer one,
    /// so the same import twice changes nothing and a rating made since is never lost.
    package func importRatings(_ ratings: [BeerRating]) throws(TasteError) -> ImportCount {
        try write { db in
            var count = ImportCount()
            for r in ratings {
                let stored = try String.fetchOne(
                    db, sql: "SELECT rated_at FROM rating WHERE beer_key = ?", arguments: [r.beer.key])
                if let stored, stored >= r.ratedAt {
                    count.kept += 1
                    continue
                }
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO rating (beer_key, beer_id, beer_name, score, note, rated_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [r.beer.key, r.beer.id, r.beer.name, r.score, r.note, r.ratedAt])
                if stored == nil { count.added += 1 } else { count.replaced += 1 }
            }
            return count
        }
    }

    /// Removes a beer's rating; false when it had none.
    package func unrate(_ beer: TastedBeer) throws(TasteError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM rating WHERE beer_key = ?", arguments: [beer.key])
            return db.changesCount > 0
        }
    }

    /// Puts a beer on the wishlist; false when it was on it already.
    package func wish(_ wish: WishedBeer) throws(TasteError) -> Bool {
        try write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO wish (beer_key, beer_id, beer_name, added_at) VALUES (?, ?, ?, ?)",
                arguments: [wish.beer.key, wish.beer.id, wish.beer.name, wish.addedAt])
            return db.changesCount > 0
        }
    }

    /// Takes a beer off the wishlist; false when it was not on it.
    package func unwish(_ beer: TastedBeer) throws(TasteError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM wish WHERE beer_key = ?", arguments: [beer.key])
            return db.changesCount > 0
        }
    }

    /// Adds `count` of a beer to the cellar (to those there already; a best-before or place
    /// given replaces the one stored) and returns the entry now stored.
    package func addToCellar(
        _ beer: TastedBeer, count: Int, bestBefore: BestBefore?, place: String?, at time: String
    ) throws(TasteError) -> CellarEntry {
        try write { db in
            let key = beer.key
            let earlier = try Row.fetchOne(db, sql: "SELECT * FROM cellar WHERE beer_key = ?", arguments: [key])
                .map(Self.cellarEntry)
            let total = min((earlier?.count ?? 0) + count, CellarEntry.maximumCount)
            let entry = CellarEntry(
                beer: beer, count: total, bestBefore: bestBefore ?? earlier?.bestBefore, place: place ?? earlier?.place,
                addedAt: earlier?.addedAt ?? time)
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO cellar (beer_key, beer_id, beer_name, count, best_before, place, added_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key, beer.id, beer.name, entry.count, entry.bestBefore?.description, entry.place, entry.addedAt,
                ])
            return entry
        }
    }

    /// Takes one of a beer out of the cellar; the entry removed when none is left. Returns
    /// how many are left, nil when the beer was not in the cellar.
    package func drink(_ beer: TastedBeer) throws(TasteError) -> Int? {
        try write { db in
            let key = beer.key
            guard let count = try Int.fetchOne(db, sql: "SELECT count FROM cellar WHERE beer_key = ?", arguments: [key])
            else { return nil }
            if count <= 1 {
                try db.execute(sql: "DELETE FROM cellar WHERE beer_key = ?", arguments: [key])
            } else {
                try db.execute(sql: "UPDATE cellar SET count = count - 1 WHERE beer_key = ?", arguments: [key])
            }
            return count - 1
        }
    }

    // MARK: Errors

    private func read<T>(_ body: (Database) throws -> T) throws(TasteError) -> T {
        do { return try database.read(body) } catch { throw TasteError(path: path, reason: Self.words(error)) }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(TasteError) -> T {
        do { return try database.write(body) } catch { throw TasteError(path: path, reason: Self.words(error)) }
    }

    /// An error in words, without SQL.
    private static func words(_ error: any Error) -> String {
        if let error = error as? TasteError { return error.reason }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB: return "is not an SQLite database"
            case .SQLITE_CORRUPT: return "is damaged (SQLite finds it malformed); a backup copy may be restored over it"
            case .SQLITE_CANTOPEN: return "cannot be opened (does its folder exist and allow writing?)"
            case .SQLITE_READONLY: return "cannot be written (read-only file or folder)"
            case .SQLITE_FULL: return "the disk is full"
            case .SQLITE_BUSY, .SQLITE_LOCKED: return "another program holds it locked; try again"
            case .SQLITE_PERM, .SQLITE_AUTH: return "permission denied"
            case .SQLITE_IOERR: return "a read or write failed (\(error.message ?? "I/O error"))"
            default: return error.message ?? "SQLite error \(error.resultCode.rawValue)"
            }
        }
        let ns = error as NSError
        return ns.localizedDescription
    }
}
