import Foundation
import Synchronization

/// The temporary files an atomic write makes beside its target (`NAME.tmp-PID-N`), and
/// what removes them when the write cannot finish.
///
/// - SIGINT, SIGTERM and SIGHUP, while they would end the process (their handler is the
///   default one), first remove the files being written, then end it as before: Ctrl-C
///   during a fetch or `synth --out` leaves nothing behind. (The shell handles SIGINT
///   itself and is not ended by it; its write finishes.)
/// - A kill that cannot be caught (SIGKILL, a crash, power loss) leaves the file; the
///   next write to the same folder removes those of processes no longer running
///   (``sweep(beside:)``).
enum TemporaryFiles {
    /// Files being written now, as addresses of C strings (0: a free slot); read by the
    /// signal handler, which can take no lock.
    private static let slots = (0..<8).map { _ in Slot() }

    private final class Slot: Sendable {
        let address = Atomic<UInt>(0)
    }
    /// The signals whose default action ends the process.
    private static let signals = [SIGINT, SIGTERM, SIGHUP]
    private static let lock = NSLock()
    private nonisolated(unsafe) static var installed: [Int32: sigaction] = [:]
    private nonisolated(unsafe) static var writers = 0

    /// The temporary path for a write to `path`.
    static func path(for path: String) -> String {
        path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Runs `body` with `tmp` registered for removal if a signal ends the process.
    static func guarding<T, E: Error>(_ tmp: String, _ body: () throws(E) -> T) throws(E) -> T {
        let name = strdup(tmp)!
        let address = UInt(bitPattern: name)
        var slot: Int? = nil
        for i in slots.indices
        where slots[i].address.compareExchange(expected: 0, desired: address, ordering: .sequentiallyConsistent).exchanged {
            slot = i
            break
        }
        install()
        defer {
            uninstall()
            if let slot { slots[slot].address.store(0, ordering: .sequentiallyConsistent) }
            free(name)
        }
        return try body()
    }

    /// Puts the handler on every signal still at its default action (first writer only).
    private static func install() {
        lock.withLock {
            writers += 1
            guard writers == 1 else { return }
            for sig in signals {
                var old = sigaction()
                guard sigaction(sig, nil, &old) == 0, old.__sigaction_handler.sa_handler == nil else { continue }
                var new = sigaction()
                new.__sigaction_handler.sa_handler = handler
                sigemptyset(&new.sa_mask)
                new.sa_flags = 0
                if sigaction(sig, &new, nil) == 0 { installed[sig] = old }
            }
        }
    }

    /// Removes the files being written, then ends the process as the signal would have.
    private static let handler: @convention(c) (Int32) -> Void = { sig in
        for slot in TemporaryFiles.slots {
            let address = slot.address.load(ordering: .sequentiallyConsistent)
            if address != 0, let name = UnsafePointer<CChar>(bitPattern: address) { unlink(name) }
        }
        signal(sig, SIG_DFL)
        raise(sig)
    }

    /// Restores the signals' previous handlers (last writer only), where the handler is
    /// still this one: a handler put on meanwhile (the shell's Ctrl-C, installed while its
    /// first snapshot is written on another thread) is left as it is.
    private static func uninstall() {
        lock.withLock {
            writers -= 1
            guard writers == 0 else { return }
            for (sig, old) in installed {
                var current = sigaction()
                guard sigaction(sig, nil, &current) == 0, let now = current.__sigaction_handler.sa_handler,
                    unsafeBitCast(now, to: UnsafeRawPointer.self) == unsafeBitCast(handler, to: UnsafeRawPointer.self)
                else { continue }
                var old = old
                sigaction(sig, &old, nil)
            }
            installed = [:]
        }
    }

    /// Removes `NAME.tmp-PID-N` files beside `path` whose process is no longer running
    /// (left by a kill that could not be caught). Best effort.
    static func sweep(beside path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count).split(separator: "-")
            guard rest.count == 2, let pid = Int32(rest[0]), pid > 0, pid != getpid(), UInt32(rest[1]) != nil else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH { unlink(folder + "/" + name) }
        }
    }
}
