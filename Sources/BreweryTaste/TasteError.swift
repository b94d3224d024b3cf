/// Why the taste store could not be read or written, in one line a user can act on. The
/// file is never changed by a failed command.
package struct TasteError: Error, Equatable, CustomStringConvertible {
    /// The store's path.
    package var path: String
    /// What went wrong, in words.
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "taste store '\(path)': \(reason); it was left as it was" }
}
