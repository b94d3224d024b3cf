import BreweryStore
import BreweryViews
import CReadline
import Foundation

/// Persistent REPL history: `$BREWERY_HISTORY` (empty turns saving off), else
/// `$XDG_STATE_HOME/brewery/history`, else `~/.local/state/brewery/history`.
///
/// Each accepted line is appended to the file at once (a crash loses nothing); blank
/// lines, lines starting with a space and consecutive duplicates are not kept; the file
/// is mode 0600 in a folder created on demand, and capped at ``limit`` lines.
struct History {
    static let limit = 1000
    /// Lines longer than this are not saved.
    static let longestLine = 1000
    /// The file, or nil when saving is off.
    let path: String?
    /// This session's view: lines loaded from the file, then new ones.
    private(set) var lines: [String] = []
    /// Whether a failure to save was already said.
    private var warned = false

    static func path(environment env: [String: String]) -> String? {
        if let explicit = env["BREWERY_HISTORY"] { return explicit.isEmpty ? nil : explicit }
        return XDGDirectory.state.path(environment: env) + "/brewery/history"
    }

    /// Loads the file into readline (when `useReadline`) and into ``lines``.
    ///
    /// Only a regular file of the user's own (or a new one) is used: a history path that
    /// is a symbolic link, something else than a file, or someone else's file is refused
    /// with a warning, so saving can never change another file's mode or cut it short.
    /// A piped session (no readline) reads the file but neither creates nor changes it.
    init(environment: [String: String], useReadline: Bool) {
        stifle_history(Int32(Self.limit))
        guard let wanted = Self.path(environment: environment) else {
            path = nil
            return
        }
        if !OwnFile.isUsable(wanted) {
            _ = FileDescriptorWriter.write(
                "brewery: warning: not saving history to '\(TerminalText.safe(wanted))': it is not a regular file of your own\n",
                to: STDERR_FILENO)
            path = nil
            return
        }
        path = wanted
        if useReadline {
            let dir = (wanted as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(
                atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let fd = open(wanted, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                fchmod(fd, 0o600)
                close(fd)
            }
        }
        if let text = try? String(contentsOfFile: wanted, encoding: .utf8) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
        if useReadline { _ = read_history(wanted) }
    }

    /// Records an accepted line.
    mutating func add(_ line: String, useReadline: Bool) {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasPrefix(" "), line != lines.last else { return }
        lines.append(line)
        if lines.count > Self.limit { lines.removeFirst(lines.count - Self.limit) }
        if useReadline { add_history(line) }
        guard let path else { return }
        let failed: Int32?
        if useReadline {
            let code = append_history(1, path)
            failed = code == 0 ? nil : code
        } else {
            // One write in append mode: two shells sharing the file interleave whole lines.
            let fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
            if fd < 0 {
                failed = errno
            } else {
                failed = FileDescriptorWriter.write(line.replacingOccurrences(of: "\n", with: " ") + "\n", to: fd)
                close(fd)
            }
        }
        if let failed, !warned {
            warned = true
            _ = FileDescriptorWriter.write(
                "brewery: warning: cannot save history to '\(path)': \(FileDescriptorWriter.describe(failed))\n",
                to: STDERR_FILENO)
        }
    }

    /// Caps the file at ``limit`` lines (at exit).
    func truncate() {
        guard let path else { return }
        _ = history_truncate_file(path, Int32(Self.limit))
    }
}
