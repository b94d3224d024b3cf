import Foundation

/// One version of a file on disk: device, inode, size and modification time. A file
/// replaced by a rename (as `fetch` does) gets a new inode; one edited in place, a new
/// size or time. Compared before each shell command, for the cost of one `stat`.
package struct FileVersion: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package var seconds: Int64
    package var nanoseconds: Int64

    /// The version of the file at `path`, or nil when there is none.
    package init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        seconds = Int64(st.st_mtim.tv_sec)
        nanoseconds = Int64(st.st_mtim.tv_nsec)
    }
}
