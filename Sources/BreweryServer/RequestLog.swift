import Foundation

/// One line per request on a file descriptor: method, target, status and milliseconds
/// (`GET /v2/beers?page=2 200 0.21 ms`). Lines from concurrent requests never interleave.
package final class RequestLog: Sendable {
    private let lock = NSLock()
    private let descriptor: Int32

    /// A log writing to `descriptor` (standard output by default).
    package init(descriptor: Int32 = 1) { self.descriptor = descriptor }

    /// Writes one request's line. Control characters in the target are shown as '?'.
    package func write(method: String, target: String, status: Int, elapsed: Duration) {
        let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        let shown = String(target.prefix(300).map { $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? "?" : $0 })
        let line = "\(method) \(shown) \(status) \(String(format: "%.2f", ms)) ms\n"
        lock.withLock {
            let bytes = Array(line.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if n <= 0 { break }
                offset += n
            }
        }
    }
}
