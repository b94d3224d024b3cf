import BreweryCore
import Foundation

/// The catalogue JSON file held open, read by offset: where a snapshot's beers are read
/// from in full (``BeerSource``).
///
/// Held open, the file read is the one the snapshot was made from even if another is
/// renamed over its path later (as a fetch does); one edited in place is caught beer by
/// beer (``BeerSource`` checks each beer's id) and read again at the next load.
final class CatalogueFileSource: @unchecked Sendable {
    private let fd: Int32
    /// The file's size when opened (a span past it is refused before any allocation).
    private let size: Int

    /// The file at `identity`'s path, opened, if it is still the file `identity`
    /// describes.
    init?(_ identity: CatalogueSnapshotCache.FileIdentity) {
        let fd = open(identity.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0, UInt64(st.st_size) == identity.size, UInt64(st.st_dev) == identity.device,
            UInt64(st.st_ino) == identity.inode, Int64(st.st_mtim.tv_sec) == identity.modifiedSeconds,
            Int64(st.st_mtim.tv_nsec) == identity.modifiedNanoseconds
        else {
            close(fd)
            return nil
        }
        self.fd = fd
        size = Int(st.st_size)
    }

    /// `count` bytes from `offset`, or nil if the file ends before them or cannot be read.
    func read(_ offset: Int, _ count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= size - count else { return nil }
        guard count > 0 else { return [] }
        var read = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            read = PositionedRead.fill(base, count: count, from: fd, at: offset)
            initialized = read ? count : 0
        }
        return read ? bytes : nil
    }

    /// Reads beers from this file.
    var beers: BeerSource { BeerSource { [self] in self.read($0, $1) } }

    deinit { close(fd) }
}
