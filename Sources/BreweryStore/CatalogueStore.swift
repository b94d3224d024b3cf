import BreweryCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads and writes the catalogue file. The only module that touches the file system
/// for catalogues; the core gets bytes and beers.
package struct CatalogueStore: Sendable {
    /// The catalogue file.
    package let path: String
    /// Where binary snapshots of the catalogue are kept; nil to always read the JSON.
    package let snapshots: CatalogueSnapshotCache?
    /// From this size on, ``load()`` maps the JSON file instead of reading it into memory,
    /// and lets its pages go as the parse and the hash are done with them.
    package let mappingThreshold: Int

    /// A store for the catalogue at `path`, with snapshots in `snapshots` if given.
    package init(path: String, snapshots: CatalogueSnapshotCache? = nil, mappingThreshold: Int = 64 << 20) {
        self.path = path
        self.snapshots = snapshots
        self.mappingThreshold = mappingThreshold
    }

    /// What was read.
    package struct Loaded: Sendable {
        package var catalogue: Catalogue
        /// Metadata, when a matching `.meta.json` exists.
        package var metadata: CatalogueMetadata?
        /// File size and modification time, for `stats` when there is no metadata.
        package var bytes: Int
        package var modified: Date?
        /// True when the catalogue came from a current snapshot rather than the JSON.
        package var fromSnapshot: Bool = false
        /// What went wrong with the snapshot cache (the catalogue is fine), to say once.
        package var warnings: [String] = []
        /// The snapshot still to write, when the load was asked to leave it for later.
        package var pendingSnapshot: PendingSnapshot?
    }

    /// A snapshot of a catalogue just read from its JSON, to write once the command that
    /// read it has answered (a large one takes a noticeable while to write).
    package final class PendingSnapshot: @unchecked Sendable {
        private let cache: CatalogueSnapshotCache
        private let catalogue: Catalogue
        private let identity: CatalogueSnapshotCache.FileIdentity
        private let jsonHash: String
        /// Accessed by ``write()`` only, which is called once, on one thread.
        private var encoded: CatalogueSnapshot.EncodedBeers?
        private var written = false

        fileprivate init(
            cache: CatalogueSnapshotCache, catalogue: Catalogue, identity: CatalogueSnapshotCache.FileIdentity,
            jsonHash: String, encoded: CatalogueSnapshot.EncodedBeers?
        ) {
            self.cache = cache
            self.catalogue = catalogue
            self.identity = identity
            self.jsonHash = jsonHash
            self.encoded = encoded
        }

        /// Writes the snapshot (once; later calls do nothing); returns what went wrong,
        /// to say as a warning.
        package func write() -> String? {
            guard !written else { return nil }
            written = true
            return cache.write(catalogue, encoded: &encoded, from: identity, jsonHash: jsonHash)
        }
    }

    /// The metadata file's path.
    package var metadataPath: String { path + ".meta.json" }

    /// Reads and validates the catalogue, and builds its indexes.
    ///
    /// - Throws: ``StoreError`` — missing, folder, unreadable, empty, or invalid JSON
    ///   (naming the record and field).
    ///
    /// With ``snapshots``, a current snapshot of the file is read instead of the JSON
    /// (the same catalogue, without the parse or the index build), and after a JSON read a
    /// snapshot is written. With `beersFromFile` (as the command line loads), beers the
    /// fast reader reads from the JSON keep only what the indexes need, are let go once
    /// they are built, and are read from the file when shown whole, as from a snapshot:
    /// far less memory in use for a shell or a server, and less to read.
    ///
    /// With `deferringSnapshot`, a snapshot to write after a JSON read is not written but
    /// returned (``Loaded/pendingSnapshot``) for the caller to write when it has answered.
    package func load(beersFromFile: Bool = false, deferringSnapshot: Bool = false) throws(StoreError) -> Loaded {
        let identity = CatalogueSnapshotCache.FileIdentity(path: path)
        var warnings: [String] = []
        if let snapshots, let identity {
            switch snapshots.read(identity) {
            case .catalogue(let catalogue, let jsonHash):
                catalogue.keepBrewing(in: snapshots.brewingIndexFile(for: identity.path, jsonHash: jsonHash))
                let size = Int(identity.size)
                return Loaded(
                    catalogue: catalogue, metadata: metadata(bytes: size, hash: jsonHash), bytes: size,
                    modified: identity.modified, fromSnapshot: true)
            case .refused(let file):
                warnings.append("ignored the damaged snapshot cache '\(file)'; read the JSON and replaced it")
            case .none:
                break
            }
        }
        var loaded = try loadJSON(identity, beersFromFile: beersFromFile, deferringSnapshot: deferringSnapshot)
        loaded.warnings = warnings + loaded.warnings
        return loaded
    }

    /// Frees `beers` on another thread, then gives the memory back to the system rather
    /// than keep it in the allocator's free lists: a million decoded beers are some ten
    /// million small blocks, a second's work that a command need not wait for (a one-shot
    /// command may well end first).
    static func letGo(_ beers: consuming [Beer]) {
        final class Held: @unchecked Sendable { var beers: [Beer]? = nil }
        let held = Held()
        held.beers = beers
        DispatchQueue.global(qos: .utility).async {
            held.beers = nil
            returnFreedMemory()
        }
    }

    /// Gives memory the allocator holds free back to the system: glibc's `malloc_trim`,
    /// looked up at run time as Swift's Glibc module does not declare it (elsewhere, or
    /// without it, nothing).
    static func returnFreedMemory() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// The catalogue read from the JSON file (`identity` as it was before reading), a
    /// snapshot written if there is a cache (or left pending, `deferringSnapshot`).
    private func loadJSON(
        _ identity: CatalogueSnapshotCache.FileIdentity?, beersFromFile: Bool, deferringSnapshot: Bool
    ) throws(StoreError) -> Loaded {
        var warnings: [String] = []
        // Beers the fast reader locates in the file, opened before reading (the file
        // read, unchanged), are read from it when shown whole, as from a snapshot: so
        // only what the indexes need of them is kept (``CatalogueDecoder``'s
        // `indexedOnly`), and the decoded ones are let go once the indexes are built.
        let file = beersFromFile ? identity.flatMap(CatalogueFileSource.init) : nil
        // The JSON is let go once parsed: a large one is most of the memory in use.
        let (beers, spans, recipes, hash, size, meta) = try readJSON(indexedOnly: file != nil)
        // Snapshot only what was read from a file unchanged while reading it; its beer
        // records are encoded on another thread while the indexes are built.
        var snapshot: (cache: CatalogueSnapshotCache, identity: CatalogueSnapshotCache.FileIdentity, hash: String)?
        if let snapshots, let identity, let hash, identity == CatalogueSnapshotCache.FileIdentity(path: path) {
            snapshot = (snapshots, identity, hash)
        }
        let source = spans != nil ? file : nil
        let encode = snapshot != nil || source != nil
        var encoded: CatalogueSnapshot.EncodedBeers?
        var built: Catalogue?
        Concurrently.run(
            parallel: encode,
            { built = Catalogue(beers: beers, recipes: recipes) },
            { if encode { encoded = .init(beers, spans: spans) } })
        var catalogue = built.unsafelyUnwrapped
        built = nil
        if let source, let located = encoded {
            catalogue = catalogue.readingBeers(from: source.beers, located: located)
            encoded = nil  // the catalogue's records now
            // Beers read for the indexes only are never shown: let go before the
            // snapshot is encoded, so it does not add to them.
            precondition(catalogue.beers.readsFromSource, "located beers not read from their file")
            Self.letGo(consume beers)
        }
        if let snapshot {
            catalogue.keepBrewing(in: snapshot.cache.brewingIndexFile(for: snapshot.identity.path, jsonHash: snapshot.hash))
        }
        let pending = snapshot.map {
            PendingSnapshot(cache: $0.cache, catalogue: catalogue, identity: $0.identity, jsonHash: $0.hash, encoded: encoded)
        }
        encoded = nil  // the pending write's now
        if let pending, !deferringSnapshot, let w = pending.write() { warnings.append(w) }
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        return Loaded(
            catalogue: catalogue, metadata: meta, bytes: size, modified: modified, warnings: warnings,
            pendingSnapshot: deferringSnapshot ? pending : nil)
    }

    /// The beers of the JSON file, its content hash when a snapshot or metadata needs it,
    /// its size and its metadata. A large file is mapped, and its pages let go as they
    /// are read: the hash sums each part of the file as the parse finishes it
    /// (``ChecksumAsRead``), so the file is read from memory once.
    private func readJSON(indexedOnly: Bool) throws(StoreError) -> (
        beers: [Beer], spans: [BeerSpan]?, recipes: RecipeColumns?, hash: String?, size: Int, meta: CatalogueMetadata?
    ) {
        let (data, mapped) = try Self.readFile(path, mappingFrom: mappingThreshold)
        // The content hash checks the metadata and keys a snapshot.
        let hashed = snapshots != nil || FileManager.default.fileExists(atPath: metadataPath)
        return try BusErrorGuard.guarding { () throws(StoreError) in
            // `Data.withUnsafeBytes` rethrows untyped errors: the typed one rides in a Result.
            try data.withUnsafeBytes { raw in
                Result { () throws(StoreError) in
                    try readJSON(data, raw, mapped: mapped, hashed: hashed, indexedOnly: indexedOnly)
                }
            }.get()
        }
    }

    /// ``readJSON(indexedOnly:)`` with `data`'s bytes at hand (`raw`).
    private func readJSON(
        _ data: Data, _ raw: UnsafeRawBufferPointer, mapped: MappedFile?, hashed: Bool, indexedOnly: Bool
    ) throws(StoreError) -> (
        beers: [Beer], spans: [BeerSpan]?, recipes: RecipeColumns?, hash: String?, size: Int, meta: CatalogueMetadata?
    ) {
        let checksum = hashed ? ChecksumAsRead(raw) : nil
        var consumed: (@Sendable (Range<Int>) -> Void)? = nil
        if let mapped {
            consumed = { range in
                guard let checksum else { return mapped.release(range) }
                for summed in checksum.read(range) { mapped.release(summed) }
            }
        } else if let checksum {
            consumed = { range in _ = checksum.read(range) }
        }
        let read: (beers: [Beer], spans: [BeerSpan]?, recipes: RecipeColumns?)
        do throws(CatalogueError) {
            read = try CatalogueDecoder.decodeLocatedArray(
                data, source: self.path, consumed: consumed, indexedOnly: indexedOnly)
        } catch {
            throw .invalid(error)
        }
        let (beers, spans, recipes) = read
        let hash = checksum.map { CatalogueMetadata.hash(checksum: $0.finish()) }
        let meta = hash.flatMap { metadata(bytes: data.count, hash: $0) }
        return (beers, spans, recipes, hash, data.count, meta)
    }

    /// The beers of the catalogue file, without building its indexes (to compare with a
    /// new one).
    ///
    /// - Throws: ``StoreError``, as ``load()``.
    package func readBeers() throws(StoreError) -> [Beer] {
        try beers(in: Self.readFile(path))
    }

    private func beers(in data: Data, consumed: (@Sendable (Range<Int>) -> Void)? = nil) throws(StoreError) -> [Beer] {
        do { return try CatalogueDecoder.decodeArray(data, source: path, consumed: consumed) } catch {
            throw .invalid(error)
        }
    }

    /// The sidecar metadata, if it describes the file with this size and content hash.
    func metadata(bytes: Int, hash: String) -> CatalogueMetadata? {
        guard let decoded = storedMetadata(), decoded.bytes == bytes, decoded.hash == hash else { return nil }
        return decoded
    }

    private func storedMetadata() -> CatalogueMetadata? {
        guard let m = try? Data(contentsOf: URL(fileURLWithPath: metadataPath)) else { return nil }
        return try? Self.decoder.decode(CatalogueMetadata.self, from: m)
    }

    /// Replaces the catalogue with `beers`, atomically: the new file is written beside
    /// the old one, flushed, then renamed over it, so a failure at any point leaves the
    /// previous catalogue as it was.
    ///
    /// - Returns: the metadata written.
    @discardableResult
    package func save(
        _ beers: [Beer], source: String, now: Date = Date(), layout: CatalogueDecoder.Layout = .pretty
    ) throws(StoreError) -> CatalogueMetadata {
        do { try CatalogueDecoder.validate(beers, source: source) } catch { throw .invalid(error) }
        let data: Data
        do { data = try CatalogueDecoder.encode(beers, layout: layout) } catch {
            throw StoreError.writeFailed(path: path, reason: "\(error)")
        }
        let meta = CatalogueMetadata(
            source: source, fetchedAt: now, count: beers.count, bytes: data.count, hash: CatalogueMetadata.hash(data))
        let dir = (path as NSString).deletingLastPathComponent
        do {
            if !dir.isEmpty { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        } catch {
            throw StoreError.writeFailed(path: path, reason: "cannot create folder '\(dir)'")
        }
        try Self.atomicWrite(data, to: path)
        if let m = try? Self.metadataEncoder.encode(meta) { try? Self.atomicWrite(m, to: metadataPath) }
        return meta
    }

    /// Reads beers to import from a JSON array file or a folder of one-beer JSON files
    /// (sorted by id). Nothing is written.
    package static func readImport(from source: String) throws(StoreError) -> [Beer] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDir) else {
            throw StoreError.sourceMissing(path: source)
        }
        if !isDir.boolValue {
            let data = try readFile(source)
            do { return try CatalogueDecoder.decodeArray(data, source: source) } catch { throw .invalid(error) }
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: source).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw StoreError.unreadable(path: source, reason: "cannot list the folder")
        }
        guard !names.isEmpty else { throw StoreError.noBeerFiles(path: source) }
        var beers: [Beer] = []
        for name in names {
            let file = source + "/" + name
            let data = try readFile(file)
            do { beers.append(try CatalogueDecoder.decodeOne(data, source: file)) } catch { throw .invalid(error) }
        }
        beers.sort { $0.id < $1.id }
        do { try CatalogueDecoder.validate(beers, source: source) } catch { throw .invalid(error) }
        return beers
    }

    // MARK: - Files

    static let metadataEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return d
    }()

    /// Reads a whole file with errors a user can act on.
    /// Only a regular file is read: a device (`/dev/zero`) never ends and a FIFO with no
    /// writer never answers.
    package static func readFile(_ path: String) throws(StoreError) -> Data {
        try readFile(path, mappingFrom: .max).data
    }

    /// Reads a whole file, as ``readFile(_:)``, refusing one of more than `largest` bytes
    /// before reading it (``StoreError/tooLarge(path:largest:)``).
    package static func readFile(_ path: String, largest: Int) throws(StoreError) -> Data {
        try readFile(path, mappingFrom: .max, largest: largest).data
    }

    /// Reads a whole file, as ``readFile(_:)``, or maps it when it has at least
    /// `threshold` bytes: then `data` holds the mapping's bytes (no copy), and `mapped`
    /// lets its pages go.
    static func readFile(_ path: String, mappingFrom threshold: Int, largest: Int = .max) throws(StoreError) -> (
        data: Data, mapped: MappedFile?
    ) {
        var st = stat()
        guard stat(path, &st) == 0 else { throw StoreError.missing(path: path) }
        if st.st_mode & S_IFMT == S_IFDIR { throw StoreError.isDirectory(path: path) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw StoreError.notAFile(path: path) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw StoreError.unreadable(path: path, reason: Self.reason(errno))
        }
        defer { close(fd) }
        // The size of the file opened (the path may have been replaced since the stat).
        if fstat(fd, &st) == 0, Int(st.st_size) > largest { throw StoreError.tooLarge(path: path, largest: largest) }
        if Int(st.st_size) >= threshold,
            let file = MappedFile(fd: fd, size: Int(st.st_size), populate: false)
        {
            let data = Data(bytesNoCopy: file.base, count: file.size, deallocator: .custom { _, _ in _ = file })
            return (data, file)
        }
        // Read straight into a buffer of the file's size (FileHandle.readToEnd grows one
        // chunk by chunk, copying as it goes); a file
        // that grows meanwhile is read to its end, one that shrinks is cut where it ends.
        var data = Data(count: max(Int(st.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(data.count / 2, 1 << 16) }
            let n = data.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress! + filled, min(buffer.count - filled, 1 << 30))
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw StoreError.unreadable(path: path, reason: Self.reason(errno))
            }
            if n == 0 { break }
            filled += n
        }
        data.count = filled
        if data.isEmpty { throw StoreError.emptyFile(path: path) }
        return (data, nil)
    }

    /// An `errno` as the end of a sentence ("permission denied").
    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Where writing `path` lands: the path itself, or what a symbolic link there points to;
    /// refused when that is something other than a regular file.
    static func writableTarget(_ path: String) throws(StoreError) -> String {
        var target = path
        var st = stat()
        if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK {
            if let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
            } else {
                // A link to a file not made yet: the file is made where the link points.
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = readlink(path, &buffer, buffer.count - 1)
                guard n > 0 else { throw StoreError.writeFailed(path: path, reason: "it is a symbolic link that cannot be read") }
                let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                target = link.hasPrefix("/") ? link : (path as NSString).deletingLastPathComponent + "/" + link
            }
        }
        if stat(target, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
            throw StoreError.writeFailed(path: path, reason: "it is not a regular file (a folder, device, pipe or socket)")
        }
        return target
    }

    /// Writes `data` to a temporary file in the same folder, flushes it to disk unless
    /// `durable` is false, and renames it over `path`.
    ///
    /// Only a regular file (or a new path) is replaced: a device, FIFO or socket at `path`
    /// is refused. A symbolic link is followed deliberately: the file it points to is
    /// replaced and the link stays.
    static func atomicWrite(_ data: some ContiguousBytes, to given: String, durable: Bool = true) throws(StoreError) {
        try atomicWrite(to: given, durable: durable) { write in
            data.withUnsafeBytes { write($0) }
            return nil
        }
    }

    /// Writes what `produce` gives its `write`, in order, as ``atomicWrite(_:to:durable:)``
    /// does; `produce` may return bytes to write over what it gave at an offset (a
    /// length or checksum known only at the end). What is written is never whole in
    /// memory.
    ///
    /// When `abandoned()` says so once `produce` is done (a Ctrl-C while it wrote), the
    /// temporary file is removed and what was at `path` stays: ``StoreError/abandoned(path:)``.
    static func atomicWrite(
        to given: String, durable: Bool = true, abandoned: () -> Bool = { false },
        _ produce: (_ write: (UnsafeRawBufferPointer) -> Void) -> (offset: Int, bytes: [UInt8])?
    ) throws(StoreError) {
        let path = try writableTarget(given)
        TemporaryFiles.sweep(beside: path)
        let tmp = TemporaryFiles.path(for: path)
        try TemporaryFiles.guarding(tmp) { () throws(StoreError) in
            let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard fd >= 0 else { throw StoreError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
            var failure: Int32? = nil
            // After a failed write the rest is not written (but still produced).
            func writeAll(_ raw: UnsafeRawBufferPointer, at offset: Int?) {
                guard failure == nil, let base = raw.baseAddress else { return }
                var off = 0
                while off < raw.count {
                    let n =
                        offset.map { pwrite(fd, base + off, raw.count - off, off_t($0 + off)) }
                        ?? write(fd, base + off, raw.count - off)
                    if n <= 0 {
                        if errno == EINTR { continue }
                        failure = n < 0 ? errno : ENOSPC
                        return
                    }
                    off += n
                }
            }
            if let patch = produce({ writeAll($0, at: nil) }) {
                patch.bytes.withUnsafeBytes { writeAll($0, at: patch.offset) }
            }
            if failure == nil && abandoned() {
                close(fd)
                unlink(tmp)
                throw StoreError.abandoned(path: path)
            }
            if failure == nil && durable && fsync(fd) != 0 { failure = errno }
            close(fd)
            if failure == nil && rename(tmp, path) != 0 { failure = errno }
            if let failure {
                unlink(tmp)
                throw StoreError.writeFailed(path: path, reason: String(cString: strerror(failure)))
            }
        }
    }
}
