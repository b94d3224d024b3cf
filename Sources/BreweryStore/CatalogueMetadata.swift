import BreweryCore
import Foundation

/// Where a stored catalogue came from and when, kept beside it as `<catalogue>.meta.json`.
package struct CatalogueMetadata: Codable, Sendable, Equatable {
    /// The URL or path it was fetched or imported from.
    package var source: String
    /// When it was written.
    package var fetchedAt: Date
    /// Number of beers.
    package var count: Int
    /// Size and content hash (``hash(_:)``) of the catalogue file, to tell whether the
    /// metadata still describes it.
    package var bytes: Int
    package var hash: String

    /// Creates metadata.
    package init(source: String, fetchedAt: Date, count: Int, bytes: Int, hash: String) {
        self.source = source
        self.fetchedAt = fetchedAt
        self.count = count
        self.bytes = bytes
        self.hash = hash
    }

    /// The content hash of a catalogue file: ``Checksum`` in hex, tagged `c1:` (a pass
    /// over a 600 MB catalogue takes tens of milliseconds).
    package static func hash(_ data: Data) -> String {
        hash(checksum: data.withUnsafeBytes { Checksum.of($0) })
    }

    /// The content hash for a file whose ``Checksum`` is `checksum`.
    package static func hash(checksum: UInt64) -> String {
        "c1:" + String(checksum, radix: 16)
    }
}
