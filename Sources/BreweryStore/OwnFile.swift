import Foundation

/// Whether a path is safe to keep a user's own file at (the shell's history): nothing
/// there yet, or a regular file of the user's own, the link itself not followed.
package enum OwnFile {
    /// False when `path` is a symbolic link, something other than a regular file, or
    /// someone else's file; true when it is none of these or does not exist.
    package static func isUsable(_ path: String) -> Bool {
        var st = stat()
        guard lstat(path, &st) == 0 else { return true }
        return st.st_mode & S_IFMT == S_IFREG && st.st_uid == geteuid()
    }
}
