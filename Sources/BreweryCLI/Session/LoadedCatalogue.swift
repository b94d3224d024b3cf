import BreweryCore
import BreweryStore
import Foundation

/// A catalogue with where it came from.
struct LoadedCatalogue: Sendable {
    var path: String
    var catalogue: Catalogue
    var metadata: CatalogueMetadata?
    var bytes: Int
    var modified: Date?
    /// What went wrong with the snapshot cache, to say once.
    var warnings: [String] = []
    /// The snapshot left to write after the command (`deferringSnapshot`).
    var pendingSnapshot: CatalogueStore.PendingSnapshot?

    /// The catalogue at `path`, whole beers read from the file when shown (see
    /// ``CatalogueStore/load(beersFromFile:deferringSnapshot:)``), as every command-line
    /// load reads it; with `deferringSnapshot`, a snapshot to write is left in
    /// ``pendingSnapshot``.
    static func load(
        path: String, snapshots: CatalogueSnapshotCache?, deferringSnapshot: Bool = false
    ) throws(StoreError) -> LoadedCatalogue {
        let loaded = try CatalogueStore(path: path, snapshots: snapshots).load(
            beersFromFile: true, deferringSnapshot: deferringSnapshot)
        return LoadedCatalogue(
            path: path, catalogue: loaded.catalogue, metadata: loaded.metadata,
            bytes: loaded.bytes, modified: loaded.modified, warnings: loaded.warnings,
            pendingSnapshot: loaded.pendingSnapshot)
    }
}
