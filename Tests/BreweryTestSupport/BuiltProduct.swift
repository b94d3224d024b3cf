import Foundation

/// The executables of this build, for tests that run them as a user would.
public enum BuiltProduct {
    /// The path of product `name`, found beside the test bundle, else under `.build/debug`.
    public static func path(_ name: String) -> String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let p = candidate.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return SharedData.repositoryRoot.appendingPathComponent(".build/debug/" + name).path
    }
}
