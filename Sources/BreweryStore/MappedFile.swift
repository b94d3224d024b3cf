import Foundation

/// A whole file mapped read-only into memory, unmapped when the last user lets go.
///
/// Snapshots are mapped rather than read: their indexes are used in place, and pages
/// come straight from the page cache without a copy. The store only ever replaces a
/// snapshot by renaming a new file over it, so a mapping never sees its file shrink.
final class MappedFile: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let size: Int

    /// Maps `size` bytes of the open file `fd` (the whole file), or nil if that fails.
    init?(fd: Int32, size: Int) {
        guard size > 0 else { return nil }
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_POPULATE  // fault every page in now, in one call
        #else
            let flags = MAP_PRIVATE
        #endif
        guard let p = mmap(nil, size, PROT_READ, flags, fd, 0), p != MAP_FAILED else { return nil }
        base = p
        self.size = size
    }

    deinit { munmap(base, size) }
}
