import BreweryTestSupport
import Foundation

/// Runs the built `brewery` binary, as a user would, and captures what it printed.
struct BinaryRunner {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
        var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
    }

    /// A private HOME (and XDG folders inside it), removed when the runner goes, so
    /// history, snapshots and the default catalogue never touch the real ones.
    private let folder = TemporaryFolder(prefix: "brewery-cli")
    var home: String { folder.path }

    static var binary: String { built("brewery") }

    /// A product of this build.
    static func built(_ name: String) -> String { BuiltProduct.path(name) }

    func run(
        _ args: [String], stdin: String? = nil, env extra: [String: String] = [:], binary: String = BinaryRunner.binary
    ) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        var env = [
            "HOME": home, "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "LANG": "C.UTF-8",
            "XDG_CACHE_HOME": home + "/.cache", "XDG_DATA_HOME": home + "/.local/share", "XDG_STATE_HOME": home + "/.local/state",
        ]
        // A sanitizer build's settings reach the binary too.
        for (k, v) in ProcessInfo.processInfo.environment where k.hasSuffix("SAN_OPTIONS") { env[k] = v }
        env.merge(extra) { _, b in b }
        p.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Both pipes are read at once: a child that fills one while the other is being read
        // would otherwise block forever.
        nonisolated(unsafe) var e = Data()
        let errors = OwnThreads.start { e = err.fileHandleForReading.readDataToEndOfFile() }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        errors.wait()
        p.waitUntilExit()
        return Result(
            stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self), status: p.terminationStatus)
    }

    func file(_ name: String, _ contents: String) -> String {
        let path = home + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(contents.utf8))
        return path
    }
}
