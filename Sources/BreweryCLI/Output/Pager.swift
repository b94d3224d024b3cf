import CReadline
import Foundation

/// Shows output taller than the terminal through a pager, as git and psql do: `$PAGER`,
/// else `less -FRX` (quit at once if it fits, keep colours, leave the text on screen).
struct Pager: Sendable {
    /// The shell command that reads the text on its stdin.
    let command: String

    /// The pager the environment asks for: `$PAGER` when set (empty or `cat`: none), else
    /// `less -FRX` when `less` is on the `PATH`, else none.
    static func from(environment env: [String: String]) -> Pager? {
        if let pager = env["PAGER"] {
            let trimmed = pager.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : Pager(command: trimmed)
        }
        let path = (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard path.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/less") }) else { return nil }
        return Pager(command: "less -FRX")
    }

    /// Whether `text` takes more lines than `rows` (one row is left for the prompt).
    static func isTaller(_ text: String, than rows: Int) -> Bool {
        var lines = 0
        for b in text.utf8 where b == 0x0A {
            lines += 1
            if lines >= rows { return true }
        }
        return false
    }

    /// Runs the pager with `text` on its stdin and waits for it to end. False when it
    /// could not be started (the caller then writes the text itself); a pager quit before
    /// the end (`q` in less) is fine.
    func page(_ text: String) -> Bool {
        // A pager that quits early closes the pipe: that must be EPIPE here, not a signal
        // that ends Brewery.
        signal(SIGPIPE, SIG_IGN)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        // The pager gets the signals as a shell would give them: default SIGPIPE and
        // SIGINT, nothing blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(command), nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return false
        }
        let ignoring = brewery_sigint_ignore_if_default() == 1
        defer { if ignoring { brewery_sigint_default() } }
        let failure = FileDescriptorWriter.write(text, to: writeEnd)
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // 126/127: the shell found no such pager; nothing was shown.
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        _ = failure  // EPIPE: the pager quit before the end, as `q` does
        return !(exited && (code == 126 || code == 127))
    }
}
