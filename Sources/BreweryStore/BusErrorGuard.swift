import Foundation

/// Turns the bus error of reading a mapped file that another program cut short into a
/// one-line error and exit status 1, instead of a crash.
///
/// Reading a mapped page past the file's new end raises SIGBUS; nothing can resume
/// the read, so the handler says what happened and ends the process. It is installed
/// while a mapped catalogue file is read (in place of the Swift runtime's crash report),
/// and the previous handler put back after.
enum BusErrorGuard {
    private static let lock = NSLock()
    private nonisolated(unsafe) static var readers = 0
    private nonisolated(unsafe) static var previous: sigaction?

    /// What the handler writes to standard error.
    private static let message: StaticString =
        "brewery: error: a file being read was cut short by another program; run the command again\n"

    /// Runs `body` with the handler in place.
    static func guarding<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        install()
        defer { uninstall() }
        return try body()
    }

    private static func install() {
        lock.withLock {
            readers += 1
            guard readers == 1 else { return }
            var old = sigaction()
            var new = sigaction()
            new.__sigaction_handler.sa_handler = { _ in
                _ = write(2, BusErrorGuard.message.utf8Start, BusErrorGuard.message.utf8CodeUnitCount)
                _exit(1)
            }
            sigemptyset(&new.sa_mask)
            new.sa_flags = 0
            if sigaction(SIGBUS, &new, &old) == 0 { previous = old }
        }
    }

    private static func uninstall() {
        lock.withLock {
            readers -= 1
            guard readers == 0, var old = previous else { return }
            sigaction(SIGBUS, &old, nil)
            previous = nil
        }
    }
}
