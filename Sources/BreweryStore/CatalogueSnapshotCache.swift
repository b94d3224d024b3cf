import BreweryCore
import Foundation

/// Binary snapshots of catalogues already read, so the next run skips the JSON parse.
///
/// One file per catalogue path under `<cache>/snapshots/`, named by a hash of the path.
/// Its header records the JSON file's path, size, modification time (ns), device and
/// inode, and content hash; a snapshot is used only while all of these still match the
/// file, so any write to the JSON — an edit, a fetch, a copy over it — makes the next
/// load read the JSON again and replace the snapshot. A snapshot that is unreadable,
/// garbled or from another format version is ignored the same way. It is a cache:
/// deleting the folder is always safe.
public struct CatalogueSnapshotCache: Sendable {
    /// The folder holding the snapshots.
    public let directory: String

    /// A cache in `directory` (created on first write).
    public init(directory: String) { self.directory = directory }

    /// The cache under the XDG cache home (`$XDG_CACHE_HOME/brewery`, else
    /// `~/.cache/brewery`), or nil when `BREWERY_NO_SNAPSHOT` is set.
    public static func standard(environment env: [String: String]) -> CatalogueSnapshotCache? {
        if let off = env["BREWERY_NO_SNAPSHOT"], !off.isEmpty, off != "0" { return nil }
        return CatalogueSnapshotCache(directory: XDGDirectory.cache.path(environment: env) + "/brewery/snapshots")
    }

    /// What identifies one version of a JSON file.
    struct FileIdentity: Equatable {
        var path: String
        var size: UInt64
        var modifiedSeconds: UInt64
        var modifiedNanoseconds: UInt64
        var device: UInt64
        var inode: UInt64
    }

    /// The snapshot file for the catalogue at `path`.
    func file(for path: String) -> String {
        directory + "/" + CatalogueMetadata.hash(Data(Self.absolute(path).utf8)) + ".bin"
    }

    /// The beers and JSON content hash of a current snapshot of `path`, if there is one.
    func read(for path: String) -> (beers: [Beer], jsonHash: String)? {
        guard let identity = FileIdentity(path: path),
            let data = FileManager.default.contents(atPath: file(for: path))
        else { return nil }
        let bytes = [UInt8](data)
        guard let header = try? CatalogueSnapshot.header(of: bytes),
            let (stored, hash) = Self.parseHeader(header),
            stored == Self.normalised(identity),
            let beers = try? CatalogueSnapshot.decode(bytes)
        else { return nil }
        return (beers, hash)
    }

    /// Writes a snapshot of `beers`, read from `path` whose content hash is `jsonHash`.
    /// Best effort: a cache that cannot be written is skipped without an error.
    func write(_ beers: [Beer], for path: String, jsonHash: String, identity: FileIdentity) {
        let header = Self.makeHeader(Self.normalised(identity), jsonHash: jsonHash)
        let bytes = CatalogueSnapshot.encode(beers, header: header)
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil
        else { return }
        try? CatalogueStore.atomicWrite(Data(bytes), to: file(for: path))
    }

    // MARK: - Header

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    static func normalised(_ id: FileIdentity) -> FileIdentity {
        var id = id
        id.path = absolute(id.path)
        return id
    }

    static func makeHeader(_ id: FileIdentity, jsonHash: String) -> [UInt8] {
        var out: [UInt8] = []
        for s in [id.path, jsonHash] {
            let u = Array(s.utf8)
            withUnsafeBytes(of: UInt32(u.count).littleEndian) { out += $0 }
            out += u
        }
        for v in [id.size, id.modifiedSeconds, id.modifiedNanoseconds, id.device, id.inode] {
            withUnsafeBytes(of: v.littleEndian) { out += $0 }
        }
        return out
    }

    static func parseHeader(_ h: [UInt8]) -> (FileIdentity, String)? {
        var offset = 0
        func u32() -> Int? {
            guard h.count - offset >= 4 else { return nil }
            defer { offset += 4 }
            return h[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        func u64() -> UInt64? {
            guard h.count - offset >= 8 else { return nil }
            defer { offset += 8 }
            return h[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        func string() -> String? {
            guard let n = u32(), h.count - offset >= n else { return nil }
            defer { offset += n }
            return String(validating: h[offset..<offset + n], as: UTF8.self)
        }
        guard let path = string(), let hash = string(), let size = u64(), let sec = u64(), let nsec = u64(),
            let dev = u64(), let ino = u64(), offset == h.count
        else { return nil }
        let id = FileIdentity(
            path: path, size: size, modifiedSeconds: sec, modifiedNanoseconds: nsec, device: dev, inode: ino)
        return (id, hash)
    }
}

extension CatalogueSnapshotCache.FileIdentity {
    /// The identity of the file at `path` now, or nil if it cannot be read.
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        self.path = path
        size = UInt64(st.st_size)
        modifiedSeconds = UInt64(bitPattern: Int64(st.st_mtim.tv_sec))
        modifiedNanoseconds = UInt64(bitPattern: Int64(st.st_mtim.tv_nsec))
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}

