import Foundation

/// One line per request on a file descriptor: method, target, status and milliseconds
/// (`GET /v2/beers?page=2 200 0.21 ms`).
///
/// A request never waits on the log: lines go to a bounded buffer that a thread of the
/// log's own writes out. When the reader does not keep up (a full pipe, a stopped
/// terminal), lines past the buffer are dropped and counted, and a line saying how many
/// is written once the reader takes again. Lines never interleave.
package final class RequestLog: Sendable {
    private let condition = NSCondition()
    nonisolated(unsafe) private var pending: [UInt8] = []
    nonisolated(unsafe) private var dropped = 0
    /// Whether the writer holds bytes taken from `pending` and not yet written.
    nonisolated(unsafe) private var writing = false
    private let descriptor: Int32
    private let capacity: Int

    /// A log writing to `descriptor` (standard output by default), holding at most
    /// `capacity` bytes not yet written.
    package init(descriptor: Int32 = 1, capacity: Int = 1 << 20) {
        self.descriptor = descriptor
        self.capacity = capacity
        let thread = Thread { [self] in writeLines() }
        thread.name = "brewery.request-log"
        thread.start()
    }

    /// Queues one request's line. Control characters in the target are shown as '?'.
    package func write(method: String, target: String, status: Int, elapsed: Duration) {
        let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        let shown = String(target.prefix(300).map { $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? "?" : $0 })
        let line = Array("\(method) \(shown) \(status) \(String(format: "%.2f", ms)) ms\n".utf8)
        condition.lock()
        if pending.count + line.count <= capacity {
            pending += line
            condition.broadcast()
        } else {
            dropped += 1
        }
        condition.unlock()
    }

    /// Waits until the lines queued are written, or `seconds` have passed (a reader that
    /// stopped reading must not hold up the server's exit).
    package func flush(waitingAtMost seconds: Double = 1) {
        let end = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        while !pending.isEmpty || writing, condition.wait(until: end) {}
        condition.unlock()
    }

    /// How many lines were dropped so far because the reader did not keep up.
    package var droppedLines: Int { condition.withLock { dropped } }

    private func writeLines() {
        var said = 0
        while true {
            condition.lock()
            while pending.isEmpty && dropped == said { condition.wait() }
            var bytes = pending
            pending.removeAll(keepingCapacity: true)
            if dropped > said {
                bytes += Array("(\(dropped - said) request log lines dropped: the log's reader did not keep up)\n".utf8)
                said = dropped
            }
            writing = true
            condition.unlock()
            defer {
                condition.lock()
                writing = false
                condition.broadcast()
                condition.unlock()
            }
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    return  // the reader is gone: nothing more can be written
                }
                offset += n
            }
        }
    }
}
