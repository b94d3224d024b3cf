import BreweryTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The REPL on a pseudo-terminal, as a person at a terminal runs it: keys in, what the
/// terminal is sent out.
@Suite struct TerminalShellTests {
    let runner = BinaryRunner()

    /// A pseudo-terminal of 80 × 24: the master's descriptor and the slave's path. Linux's
    /// own calls (`posix_openpt` and its kin are not visible from Swift's Glibc): unlock the
    /// slave (`TIOCSPTLCK`), ask its number (`TIOCGPTN`).
    static func openTerminal() throws -> (master: Int32, slave: String) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw CocoaError(.fileNoSuchFile) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            close(master)
            throw CocoaError(.fileNoSuchFile)
        }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        return (master, "/dev/pts/\(number)")
    }

    @Test func ctrlLClearsTheScreenAndTheLineIsKept() throws {
        let fixture = runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self))
        let (master, slavePath) = try Self.openTerminal()
        defer { close(master) }
        guard let slave = FileHandle(forUpdatingAtPath: slavePath) else { throw CocoaError(.fileNoSuchFile) }
        let home = runner.home
        let p = Process()
        p.executableURL = URL(fileURLWithPath: BinaryRunner.binary)
        p.arguments = ["--catalogue", fixture]
        var env = [
            "HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm", "NO_COLOR": "1",
            "XDG_CACHE_HOME": home + "/.cache", "XDG_STATE_HOME": home + "/.local/state",
        ]
        for (k, v) in ProcessInfo.processInfo.environment where k.hasSuffix("SAN_OPTIONS") { env[k] = v }
        p.environment = env
        (p.standardInput, p.standardOutput, p.standardError) = (slave, slave, slave)
        try p.run()
        try slave.close()

        let output = Locked(Data())
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(master, &buffer, buffer.count)
                if n <= 0 { break }
                output.withLock { $0.append(contentsOf: buffer[0..<n]) }
            }
        }
        reader.start()
        /// Waits (10 s at most) until what the terminal was sent after `from` bytes holds `text`.
        func waitFor(_ text: String, after from: Int = 0) -> Bool {
            for _ in 0..<200 {
                let seen = output.withLock { String(decoding: $0.dropFirst(from), as: UTF8.self) }
                if seen.contains(text) { return true }
                usleep(50_000)
            }
            return false
        }
        func type(_ keys: String) { _ = keys.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) } }
        defer { if p.isRunning { p.terminate() } }

        #expect(waitFor("brewery> "), "no prompt")
        type("show 1")
        #expect(waitFor("show 1"))
        let before = output.withLock { $0.count }
        type("\u{0C}")  // Ctrl-L
        // xterm's clear: cursor home, erase the screen; then the prompt and the line again.
        #expect(waitFor("\u{1B}[H\u{1B}[2J", after: before), "Ctrl-L did not clear the screen")
        #expect(waitFor("brewery> show 1", after: before), "the line is not drawn again after the clear")
        type("\r")
        #expect(waitFor("Lantern Lager", after: before), "the kept line did not run")
        type("quit\r")
        for _ in 0..<200 where p.isRunning { usleep(50_000) }
        #expect(!p.isRunning && p.terminationStatus == 0)
    }
}
