import Glibc

/// A fast look into a folder (readdir, without Foundation), for tests that must catch a
/// file that exists for a few milliseconds.
public enum DirectoryScan {
    /// Whether `dir` holds an entry whose name starts with `prefix`.
    public static func hasEntry(in dir: String, prefix: String) -> Bool {
        guard let d = opendir(dir) else { return false }
        defer { closedir(d) }
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(prefix) { return true }
        }
        return false
    }
}
