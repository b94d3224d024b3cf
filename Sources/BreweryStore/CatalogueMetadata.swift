import Foundation

/// Where a stored catalogue came from and when, kept beside it as `<catalogue>.meta.json`.
public struct CatalogueMetadata: Codable, Sendable, Equatable {
    /// The URL or path it was fetched or imported from.
    public var source: String
    /// When it was written.
    public var fetchedAt: Date
    /// Number of beers.
    public var count: Int
    /// Size and FNV-1a hash of the catalogue file, to tell whether the metadata still
    /// describes it.
    public var bytes: Int
    public var hash: String

    /// Creates metadata.
    public init(source: String, fetchedAt: Date, count: Int, bytes: Int, hash: String) {
        self.source = source
        self.fetchedAt = fetchedAt
        self.count = count
        self.bytes = bytes
        self.hash = hash
    }

    /// FNV-1a 64 of `data`, in hex.
    public static func hash(_ data: Data) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { raw in
            for b in raw {
                h ^= UInt64(b)
                h &*= 0x100_0000_01b3
            }
        }
        return String(h, radix: 16)
    }
}
