import Foundation

/// Writes whole strings to a file descriptor with `write(2)`, retrying short writes and
/// interruptions, and reports failure (a full disk, a closed pipe) as an errno instead of
/// trapping as `FileHandle.write(_:)` does.
enum FileDescriptorWriter {
    /// Writes all of `text` to `fd`; nil when done, else the errno that stopped it.
    static func write(_ text: String, to fd: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { write($0, to: fd) }
    }

    /// Writes all of `bytes` to `fd`; nil when done, else the errno that stopped it.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress.map { $0 + done }, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }

    /// The system's words for `code`.
    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
