import BreweryCore
import Foundation

/// Binary snapshots of catalogues already read, so the next run skips the JSON parse.
///
/// One file per catalogue path under `<cache>/snapshots/`, named by a hash of the path.
/// Its header records the JSON file's path, size, modification time (ns), device and
/// inode, and content hash; a snapshot is used only while all of these still match the
/// file, so any write to the JSON — an edit, a fetch, a copy over it — makes the next
/// load read the JSON again and replace the snapshot. A snapshot that is unreadable,
/// garbled, from another format version or built with other bundled data (word lists,
/// food knowledge: ``BundledData``) is ignored the same way. It is a cache: deleting the
/// folder is always safe.
package struct CatalogueSnapshotCache: Sendable {
    /// The folder holding the snapshots.
    package let directory: String
    /// The bundled data this build's indexes are made from (``BundledData/fingerprint``).
    let data: String

    /// A cache in `directory` (created on first write), for indexes built from `data`.
    package init(directory: String, data: String = BundledData.fingerprint) {
        self.directory = directory
        self.data = data
    }

    /// The cache under the XDG cache home (`$XDG_CACHE_HOME/brewery`, else
    /// `~/.cache/brewery`), or nil when `BREWERY_NO_SNAPSHOT` is set.
    package static func standard(environment env: [String: String]) -> CatalogueSnapshotCache? {
        if let off = env["BREWERY_NO_SNAPSHOT"], !off.isEmpty, off != "0" { return nil }
        return CatalogueSnapshotCache(directory: XDGDirectory.cache.path(environment: env) + "/brewery/snapshots")
    }

    /// What identifies one version of a JSON file (stored as the snapshot's header).
    struct FileIdentity: Equatable, Codable {
        /// Absolute path.
        var path: String
        var size: UInt64
        var modifiedSeconds: Int64
        var modifiedNanoseconds: Int64
        var device: UInt64
        var inode: UInt64

        /// When the file was last modified.
        var modified: Date {
            Date(timeIntervalSince1970: Double(modifiedSeconds) + Double(modifiedNanoseconds) / 1e9)
        }
    }

    /// A snapshot's header: the file it was made from, that file's content hash and the
    /// bundled data the indexes were built from.
    struct Header: Codable {
        var file: FileIdentity
        var jsonHash: String
        var data: String
    }

    /// The snapshot file for the catalogue at `path`.
    func file(for path: String) -> String {
        directory + "/" + Self.fileName(path) + ".bin"
    }

    /// A short file name for a catalogue path: FNV-1a 64 of its bytes, in hex.
    static func fileName(_ path: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in path.utf8 {
            h ^= UInt64(b)
            h &*= 0x100_0000_01b3
        }
        return String(h, radix: 16)
    }

    /// What reading a snapshot found.
    enum Found {
        /// A current snapshot: the catalogue and the JSON's content hash.
        case catalogue(Catalogue, jsonHash: String)
        /// None, or one of another file, version or content: nothing to say.
        case none
        /// One of this file that is damaged or forged (its path, what is wrong).
        case refused(String)
    }

    /// The catalogue and JSON content hash of a snapshot of the file `identity`
    /// describes, if one is there and current.
    func read(_ identity: FileIdentity) -> Found {
        switch readSnapshot(identity) {
        case .some(.some((let catalogue, let hash))): .catalogue(catalogue, jsonHash: hash)
        case nil: .none
        case .some(nil): .refused(file(for: identity.path))
        }
    }

    /// nil: no current snapshot; .some(nil): one that fails its checks.
    private func readSnapshot(_ identity: FileIdentity) -> (Catalogue, String)?? {
        let fd = open(file(for: identity.path), O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size > 0 else { return nil }
        // The header first, so a stale snapshot is not read whole.
        let head = AlignedBuffer<UInt8>(count: min(Int(st.st_size), 1 << 16), repeating: 0)
        guard Self.read(fd, into: head, from: 0),
            let headerBytes = try? CatalogueSnapshot.header(of: UnsafeRawBufferPointer(start: head.pointer, count: head.count)),
            let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes)),
            header.file == identity, header.data == data
        else { return nil }
        // Read into memory, never mapped: nothing another process does to the file later
        // (cut it short, write into it) can reach the catalogue in use.
        let bytes: AlignedBuffer<UInt8>
        if head.count == Int(st.st_size) {
            bytes = head  // the header read took the whole file
        } else {
            guard let memory = PrivateMemory(size: Int(st.st_size)) else { return nil }
            let whole = AlignedBuffer<UInt8>(viewing: memory.base, count: memory.size, owner: memory)
            guard Self.read(fd, into: whole, from: 0) else { return nil }
            bytes = whole
        }
        // Beers shown whole are read from the JSON file itself, which must still be the
        // file of the header (a snapshot of beers read by `JSONDecoder` needs it not).
        let source = CatalogueFileSource(identity)
        do {
            return (try CatalogueSnapshot.decode(bytes, source: source?.beers), header.jsonHash)
        } catch .noSource {
            return nil
        } catch {
            return .some(nil)
        }
    }

    /// Fills `buffer` from `fd` at `offset`; false on an error or a short file.
    private static func read(_ fd: Int32, into buffer: AlignedBuffer<UInt8>, from offset: Int) -> Bool {
        PositionedRead.fill(buffer.pointer, count: buffer.count, from: fd, at: offset)
    }

    /// Writes a snapshot of `catalogue`, read from the file `identity` describes, whose
    /// content hash is `jsonHash`, with its beer records `encoded` if made already (let
    /// go, set to nil, once copied). Best effort: a cache that cannot be written is
    /// skipped, and what went wrong returned for a warning.
    func write(
        _ catalogue: Catalogue, encoded: inout CatalogueSnapshot.EncodedBeers?, from identity: FileIdentity,
        jsonHash: String
    ) -> String? {
        guard let header = try? JSONEncoder().encode(Header(file: identity, jsonHash: jsonHash, data: data)) else { return nil }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return "cannot create the snapshot cache folder '\(directory)'"
        }
        // Written as it is encoded, never whole in memory. No fsync: a snapshot cut short
        // by a crash fails its length check and is replaced.
        do {
            try CatalogueStore.atomicWrite(to: file(for: identity.path), durable: false) { write in
                let seal = CatalogueSnapshot.encode(catalogue, header: [UInt8](header), encoded: &encoded, to: write)
                return (seal.offset, seal.bytes)
            }
        } catch {
            // In the cache's words: a snapshot is not the catalogue, which is untouched.
            if case .writeFailed(let path, let reason) = error {
                return "cannot write the snapshot '\(path)': \(reason); the catalogue is read from its JSON until one can be"
            }
            return "cannot write the snapshot cache: \(error.description)"
        }
        return nil
    }
}

extension CatalogueSnapshotCache.FileIdentity {
    /// The identity of the regular file at `path` now, or nil if there is none.
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        self.path = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        size = UInt64(st.st_size)
        modifiedSeconds = Int64(st.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(st.st_mtim.tv_nsec)
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}
