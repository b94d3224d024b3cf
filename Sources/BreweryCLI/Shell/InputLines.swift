import BreweryCore
import Glibc

/// Lines of a piped script, read from standard input with a bounded buffer.
///
/// A line longer than ``InputLimits/maximumLineBytes`` is read to its end but not kept
/// (a 10 GB line without a newline costs no memory); it comes back as ``Line/tooLong``.
struct InputLines {
    enum Line: Equatable {
        case text(String)
        /// A line over the limit, of this many bytes, skipped.
        case tooLong(Int)
    }

    private let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    private var start = 0
    private var end = 0
    private var atEnd = false

    init(fd: Int32 = STDIN_FILENO) { self.fd = fd }

    /// The next line without its `\n` (or `\r\n`); nil at the end of the input.
    mutating func next() -> Line? {
        var line: [UInt8] = []
        var length = 0
        while true {
            if start == end {
                if atEnd { break }
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    atEnd = true
                    break
                }
                start = 0
                end = n
            }
            let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
            let stop = newline ?? end
            length += stop - start
            if length <= InputLimits.maximumLineBytes + 1 { line += buffer[start..<stop] }
            start = newline.map { $0 + 1 } ?? end
            if newline != nil { return finish(line, length) }
        }
        return length == 0 && line.isEmpty ? nil : finish(line, length)
    }

    private func finish(_ bytes: [UInt8], _ length: Int) -> Line {
        var bytes = bytes
        var length = length
        if bytes.last == UInt8(ascii: "\r") {
            bytes.removeLast()
            length -= 1
        }
        if length > InputLimits.maximumLineBytes { return .tooLong(length) }
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}
