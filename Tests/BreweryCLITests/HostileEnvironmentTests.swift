import BreweryCore
import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// A full disk, an unwritable cache or history, a damaged or forged snapshot: a one-line
/// warning or error, the answer where one can be given, nothing stored damaged.
@Suite(.blockingWork) struct HostileEnvironmentTests {
    let runner = BinaryRunner()
    var fixture: String { runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self)) }

    func snapshotFile() throws -> String {
        let dir = runner.home + "/.cache/brewery/snapshots"
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".bin") }
        return dir + "/" + (try #require(names.first))
    }

    @Test(arguments: ["damaged", "forged"])
    func aBadSnapshotIsSaidAndReplacedAndTheAnswerIsRight(_ kind: String) throws {
        let catalogue = fixture
        let good = try runner.run(["--catalogue", catalogue, "recommend", "like", "1"])
        let path = try snapshotFile()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        if kind == "damaged" {
            bytes[bytes.count - 9] ^= 0x55
        } else {
            // A beer count far past the file, with the checksum made to match.
            let header = try bytes.withUnsafeBytes { raw throws(CatalogueSnapshot.ReadError) in
                try CatalogueSnapshot.header(of: raw)
            }
            let countAt = (16 + header.count + 7) / 8 * 8 + 16
            bytes.withUnsafeMutableBytes { $0.storeBytes(of: Int64(1 << 40).littleEndian, toByteOffset: countAt, as: Int64.self) }
            CatalogueSnapshot.reseal(&bytes)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let again = try runner.run(["--catalogue", catalogue, "recommend", "like", "1"])
        #expect(again.status == 0 && again.stdout == good.stdout)
        #expect(again.stderr.contains("warning: ignored the damaged snapshot cache"))
        #expect(again.stderr.split(separator: "\n").count == 1)
        let third = try runner.run(["--catalogue", catalogue, "recommend", "like", "1"])
        #expect(third.stderr.isEmpty && third.stdout == good.stdout, "the snapshot was replaced")
    }

    /// A one-shot first run answers, then writes the snapshot: also after a command that
    /// fails (the catalogue was read all the same); a cache it cannot write is said after
    /// the answer, in one line.
    @Test func aFirstRunWritesItsSnapshotAfterAnsweringRightOrWrong() throws {
        let catalogue = fixture
        let wrong = try runner.run(["--catalogue", catalogue, "show", "99999"])
        #expect(wrong.status == 1 && wrong.stderr.contains("no beer with id 99999"))
        #expect(try FileManager.default.fileExists(atPath: snapshotFile()))
        let again = try runner.run(["--catalogue", catalogue, "show", "1", "--json"])
        #expect(again.status == 0 && again.stderr.isEmpty && again.stdout.contains("Lantern Lager"))
        // A file where the cache folder goes.
        try FileManager.default.removeItem(atPath: runner.home + "/.cache/brewery/snapshots")
        try Data().write(to: URL(fileURLWithPath: runner.home + "/.cache/brewery/snapshots"))
        let blocked = try runner.run(["--catalogue", catalogue, "show", "1", "--json"])
        #expect(blocked.status == 0 && blocked.stdout == again.stdout)
        #expect(
            blocked.stderr.split(separator: "\n") == [
                "brewery: warning: cannot create the snapshot cache folder '\(runner.home)/.cache/brewery/snapshots'"
            ])
    }

    /// The shell writes the snapshot of a catalogue it read from JSON on another thread,
    /// answering meanwhile: it is on disk once the shell ends (the shell waits for it),
    /// and a cache it cannot write is said once, in one line, between the answers.
    @Test func theShellWritesItsFirstSnapshotWhileItAnswers() throws {
        let catalogue = fixture
        let script = "show 1 --json\nrecommend like 1 --limit 1\nshow 2 --json\n"
        let first = try runner.run(["--catalogue", catalogue], stdin: script)
        #expect(first.status == 0 && first.stderr.isEmpty && first.stdout.contains("Lantern Lager"))
        #expect(try FileManager.default.fileExists(atPath: snapshotFile()))
        let again = try runner.run(["--catalogue", catalogue], stdin: script)
        #expect(again.status == 0 && again.stderr.isEmpty && again.stdout == first.stdout)
        // A file where the cache folder goes.
        try FileManager.default.removeItem(atPath: runner.home + "/.cache/brewery/snapshots")
        try Data().write(to: URL(fileURLWithPath: runner.home + "/.cache/brewery/snapshots"))
        let blocked = try runner.run(["--catalogue", catalogue], stdin: script)
        #expect(blocked.status == 0 && blocked.stdout == first.stdout)
        #expect(
            blocked.stderr.split(separator: "\n") == [
                "brewery: warning: cannot create the snapshot cache folder '\(runner.home)/.cache/brewery/snapshots'"
            ])
    }

    /// A piped line of 20 MB (no memory kept for it) and a line of 20,000 words (the
    /// argument parser is quadratic in words) are each refused in one line, before
    /// parsing, and the script goes on. It took minutes before.
    @Test func hugeLinesAreRefusedBeforeParsing() throws {
        let script =
            String(repeating: "x", count: 20 * 1_048_576) + "\n" + "recommend food " + String(repeating: "a ", count: 20_000)
            + "\nshow 1\n"
        let r = try runner.run(["--catalogue", fixture], stdin: script)
        let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("brewery: error:") }
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.first?.contains("is 20971520 bytes long; the most a command may be is 65536") == true)
        #expect(errors.last?.contains("has 20002 words; the most is 256") == true)
        #expect(r.stdout.contains("Lantern Lager"))
        #expect(r.status != 0)
    }

    /// The same limit for a one-shot command's arguments: a usage error.
    @Test func aOneShotCommandOfThousandsOfWordsIsAUsageError() throws {
        let r = try runner.run(["--catalogue", fixture, "recommend", "food"] + Array(repeating: "cheese", count: 5_000))
        #expect(r.status == 64)
        #expect(r.stderr == "brewery: error: the command has 5004 words; the most is 256\n")
    }

    /// SIGTERM while `synth --out` writes its file removes the temporary file before the
    /// process ends (it stayed, up to hundreds of MB). The signal is sent the moment the
    /// temporary file appears; a try where the write finished first proves nothing, so
    /// up to five tries are made and one must catch the write.
    @Test func aSignalDuringAWriteLeavesNoTemporaryFile() throws {
        var caught = false
        for attempt in 0..<5 where !caught {
            let dir = runner.home + "/write-\(attempt)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            var env = ["HOME": runner.home, "PATH": "/usr/bin:/bin"]
            for (k, v) in ProcessInfo.processInfo.environment where k.hasSuffix("SAN_OPTIONS") { env[k] = v }
            let p = try SignalableProcess(
                BinaryRunner.binary, ["synth", "--count", "20000", "--out", dir + "/big.json"], environment: env)
            let deadline = Date().addingTimeInterval(120)
            var status: Int32? = nil
            // readdir, not FileManager: the write lasts a few milliseconds.
            while status == nil, Date() < deadline {
                if DirectoryScan.hasEntry(in: dir, prefix: "big.json.tmp-") {
                    kill(p.pid, SIGTERM)
                    break
                }
                status = p.poll()
                usleep(200)
            }
            let ended = status ?? p.wait()
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            #expect(!names.contains(where: { $0.contains(".tmp-") }), "\(names)")
            caught = SignalableProcess.signal(of: ended) == SIGTERM && !names.contains("big.json")
        }
        #expect(caught, "no try caught the write in progress")
    }

    @Test func anUnwritableCacheIsAWarningAndTheAnswerStands() throws {
        let r = try runner.run(["--catalogue", fixture, "show", "1"], env: ["XDG_CACHE_HOME": "/proc/brewery-nope"])
        #expect(r.status == 0 && r.stdout.hasPrefix("Lantern Lager"))
        #expect(r.stderr.hasPrefix("brewery: warning: cannot create the snapshot cache folder"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func aFullDiskIsOneLineAndStatusOne() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: BinaryRunner.binary)
        p.arguments = ["--catalogue", fixture, "list"]
        p.environment = ["HOME": runner.home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        p.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        p.standardError = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(message == "brewery: error: cannot write the output: No space left on device\n")
    }

    @Test func aDeviceOrAFIFOIsNoCatalogue() throws {
        let fifo = runner.home + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in ["/dev/zero", fifo] {
            let r = try runner.run(["--catalogue", path, "show", "1"])
            #expect(r.status == 1 && r.stderr.contains("is not a regular file"), "\(path): \(r.stderr)")
        }
    }

    @Test func writingNeverReplacesADeviceAndFollowsALinkOnPurpose() throws {
        let device = try runner.run(["synth", "--count", "3", "--out", "/dev/null"])
        #expect(device.status == 1 && device.stderr.contains("not a regular file"))
        var st = stat()
        #expect(stat("/dev/null", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
        let link = runner.home + "/link.json"
        let target = runner.home + "/target.json"
        #expect(symlink(target, link) == 0)
        for count in ["3", "4"] {
            #expect(try runner.run(["synth", "--count", count, "--out", link]).status == 0)
        }
        #expect(lstat(link, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK, "the link stays a link")
        let beers = try CatalogueDecoder.decodeArray(Data(contentsOf: URL(fileURLWithPath: target)), source: target)
        #expect(beers.count == 4)
    }

    @Test func aPipedScriptLeavesAnUnwritableHistoryAlone() throws {
        let r = try runner.run(
            ["--catalogue", fixture], stdin: "show 1\nshow 2\n", env: ["BREWERY_HISTORY": "/proc/brewery-nope/history"])
        #expect(r.status == 0 && r.stdout.contains("Lantern Lager Reserve") && r.stderr.isEmpty)
    }

    @Test(arguments: [
        ["recommend", "food", "chicken", "--limit", "9223372036854775806"],
        ["recommend", "like", "1", "--limit", "9223372036854775807", "--offset", "9223372036854775807"],
        ["list", "--page", "9223372036854775807", "--per-page", "1000"],
        ["search", "lager", "--limit", "9223372036854775807"],
    ])
    func hugeNumbersGiveAnAnswer(_ args: [String]) throws {
        let r = try runner.run(["--catalogue", fixture] + args)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
    }

    @Test func hugeNumbersInTheShellGiveAnswers() throws {
        let r = try runner.run(
            ["--catalogue", fixture],
            stdin: "set limit 9223372036854775806\nrecommend food chicken\nmore\nlist --page 9223372036854775807\nmore\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Lantern Lager Reserve") && r.stdout.contains("No more results."))
    }
}
