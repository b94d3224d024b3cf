import Foundation

/// A folder of a test's own under the system's temporary directory, removed with
/// everything in it when the last reference goes (Swift Testing makes a suite value per
/// test, so a suite's folder lives as long as its test).
public final class TemporaryFolder: Sendable {
    /// The folder.
    public let path: String

    /// Creates `<tmp>/<prefix>-<uuid>`.
    public init(prefix: String) {
        path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
