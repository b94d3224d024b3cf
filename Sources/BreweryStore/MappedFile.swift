import Foundation

/// A whole file mapped read-only into memory, unmapped when the last user lets go.
///
/// A large catalogue JSON is mapped for its one read: its pages are let go as the reader
/// is done with them (``release(_:)``), so it never takes its size in memory. The read runs
/// under ``BusErrorGuard``: a file cut short meanwhile ends the command with one line.
/// Nothing mapped is kept after the read (snapshots are read into memory).
final class MappedFile: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let size: Int

    /// Maps `size` bytes of the open file `fd` (the whole file), or nil if that fails.
    /// With `populate` (a snapshot, used at once and kept) every page is mapped now, in
    /// one call; without, each as it is first read.
    init?(fd: Int32, size: Int, populate: Bool = true) {
        guard size > 0 else { return nil }
        #if os(Linux)
            let flags = populate ? MAP_PRIVATE | MAP_POPULATE : MAP_PRIVATE
        #else
            let flags = MAP_PRIVATE
        #endif
        guard let p = mmap(nil, size, PROT_READ, flags, fd, 0), p != MAP_FAILED else { return nil }
        base = p
        self.size = size
    }

    /// Lets go of the whole pages inside `range` (byte offsets): they leave the process's
    /// memory and stay in the page cache, and reading them again reads the file again.
    func release(_ range: Range<Int>) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(range.lowerBound, 0) + page - 1) / page * page
        let end = min(range.upperBound, size) / page * page
        guard start < end else { return }
        madvise(base + start, end - start, MADV_DONTNEED)
    }

    deinit { munmap(base, size) }
}
