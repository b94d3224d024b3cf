import Foundation

/// Memory of the process's own, page-aligned, that a snapshot is read into: no file is
/// behind it, so nothing another program does to the snapshot file reaches it.
///
/// Allocated as anonymous pages mapped all at once, so reading a large snapshot into it
/// does not stop at every page for the kernel to map it.
final class PrivateMemory: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let size: Int

    /// `size` bytes (more than 0), or nil when they cannot be had.
    init?(size: Int) {
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
        #else
            let flags = MAP_PRIVATE | MAP_ANONYMOUS
        #endif
        guard size > 0, let p = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), p != MAP_FAILED else { return nil }
        base = p
        self.size = size
    }

    deinit { munmap(base, size) }
}
