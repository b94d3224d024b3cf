import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// The human output (at 80 columns) and the `--json` output of every read command,
/// compared byte for byte with files recorded before a change.
///
/// On the invented fixture the recorded output is kept whole in `Golden/fixture/`. On
/// the real v2 catalogue only a digest of each output is kept (`Golden/real-v2.digests`):
/// the DIY Dog data is not ours to copy into the repository, and a digest still proves
/// the output unchanged. A mismatch writes what was printed to a temporary folder named
/// in the failure, to diff by hand. `BREWERY_RECORD_GOLDEN=1 swift test --filter
/// GoldenOutput` records anew (review the diff before committing).
@Suite(.blockingWork) struct GoldenOutputTests {
    /// The commands, each once as a table at 80 columns and once as JSON.
    static let fixtureCases: [(String, [String])] = [
        ("show-3", ["show", "3"]),
        ("show-name", ["show", "lantern", "lager", "reserve"]),
        ("show-recipe-missing", ["show", "3", "--recipe"]),
        ("search-lantern", ["search", "lantern"]),
        ("search-typo", ["search", "hashtg"]),
        ("search-none", ["search", "zzqx"]),
        ("list", ["list"]),
        ("list-page-2", ["list", "--page", "2", "--per-page", "3"]),
        ("list-past-end", ["list", "--page", "9"]),
        ("stats", ["stats"]),
        ("like-1", ["recommend", "like", "1"]),
        ("like-3-explain", ["recommend", "like", "3", "--explain"]),
        ("like-filters", ["recommend", "like", "2", "--abv-gt", "5", "--limit", "3", "--weights", "abv=2,ibu=1,ebc=1,food=1"]),
        ("food-tacos", ["recommend", "food", "tacos"]),
        ("food-chocolate", ["recommend", "food", "chocolate", "--limit", "2"]),
        ("food-explain", ["recommend", "food", "chicken", "tacos", "--explain"]),
        ("food-partial", ["recommend", "food", "chicken", "haggis"]),
        ("food-none", ["recommend", "food", "poutine"]),
        ("food-typo", ["recommend", "food", "venisson"]),
    ]

    static let realCases: [(String, [String])] = [
        ("show-192", ["show", "192"]),
        ("show-name", ["show", "hello", "my", "name", "is", "ze"]),
        ("show-recipe-scaled", ["show", "192", "--recipe", "--batch", "5gal", "--units", "us"]),
        ("search-punk", ["search", "punk"]),
        ("search-typo", ["search", "punk", "ipaa"]),
        ("list", ["list"]),
        ("list-page-13", ["list", "--page", "13"]),
        ("stats", ["stats"]),
        ("like-192", ["recommend", "like", "192"]),
        ("like-192-explain", ["recommend", "like", "192", "--explain", "--limit", "3"]),
        ("like-filters", ["recommend", "like", "106", "--ibu-lt", "50", "--weights", "abv=1,ibu=2,ebc=1,food=0"]),
        ("food-chicken-tacos", ["recommend", "food", "chicken", "tacos"]),
        ("food-all", ["recommend", "food", "cheese", "--limit", "0"]),
        ("food-partial", ["recommend", "food", "haggis", "tacos"]),
        ("food-none", ["recommend", "food", "poutine"]),
        ("food-typo", ["recommend", "food", "venisson"]),
    ]

    static let goldenFolder = SharedData.repositoryRoot.appendingPathComponent("Tests/BreweryCLITests/Golden")
    static var recording: Bool { ProcessInfo.processInfo.environment["BREWERY_RECORD_GOLDEN"] == "1" }

    let runner = BinaryRunner()

    /// What a command printed, made independent of the machine: the temporary home and
    /// dates replaced by placeholders.
    func output(_ args: [String], catalogue: String, columns: Int = 80) throws -> String {
        let r = try runner.run(["--catalogue", catalogue] + args, env: ["COLUMNS": String(columns)])
        var text = r.stdout + (r.stderr.isEmpty ? "" : "--- stderr\n" + r.stderr) + "--- exit \(r.status)\n"
        text = text.replacingOccurrences(of: runner.home, with: "$HOME")
        text = text.replacingOccurrences(of: catalogue, with: "$CATALOGUE")
        text = text.replacingOccurrences(
            of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#, with: "$DATE", options: .regularExpression)
        return text
    }

    /// Every case twice: as the table and as JSON.
    static func expand(_ cases: [(String, [String])]) -> [(String, [String])] {
        cases.flatMap { [($0.0 + ".txt", $0.1), ($0.0 + ".json", $0.1 + ["--json"])] }
    }

    @Test func fixtureOutputIsUnchanged() throws {
        let catalogue = runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self))
        let folder = Self.goldenFolder.appendingPathComponent("fixture")
        var mismatches: [String] = []
        for (name, args) in Self.expand(Self.fixtureCases) {
            let got = try output(args, catalogue: catalogue)
            let file = folder.appendingPathComponent(name)
            if Self.recording {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(got.utf8).write(to: file)
                continue
            }
            let want = try? String(contentsOf: file, encoding: .utf8)
            if want != got {
                let saved = Self.keep(got, name)
                mismatches.append("\(name) (printed now: \(saved))")
            }
        }
        #expect(mismatches.isEmpty, "output differs from Golden/fixture: \(mismatches.joined(separator: "; "))")
    }

    @Test(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"))
    func realCatalogueOutputIsUnchanged() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let file = Self.goldenFolder.appendingPathComponent("real-v2.digests")
        var lines: [String] = []
        var mismatches: [String] = []
        let want = Self.recording ? [:] : try OutputDigest.read(file)
        for (name, args) in Self.expand(Self.realCases) {
            let got = try output(args, catalogue: SharedData.punkAPI("v2"))
            let digest = OutputDigest.of(got.utf8)
            lines.append("\(digest)  \(name)  \(args.joined(separator: " "))")
            if !Self.recording && want[name] != digest {
                let saved = Self.keep(got, name)
                mismatches.append("\(name) (printed now: \(saved))")
            }
        }
        if Self.recording {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        }
        #expect(mismatches.isEmpty, "output differs from Golden/real-v2.digests: \(mismatches.joined(separator: "; "))")
    }

    /// The widths a table is fitted to: the narrowest a terminal is taken to be, and some
    /// common ones.
    static let widths = [40, 60, 80, 120]

    /// Commands whose tables change with the width.
    static let widthCases: [(String, [String])] = [
        ("like-1", ["recommend", "like", "1", "--limit", "3"]), ("like-3-explain", ["recommend", "like", "3", "--explain"]),
        ("food-tacos", ["recommend", "food", "tacos"]), ("search-lantern", ["search", "lantern"]), ("list", ["list"]),
        ("show-3", ["show", "3"]), ("stats", ["stats"]), ("ingredients", ["ingredients", "hops"]),
    ]

    /// At every width, the fixture's output as recorded (`Golden/fixture-widths/`), and no
    /// line wider than the terminal: a table that cannot fit shows its records expanded.
    @Test(arguments: widths)
    func fixtureOutputFitsEachWidth(_ columns: Int) throws {
        let catalogue = runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self))
        let folder = Self.goldenFolder.appendingPathComponent("fixture-widths")
        var mismatches: [String] = []
        for (name, args) in Self.widthCases {
            let got = try output(args, catalogue: catalogue, columns: columns)
            for line in got.split(separator: "\n") where !line.hasPrefix("--- ") {
                #expect(line.count <= columns, "\(name) at \(columns): \(line)")
            }
            let file = folder.appendingPathComponent("\(name)-\(columns).txt")
            if Self.recording {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(got.utf8).write(to: file)
                continue
            }
            if (try? String(contentsOf: file, encoding: .utf8)) != got {
                mismatches.append("\(name)-\(columns) (printed now: \(Self.keep(got, "\(name)-\(columns).txt")))")
            }
        }
        #expect(mismatches.isEmpty, "output differs from Golden/fixture-widths: \(mismatches.joined(separator: "; "))")
    }

    /// The real catalogue's long names, pairings and reasons fit every width too.
    @Test(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"), arguments: widths)
    func realCatalogueOutputFitsEachWidth(_ columns: Int) throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        for (name, args) in Self.realCases {
            let got = try output(args, catalogue: SharedData.punkAPI("v2"), columns: columns)
            for line in got.split(separator: "\n") where !line.hasPrefix("--- ") {
                #expect(line.count <= columns, "\(name) at \(columns): \(line)")
            }
        }
    }

    /// Saves what a failing case printed where it outlives the test, for diffing.
    static func keep(_ text: String, _ name: String) -> String {
        let dir = NSTemporaryDirectory() + "brewery-golden-mismatches"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }
}
