import Glibc

/// A child process started with no signal blocked and every signal at its default action.
///
/// Foundation's `Process` passes on the calling thread's signal mask, and a test runs on
/// a pool thread that blocks SIGINT, SIGTERM and SIGHUP, so a child it starts cannot be
/// signalled; tests of what a signal does start the child with this instead.
public struct SignalableProcess {
    public let pid: pid_t

    /// Starts `path` with `arguments` and `environment`, its output discarded.
    public init(_ path: String, _ arguments: [String], environment: [String: String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var child = pid_t()
        let rc = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw SpawnError(code: rc) }
        pid = child
    }

    public struct SpawnError: Error {
        public var code: Int32
    }

    /// Its wait status once it has ended (reaping it), else nil.
    public func poll() -> Int32? {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid ? status : nil
    }

    /// Waits for it to end; its wait status.
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    /// The signal that ended a process of wait status `status`, or nil if it exited.
    public static func signal(of status: Int32) -> Int32? {
        let signal = status & 0x7F
        return signal != 0 && signal != 0x7F ? signal : nil
    }
}
