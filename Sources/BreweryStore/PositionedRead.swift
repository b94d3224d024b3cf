import Foundation

/// Reads of an open file at an offset, as the store does them.
enum PositionedRead {
    /// Fills `count` bytes at `destination` from `fd` at `offset`, going on after an
    /// interrupted or short read; false on an error or if the file ends first.
    static func fill(_ destination: UnsafeMutableRawPointer, count: Int, from fd: Int32, at offset: Int) -> Bool {
        var done = 0
        while done < count {
            let n = pread(fd, destination + done, count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}
