import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The REPL on a pseudo-terminal, as a person at a terminal runs it: keys in, what the
/// terminal is sent out.
@Suite(.blockingWork) struct TerminalShellTests {
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

    /// The REPL over the fixture on a pseudo-terminal (`TERM=xterm`): keys in, output read
    /// as it comes.
    final class Session {
        let process = Process()
        let master: Int32
        let output = Locked(Data())

        init(_ runner: BinaryRunner) throws {
            let fixture = runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self))
            let (master, slavePath) = try TerminalShellTests.openTerminal()
            self.master = master
            guard let slave = FileHandle(forUpdatingAtPath: slavePath) else { throw CocoaError(.fileNoSuchFile) }
            let home = runner.home
            process.executableURL = URL(fileURLWithPath: BinaryRunner.binary)
            process.arguments = ["--catalogue", fixture]
            var env = [
                "HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm", "NO_COLOR": "1",
                "XDG_CACHE_HOME": home + "/.cache", "XDG_STATE_HOME": home + "/.local/state",
            ]
            for (k, v) in ProcessInfo.processInfo.environment where k.hasSuffix("SAN_OPTIONS") { env[k] = v }
            process.environment = env
            (process.standardInput, process.standardOutput, process.standardError) = (slave, slave, slave)
            try process.run()
            try slave.close()
            let output = self.output
            Thread {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = read(master, &buffer, buffer.count)
                    if n <= 0 { break }
                    output.withLock { $0.append(contentsOf: buffer[0..<n]) }
                }
            }.start()
        }

        deinit {
            if process.isRunning { process.terminate() }
            close(master)
        }

        /// Bytes the terminal was sent so far.
        var count: Int { output.withLock { $0.count } }

        /// What the terminal was sent after `from` bytes.
        func text(after from: Int) -> String { output.withLock { String(decoding: $0.dropFirst(from), as: UTF8.self) } }

        /// Waits (10 s at most) until what the terminal was sent after `from` bytes holds `text`.
        func waitFor(_ text: String, after from: Int = 0) -> Bool {
            for _ in 0..<200 {
                if self.text(after: from).contains(text) { return true }
                usleep(50_000)
            }
            return false
        }

        func type(_ keys: String) { _ = keys.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) } }

        /// Resizes the terminal and signals the REPL (it has no controlling terminal to do it).
        func resize(columns: UInt16) {
            var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
            kill(process.processIdentifier, SIGWINCH)
        }

        /// Whether the terminal is in canonical (cooked) mode, as a shell leaves it.
        var cooked: Bool {
            var t = termios()
            tcgetattr(master, &t)
            return t.c_lflag & tcflag_t(ICANON) != 0
        }

        /// Whether the REPL is stopped (state `T` in `/proc/<pid>/stat`).
        var stopped: Bool {
            let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
            return stat.split(separator: ")").last?.split(separator: " ").first == "T"
        }

        /// Waits for the prompt, types `text` and waits for it to be echoed; whether both came.
        func typeAtPrompt(_ text: String) -> Bool {
            guard waitFor("brewery> ") else { return false }
            type(text)
            return waitFor(text)
        }

        /// Leaves with `quit`; whether it ended with status 0.
        func quit() -> Bool {
            type("quit\r")
            for _ in 0..<200 where process.isRunning { usleep(50_000) }
            return !process.isRunning && process.terminationStatus == 0
        }
    }

    @Test func ctrlLClearsTheScreenAndTheLineIsKept() throws {
        let shell = try Session(runner)
        #expect(shell.typeAtPrompt("show 1"), "no prompt, or 'show 1' not echoed")
        let before = shell.count
        shell.type("\u{0C}")  // Ctrl-L
        // xterm's clear: cursor home, erase the screen; then the prompt and the line again.
        #expect(shell.waitFor("\u{1B}[H\u{1B}[2J", after: before), "Ctrl-L did not clear the screen")
        #expect(shell.waitFor("brewery> show 1", after: before), "the line is not drawn again after the clear")
        shell.type("\r")
        #expect(shell.waitFor("Lantern Lager", after: before), "the kept line did not run")
        #expect(shell.quit())
    }

    @Test func clearClearsTheScreenAndScrollback() throws {
        let shell = try Session(runner)
        #expect(shell.typeAtPrompt("clear"), "no prompt, or 'clear' not echoed")
        let before = shell.count
        shell.type("\r")
        #expect(shell.waitFor("\u{1B}[H\u{1B}[2J\u{1B}[3J", after: before), "clear did not clear the screen")
        #expect(shell.waitFor("brewery> ", after: before), "no prompt after clear")
        #expect(shell.quit())
    }

    @Test func aResizedTerminalGetsTheLineDrawnOnceFromTheStartOfTheLine() throws {
        let shell = try Session(runner)
        #expect(shell.typeAtPrompt("show 1"), "no prompt, or 'show 1' not echoed")
        let before = shell.count
        shell.resize(columns: 60)
        #expect(shell.waitFor("brewery> show 1", after: before), "the line is not drawn again after the resize")
        // Back to the start of the line and cleared below before the prompt is drawn again
        // (it was drawn after the line: "brewery> show 1brewery> show 1").
        let redraw = shell.text(after: before)
        let prompt = redraw.range(of: "brewery> ")
        let back = redraw.range(of: "\r\u{1B}[J")
        #expect(back != nil && prompt != nil && back!.lowerBound < prompt!.lowerBound, "\(redraw.debugDescription)")
        shell.type("\r")
        #expect(shell.waitFor("Lantern Lager", after: before), "the line did not run after the resize")
        #expect(shell.quit())
    }

    /// Ctrl-C that comes while readline works on a key, not while it waits for one,
    /// still clears the line. It used to be taken by the handler with no wait to
    /// interrupt, and was lost until another signal came. The signal is sent as the key
    /// is, so it often lands while the key is worked on; each time it must be acted on.
    @Test func ctrlCAsAKeyIsWorkedOnIsNotLost() throws {
        let shell = try Session(runner)
        #expect(shell.typeAtPrompt("show 1"), "no prompt, or 'show 1' not echoed")
        for round in 1...30 {
            let before = shell.count
            shell.type("x")
            kill(shell.process.processIdentifier, SIGINT)
            guard shell.waitFor("^C", after: before) else {
                Issue.record("Ctrl-C sent with a key was lost (round \(round))")
                break
            }
        }
        #expect(shell.quit())
    }

    @Test func ctrlZGivesTheTerminalBackAndFgTakesItAgainWithTheLine() throws {
        let shell = try Session(runner)
        #expect(shell.typeAtPrompt("sho"), "no prompt, or 'sho' not echoed")
        #expect(!shell.cooked, "readline reads in raw mode")
        let before = shell.count
        // Ctrl-Z (sent as the terminal would; the REPL has no controlling terminal here).
        kill(shell.process.processIdentifier, SIGTSTP)
        // The kernel stops it, unless its process group is orphaned (a test runner's may
        // be): stop signals are then dropped and it goes straight on.
        var stopped = false
        for _ in 0..<40 where !stopped {
            usleep(50_000)
            stopped = shell.stopped
        }
        if stopped {
            #expect(shell.cooked, "the terminal is given back in the mode it was in before the line was read")
            var t = termios()
            tcgetattr(shell.master, &t)
            tcsetattr(shell.master, TCSANOW, &t)  // as a shell puts its own modes back
        }
        kill(shell.process.processIdentifier, SIGCONT)
        #expect(shell.waitFor("brewery> sho", after: before), "the prompt and line are not drawn again (stopped: \(stopped))")
        #expect(!shell.cooked, "the terminal is taken again in raw mode")
        shell.type("w 1\r")
        #expect(shell.waitFor("Lantern Lager", after: before), "the line did not go on")
        #expect(shell.quit())
    }
}
