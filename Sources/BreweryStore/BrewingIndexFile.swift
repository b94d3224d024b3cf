import BreweryCore
import Foundation

/// A catalogue's ``BrewingIndex`` kept beside its snapshot (`<hash>.brewing` in the
/// snapshot folder), so each run after the first finds every beer's BJCP style and recipe
/// checks instead of building them (which takes seconds at a million beers).
///
/// Its key is the catalogue JSON's content hash and the bundled data's fingerprint; with
/// the beer count and ``BrewingIndex/version`` in the bytes, an index of another file's
/// content, other data or another classifier is not read, and is replaced when the
/// index is next built. It is a cache, like the snapshot: deleting it is always safe.
struct BrewingIndexFile: BrewingIndexKeeper {
    /// The file.
    let path: String
    /// The catalogue and data it is of.
    let key: String

    func kept(count: Int) -> BrewingIndex? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        // A count's index is some 3 bytes a beer and a short header: anything far larger
        // is not one.
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size > 0,
            Int(st.st_size) <= count * 3 + 4096
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        let read = bytes.withUnsafeMutableBytes { PositionedRead.fill($0.baseAddress!, count: $0.count, from: fd, at: 0) }
        guard read else { return nil }
        return bytes.withUnsafeBytes { BrewingIndex(bytes: $0, key: key, count: count) }
    }

    func keep(_ index: BrewingIndex) {
        // No fsync: one cut short fails its checksum and is built again.
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? CatalogueStore.atomicWrite(index.bytes(key: key), to: path, durable: false)
    }
}

extension CatalogueSnapshotCache {
    /// Where the brewing index of the catalogue at `path`, whose content hash is
    /// `jsonHash`, is kept.
    func brewingIndexFile(for path: String, jsonHash: String) -> BrewingIndexFile {
        BrewingIndexFile(
            path: directory + "/" + Self.fileName(path) + ".brewing", key: jsonHash + " " + data)
    }
}
