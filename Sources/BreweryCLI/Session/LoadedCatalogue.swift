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

    /// The catalogue at `path`, whole beers read from the file when shown (see
    /// ``CatalogueStore/load(beersFromFile:)``), as every command-line load reads it.
    static func load(path: String, snapshots: CatalogueSnapshotCache?) throws(StoreError) -> LoadedCatalogue {
        let loaded = try CatalogueStore(path: path, snapshots: snapshots).load(beersFromFile: true)
        return LoadedCatalogue(
            path: path, catalogue: loaded.catalogue, metadata: loaded.metadata,
            bytes: loaded.bytes, modified: loaded.modified, warnings: loaded.warnings)
    }
}
