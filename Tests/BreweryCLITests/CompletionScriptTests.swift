import BreweryCore
import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// The completion scripts `brewery --generate-completion-script` writes, loaded into a
/// real bash, zsh and fish in a pseudo-terminal, completing a beer name across its
/// spaces: `brewery show Pun<TAB>I<TAB>` must reach `Punk\ IPA\ 20`. A shell that is not
/// installed is skipped here and required in CI (.ci/run installs them).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 drives the pty"), .blockingWork)
struct CompletionScriptTests {
    let runner = BinaryRunner()

    static func installed(_ shell: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") }

    /// The fixture with two beers whose names share words, as the real Punk IPAs do.
    var catalogue: String {
        var beers = Fixtures.beers
        beers[0].name = "Punk IPA 2007 - 2010"
        beers[1].name = "Punk IPA 2010 - Current"
        beers[2].name = "Punk Monk"
        return runner.file("punks.json", String(decoding: Fixtures.json(beers), as: UTF8.self))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func aBeerNameCompletesAcrossItsSpaces(_ shell: String) throws {
        try #require(Self.installed(shell) || !SharedData.isCI, "CI installs \(shell)")
        guard Self.installed(shell) else { return }
        let dir = runner.home + "/\(shell)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let script = try runner.run(["--generate-completion-script", shell]).stdout
        let binDir = (BinaryRunner.binary as NSString).deletingLastPathComponent
        let argv: [String]
        switch shell {
        case "bash":
            try script.write(toFile: dir + "/brewery.bash", atomically: true, encoding: .utf8)
            try "source \(dir)/brewery.bash\nPS1='$ '\n".write(toFile: dir + "/rc", atomically: true, encoding: .utf8)
            argv = ["bash", "--noprofile", "--rcfile", dir + "/rc", "-i"]
        case "zsh":
            try script.write(toFile: dir + "/_brewery", atomically: true, encoding: .utf8)
            try "fpath=(\(dir) $fpath)\nautoload -Uz compinit && compinit -u -d \(dir)/.zcompdump\nPS1='%% '\n".write(
                toFile: dir + "/.zshrc", atomically: true, encoding: .utf8)
            argv = ["zsh", "-i"]
        default:
            try script.write(toFile: dir + "/brewery.fish", atomically: true, encoding: .utf8)
            argv = ["fish", "-N", "-C", "source \(dir)/brewery.fish"]
        }
        let environment = [
            "PATH": binDir + ":/usr/bin:/bin", "BREWERY_CATALOGUE": catalogue, "ZDOTDIR": dir, "HOME": runner.home,
            "XDG_CACHE_HOME": runner.home + "/cache", "XDG_CONFIG_HOME": dir, "XDG_DATA_HOME": dir, "TERM": "xterm",
            "LANG": "C.UTF-8",
        ]
        let screen = try Self.type(["brewery show Pun\t", "I\t"], into: argv, environment: environment)
        #expect(screen.contains("Punk\\ IPA\\ 20"), "\(shell): \(screen)")
    }

    /// What the shell showed after each key, escapes removed.
    static func type(_ keys: [String], into argv: [String], environment: [String: String]) throws -> String {
        let driver = #"""
            import json, os, pty, re, select, sys, time
            argv, keys, env = json.loads(sys.argv[1]), json.loads(sys.argv[2]), json.loads(sys.argv[3])
            pid, fd = pty.fork()
            if pid == 0:
                os.environ.clear()
                os.environ.update(env)
                os.execvp(argv[0], argv)
            \#(PseudoTerminal.drain)
            drain(3)
            for k in keys:
                os.write(fd, k.encode())
                drain(3)
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            text = out.decode("utf-8", "replace")
            text = re.sub(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>])", "", text)
            print(re.sub(r"[\x00-\x09\x0b-\x1f]", "", text))
            """#
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        func json(_ v: Any) throws -> String { String(decoding: try JSONSerialization.data(withJSONObject: v), as: UTF8.self) }
        p.arguments = ["-c", driver, try json(argv), try json(keys), try json(environment)]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
