import BreweryCore
import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// The REPL with stdin piped: no prompt, results on stdout, errors on stderr, status.
@Suite(.blockingWork) struct PipedShellTests {
    let runner = BinaryRunner()
    var fixture: String { runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self)) }

    @Test func linesRunInOrderWithNoPromptOrEscapes() throws {
        let r = try runner.run(["--catalogue", fixture], stdin: "show 1\nrecommend food tacos --limit 1\n")
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("Lantern Lager"))
        #expect(!r.stdout.contains("brewery>") && !r.stdout.contains("\u{1B}"))
        #expect(r.stderr.isEmpty)
    }

    @Test func theShellsOwnFormatOptionsSetEveryLinesFormat() throws {
        // `brewery --json` (the shell by default) and `brewery shell --format csv`: each line
        // prints in that format unless it asks for another.
        let json = try runner.run(["--catalogue", fixture, "--json"], stdin: "show 1\n")
        #expect(json.status == 0, "\(json.stderr)")
        #expect((json.json as? [String: Any])?["id"] as? Int == 1)
        let csv = try runner.run(
            ["shell", "--catalogue", fixture, "--format", "csv"], stdin: "list --per-page 2\nshow 1 --format table\n")
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("id,") == true && lines.count > 3)
        #expect(csv.stdout.contains("Lantern Lager") && !csv.stdout.contains("\"id\""))
        let expanded = try runner.run(["--catalogue", fixture, "-x"], stdin: "list --per-page 1\n")
        #expect(expanded.status == 0 && expanded.stdout.contains("-[ RECORD 1 ]"), "\(expanded.stdout)")
    }

    /// `--limit` is `list`'s page size too, so `set limit` sets it; without it, pages of 25.
    @Test func setLimitSetsListsPageSize() throws {
        let r = try runner.run(["--catalogue", fixture, "--format", "csv"], stdin: "list\nset limit 3\nlist\nlist --limit 5\n")
        let blocks = r.stdout.components(separatedBy: "id,name").dropFirst().map {
            $0.split(whereSeparator: \.isNewline).count - 1
        }
        #expect(blocks == [8, 3, 5], "\(r.stdout)")
    }

    /// With a dictionary (`BREWERY_WORDS`, else the system's), a real word is not read as
    /// a typo of a food word: "sunday gravy" is not "sundae gravy". ("sunday roast" is a
    /// food concept, a roast dinner.)
    @Test func aRealWordInAFoodQueryIsNotCorrected() throws {
        var beers = Fixtures.beers
        beers[0].foodPairing = ["Chocolate sundae"]
        beers[1].foodPairing = ["Roast beef with gravy"]
        let catalogue = runner.file("sundae.json", String(decoding: Fixtures.json(beers), as: UTF8.self))
        let words = runner.file("words", "gravy\nSunday\nsundae\n")
        let r = try runner.run(
            ["--catalogue", catalogue, "recommend", "food", "sunday", "gravy"], env: ["BREWERY_WORDS": words])
        #expect(r.status == 0 && !r.stdout.contains("sundae") && r.stdout.contains("'sunday' is in no pairing"), "\(r.stdout)")
        let roast = try runner.run(
            ["--catalogue", catalogue, "recommend", "food", "sunday", "roast"], env: ["BREWERY_WORDS": words])
        #expect(
            roast.stdout.hasPrefix("sunday roast: matched as roast beef") && !roast.stdout.contains("sundae"), "\(roast.stdout)")
        let guessing = try runner.run(
            ["--catalogue", catalogue, "recommend", "food", "sunday", "gravy"], env: ["BREWERY_WORDS": runner.home + "/none"])
        // Without a dictionary (none where BREWERY_WORDS points), any unknown word may be a typo.
        #expect(guessing.stdout.contains("sundae"), "\(guessing.stdout)")
    }

    /// A CSV of a food nothing pairs with is a header alone: stderr says why.
    @Test func aFoodNothingPairsWithIsSaidBesideAnEmptyCSV() throws {
        let r = try runner.run(["--catalogue", fixture, "recommend", "food", "poutine", "--format", "csv"])
        #expect(r.status == 0)
        #expect(r.stdout.split(whereSeparator: \.isNewline).count == 1)
        #expect(r.stderr == "brewery: note: no beer pairs with 'poutine'\n")
    }

    /// A script piped into the shell gets JSON Lines: one compact document per line, each
    /// valid on its own; an error names the script's line.
    @Test func aPipedScriptsJSONIsOneDocumentPerLineAndErrorsNameTheirLine() throws {
        let r = try runner.run(
            ["--catalogue", fixture, "--json"], stdin: "show 1\nshow 99999\nrecommend like 1 --limit 2\nlist --limit 2\n")
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(r.stdout)")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }
        #expect(r.stderr.hasPrefix("brewery: error: line 2: no beer with id 99999"), "\(r.stderr)")
    }

    @Test func aFailingLineMakesTheStatusOneAndBailStops() throws {
        let input = "show 404\nshow 2\n"
        let r = try runner.run(["--catalogue", fixture], stdin: input)
        #expect(r.status == 1)
        #expect(r.stderr.contains("no beer with id 404"))
        #expect(r.stdout.contains("Lantern Lager Reserve"))
        let bail = try runner.run(["--catalogue", fixture, "--bail"], stdin: input)
        #expect(bail.status == 1 && !bail.stdout.contains("Lantern Lager Reserve"))
    }

    @Test func severalLikedBeersAndNotWorkInTheShell() throws {
        let input = "recommend like 1 \"AB:99\" --json\nrecommend like 1 --not 2 --exclude 8 --json\n"
        let r = try runner.run(["--catalogue", fixture], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let docs = r.stdout.split(separator: "\n").map(String.init)
        try #require(docs.count == 2)
        let both = try JSONSerialization.jsonObject(with: Data(docs[0].utf8)) as? [String: Any]
        #expect((both?["liked"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [1, 4])
        let ids = (both?["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
        #expect(!ids.isEmpty && !ids.contains(1) && !ids.contains(4))
        let not = try JSONSerialization.jsonObject(with: Data(docs[1].utf8)) as? [String: Any]
        #expect((not?["not_liked"] as? [[String: Any]])?.first?["id"] as? Int == 2)
        #expect((not?["excluded"] as? [Int]) == [8])
        let notIDs = (not?["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
        #expect(!notIDs.contains(2) && !notIDs.contains(8) && !notIDs.contains(1))
    }

    @Test func typosGetADidYouMean() throws {
        let r = try runner.run(["--catalogue", fixture], stdin: "recomend like 1\n")
        #expect(r.stderr.contains("unknown command 'recomend' — did you mean 'recommend'?"))
        let option = try runner.run(["--catalogue", fixture], stdin: "recipe 1 --scale 20l\n")
        #expect(option.stderr.contains("Unknown option '--scale' — did you mean '--batch'? (see 'help recipe')"))
        let food = try runner.run(["--catalogue", fixture], stdin: "recommend food tacos --top 3\n")
        #expect(food.stderr.contains("'--top' — did you mean '--limit'? (see 'help recommend food')"))
        let oneShot = try runner.run(["--catalogue", fixture, "recommend", "like", "1", "--top", "3"])
        #expect(oneShot.status == 64)
        #expect(oneShot.stderr.contains("'--top' — did you mean '--limit'? (see 'brewery recommend like --help')"))
    }

    @Test func hostileLinesNeverCrashOrHang() throws {
        let long = String(repeating: "x", count: 10_000)
        var input = "\n   \n\(long)\nshow \(long)\n\"unbalanced\nshow \u{01}\u{7F}\n"
        input += String(decoding: [0xFF, 0xFE, 0x0A], as: UTF8.self)
        input += "recommend food \(long)\nshow 1\n"
        let r = try runner.run(["--catalogue", fixture], stdin: input)
        #expect(r.status == 1)
        #expect(r.stdout.contains("Lantern Lager"))
        #expect(r.stderr.contains("unbalanced double quote"))
    }

    @Test func timingGoesToStderrWhenStdoutIsNotATerminal() throws {
        let r = try runner.run(
            ["--catalogue", fixture], stdin: "timing on\nshow 1\nrecommend like 1\nrecommend food chocolate\n")
        let times = r.stderr.split(separator: "\n").filter { $0.hasPrefix("Time: ") }
        #expect(times.count == 4)
        #expect(!r.stdout.contains("Time: "))
        // A query's own time is shown beside the command's, only for commands that query.
        #expect(times.map { $0.contains("(query ") } == [false, false, true, true])
        // The first command that needs the catalogue says how long it waited to read it.
        #expect(times.map { $0.contains("catalogue read ") } == [false, true, false, false])
    }

    @Test func clearWritesNothingToAPipe() throws {
        let r = try runner.run(["--catalogue", fixture], stdin: "clear\nshow 1\n")
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout.hasPrefix("Lantern Lager") && !r.stdout.contains("\u{1B}"))
    }

    @Test func moreContinuesTheLastListing() throws {
        let r = try runner.run(["--catalogue", fixture], stdin: "list --per-page 3\nmore\n")
        #expect(r.stdout.contains("page 1 of 3") && r.stdout.contains("page 2 of 3"))
    }

    /// `--expanded` (`-x`) and `set expanded on|off|auto` print records one field per line;
    /// auto only when the table is wider than the terminal.
    @Test func expandedRecordsOneFieldPerLine() throws {
        let oneShot = try runner.run(["--catalogue", fixture, "recommend", "like", "1", "--limit", "1", "-x"])
        // The list's own heading stays above its records.
        #expect(oneShot.stdout.hasPrefix("Beers like Lantern Lager"), "\(oneShot.stdout)")
        #expect(oneShot.stdout.contains("\n-[ RECORD 1 ]"))
        #expect(oneShot.stdout.contains("\nname  | Lantern Lager Reserve\n"))
        // A beer's card is no table of records: it reads as it is.
        let card = try runner.run(["--catalogue", fixture, "show", "1", "-x"], env: ["COLUMNS": "80"])
        #expect(card.stdout.hasPrefix("Lantern Lager") && !card.stdout.contains("RECORD"), "\(card.stdout)")
        let shell = try runner.run(
            ["--catalogue", fixture], stdin: "set expanded on\nsearch lantern\nset expanded auto\nsearch lantern\n",
            env: ["COLUMNS": "200"])
        let parts = shell.stdout.components(separatedBy: "-[ RECORD")
        #expect(parts.count == 3, "expanded for 'on' (two records), a table for 'auto' at 200 columns")
        #expect(shell.stdout.contains("#  id  name"))
        let bad = try runner.run(["--catalogue", fixture], stdin: "set expanded sometimes\n")
        #expect(bad.stderr.contains("expanded on|off|auto"))
    }

    /// Inside the shell, help and advice speak the shell's language: no `brewery` before
    /// a command, no program-wide `--version`, and a long usage does not run into its text.
    /// The shell's help wraps at words within the window, at any width from 40.
    @Test(arguments: [40, 60, 100])
    func helpFitsTheWindow(_ columns: Int) throws {
        let r = try runner.run(["--catalogue", fixture], stdin: "help\nhelp timing\n", env: ["COLUMNS": String(columns)])
        #expect(r.status == 0 && r.stdout.contains("recommend like"))
        for line in r.stdout.split(separator: "\n") { #expect(line.count <= columns, "\(line)") }
    }

    @Test func helpAndAdviceInTheShellLeaveOutTheProgramName() throws {
        let r = try runner.run(["--catalogue", fixture], stdin: "help show\nhelp\n")
        #expect(r.stdout.contains("USAGE: show "))
        #expect(!r.stdout.contains("brewery show") && !r.stdout.contains("--version"))
        #expect(
            r.stdout.range(of: #"\n  ingredients <hops\|malt\|yeast> +List the catalogue's"#, options: .regularExpression) != nil)
        let missing = try runner.run(["--catalogue", runner.home + "/none.json"], stdin: "show 1\n")
        #expect(missing.stderr.contains("run 'fetch' or pass --catalogue PATH"))
        let oneShot = try runner.run(["--catalogue", runner.home + "/none.json", "show", "1"])
        #expect(oneShot.stderr.contains("run 'brewery fetch' or pass --catalogue PATH"))
        // The quiz is asked one-shot (on standard input) and in the shell: the advice names it alone.
        let taste = try runner.run(["--catalogue", fixture], stdin: "recommend for me\ntaste\n")
        #expect(taste.stderr.contains("or take 'taste quiz'\n") && taste.stdout.contains("or take 'taste quiz'."))
        #expect(!taste.stderr.contains("in the shell") && !taste.stdout.contains("in the shell"))
        let outside = try runner.run(["--catalogue", fixture, "taste"])
        #expect(outside.stdout.contains("or take 'taste quiz'."))
        let fewRatings = try runner.run(["--catalogue", fixture], stdin: "rate 1 4\nrecommend for me\n")
        #expect(fewRatings.stdout.contains("or 'taste quiz')."))
        #expect(!fewRatings.stdout.contains("in the shell"))
    }

    /// The shell started with `arguments`, its input, output and errors as pipes, so a
    /// test can change the catalogue between its lines.
    func shell(_ arguments: [String]) throws -> (Process, Pipe, Pipe, Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: BinaryRunner.binary)
        p.arguments = arguments
        var env = ["HOME": runner.home, "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "XDG_CACHE_HOME": runner.home + "/.cache"]
        for (k, v) in ProcessInfo.processInfo.environment where k.hasSuffix("SAN_OPTIONS") { env[k] = v }
        p.environment = env
        let input = Pipe()
        let out = Pipe()
        let err = Pipe()
        (p.standardInput, p.standardOutput, p.standardError) = (input, out, err)
        try p.run()
        return (p, input, out, err)
    }

    /// Another process replaces the catalogue while the shell runs (as `brewery fetch`
    /// does, by a rename): the next command says so and answers from the new file.
    @Test func aCatalogueChangedOnDiskIsReloadedAndSaid() throws {
        let path = fixture
        let (p, input, out, err) = try shell(["--catalogue", path])
        input.fileHandleForWriting.write(Data("show 1\n".utf8))
        var seen = Data()
        let deadline = Date().addingTimeInterval(30)
        while !String(decoding: seen, as: UTF8.self).contains("Lantern Lager"), Date() < deadline {
            seen += out.fileHandleForReading.availableData
        }
        var renamed = Fixtures.beers
        renamed[0].name = "Lantern Lager Reborn"
        try Fixtures.json(renamed).write(to: URL(fileURLWithPath: path + ".new"))
        #expect(rename(path + ".new", path) == 0)
        input.fileHandleForWriting.write(Data("show 1\n".utf8))
        try input.fileHandleForWriting.close()
        seen += out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(String(decoding: seen, as: UTF8.self).contains("Lantern Lager Reborn"))
        #expect(errors.contains("brewery: note: the catalogue '\(path)' changed on disk; reloaded it (\(renamed.count) beers)"))
    }

    /// The catalogue file cut short while the shell runs: the shell says so once and goes
    /// on answering from the beers it has, for as long as the file stays so.
    @Test func aCatalogueCutShortKeepsTheBeersReadBefore() throws {
        let path = fixture
        let (p, input, out, err) = try shell(["--catalogue", path, "--format", "csv"])
        input.fileHandleForWriting.write(Data("search lantern\n".utf8))
        var seen = Data()
        let deadline = Date().addingTimeInterval(30)
        while !String(decoding: seen, as: UTF8.self).contains("Lantern Lager"), Date() < deadline {
            seen += out.fileHandleForReading.availableData
        }
        #expect(truncate(path, 10) == 0)
        input.fileHandleForWriting.write(Data("search lantern\nrecommend food tacos --limit 1\n".utf8))
        try input.fileHandleForWriting.close()
        seen += out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(errors)")
        let text = String(decoding: seen, as: UTF8.self)
        #expect(text.components(separatedBy: "1,1,Lantern Lager,").count == 3, "\(text)")
        #expect(text.contains("Tacos") || text.contains("tacos"))
        let warnings = errors.split(separator: "\n").filter { $0.contains("changed on disk and cannot be read") }
        #expect(warnings.count == 1, "\(errors)")
        #expect(warnings.first?.hasSuffix("still using the 8 beers read before") == true)
    }
}

/// The REPL in a pseudo-terminal, driven key by key as a person would.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 drives the pty"), .blockingWork)
struct InteractiveShellTests {
    let runner = BinaryRunner()

    /// Runs the binary under `pty.fork()`, sends `keys` (each followed by a pause) and
    /// returns the screen bytes and the exit status.
    /// `rows` and `columns` set the terminal's size (0: a size the terminal does not say);
    /// `environment` adds variables.
    func drive(
        _ keys: [String], catalogue: String, history: String, rows: Int = 0, columns: Int = 0,
        environment: [String: String] = [:]
    ) throws -> (screen: String, status: Int32) {
        let script = #"""
            import json, os, pty, sys, time, select, fcntl, termios, struct
            binary, catalogue, history, keys = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
            rows, columns, extra = int(sys.argv[5]), int(sys.argv[6]), json.loads(sys.argv[7])
            pid, fd = pty.fork()
            if pid == 0:
                os.environ.pop("PAGER", None)
                os.environ.update({"TERM": "xterm", "LANG": "C.UTF-8", "INPUTRC": "/dev/null",
                                   "BREWERY_CATALOGUE": catalogue, "BREWERY_HISTORY": history})
                os.environ.update(extra)
                os.environ.pop("NO_COLOR", None)
                if rows:
                    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
                os.execv(binary, [binary])
            \#(PseudoTerminal.drain)
            drain(1.5)
            def wait_for_prompt(limit):
                # After Enter, wait until the prompt is back (a loaded machine is slow).
                end = time.time() + limit
                start = len(out)
                while time.time() < end and b"brewery> " not in out[start:]:
                    drain(0.05)
            for k in keys:
                # A key ending in NUL is sent without waiting for the prompt after it.
                nowait = k.endswith("\0")
                k = k.rstrip("\0")
                os.write(fd, k.encode())
                # Enter, as \r or \n: a key sent while the command still runs reaches a
                # terminal in cooked mode, where a Ctrl-D is read as end of input by no one
                # and lost (seen under ASan on a loaded machine).
                if ("\r" in k or "\n" in k) and not nowait:
                    wait_for_prompt(60)
                drain(0.4)
            status = None
            deadline = time.time() + 60  # bounded by time: drain() returns at once after the child closes the pty
            while time.time() < deadline:
                p, s = os.waitpid(pid, os.WNOHANG)
                if p:
                    status = os.waitstatus_to_exitcode(s)
                    break
                drain(0.05)
                time.sleep(0.02)
            if status is None:
                os.kill(pid, 9)
                status = -9
            print(json.dumps({"screen": out.decode("utf-8", "replace"), "status": status}))
            """#
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let keysJSON = String(decoding: try JSONSerialization.data(withJSONObject: keys), as: UTF8.self)
        let extra = String(decoding: try JSONSerialization.data(withJSONObject: environment), as: UTF8.self)
        p.arguments = ["-c", script, BinaryRunner.binary, catalogue, history, keysJSON, String(rows), String(columns), extra]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let obj = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (obj["screen"] as? String ?? "", Int32(obj["status"] as? Int ?? -1))
    }

    var fixture: String { runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self)) }

    @Test func tabCompletesThenListsAndCtrlDExitsZero() throws {
        let (screen, status) = try drive(
            ["recommend like lantern l\t", "\t", "\u{15}", "\u{04}"], catalogue: fixture, history: runner.home + "/h")
        #expect(screen.contains("brewery> recommend like Lantern Lager"))
        #expect(screen.contains("Lantern Lager Reserve"))
        #expect(!screen.contains("\u{1B}[?2004h"))
        #expect(status == 0)
    }

    /// An id typed whole lists its beer on TAB, as the start of several ids does.
    @Test func tabOnAWholeIdListsItsBeer() throws {
        let (screen, status) = try drive(["show 7\t", "\t", "\u{15}", "\u{04}"], catalogue: fixture, history: runner.home + "/h")
        #expect(screen.contains("7 Tokyo* Dreams"), "\(screen)")
        #expect(status == 0)
    }

    @Test func tabCompletesEachBeerOfSeveral() throws {
        let (screen, status) = try drive(
            ["recommend like 1 tok\t", "\n", "\u{04}"], catalogue: fixture, history: runner.home + "/h")
        // The completed line ran: both beers were read (the name went in quoted).
        #expect(
            screen.contains("Tokyo* Dreams\" \n") || screen.contains("Tokyo* Dreams\"\r\n")
                || screen.contains("Tokyo* Dreams\" \r\n"))
        #expect(screen.contains("(#1) and ") && screen.contains("Tokyo* Dreams\u{1B}[0m (#7)"))
        #expect(status == 0)
    }

    @Test func outputTallerThanTheTerminalGoesThroughThePager() throws {
        let paged = runner.home + "/paged.txt"
        // A "pager" that keeps what it is given: the shell hands it the whole listing.
        let (screen, status) = try drive(
            ["list\r", "set pager off\r", "list --limit 1\r", "list\r", "\u{04}"], catalogue: fixture,
            history: runner.home + "/h", rows: 6, columns: 80, environment: ["PAGER": "cat > '\(paged)'"])
        let text = try String(contentsOfFile: paged, encoding: .utf8)
        #expect(text.contains("Lantern Lager") && text.contains("Lantern Lager Reserve"))
        // Paged once: the short listing and the listing after `set pager off` are on the screen.
        #expect(text.components(separatedBy: "Lantern Lager Reserve").count == 2)
        #expect(screen.components(separatedBy: "Lantern Lager Reserve").count == 2, "\(screen.suffix(400).debugDescription)")
        #expect(status == 0)
    }

    @Test func noPagerAndPipesPrintEverything() throws {
        let paged = runner.home + "/paged.txt"
        let (screen, _) = try drive(
            ["list --no-pager\r", "\u{04}"], catalogue: fixture, history: runner.home + "/h", rows: 6, columns: 80,
            environment: ["PAGER": "cat > '\(paged)'"])
        #expect(screen.contains("Lantern Lager Reserve"))
        #expect(!FileManager.default.fileExists(atPath: paged))
    }

    @Test func ctrlCStopsALongListingAndTheShellGoesOn() throws {
        let big = runner.home + "/big.json"
        let made = try runner.run(["synth", "--count", "20000", "--out", big])
        try #require(made.status == 0, "synth: \(made.stderr)")
        let (screen, status) = try drive(
            ["stats\r", "recommend like 7 --limit 0\r\0", "\u{03}", "show 1\r", "\u{04}"], catalogue: big,
            history: runner.home + "/h")
        #expect(screen.contains("cancelled"), "\(screen.suffix(300).debugDescription)")
        // Stopped before the end of the ranking: the last rank was never printed.
        #expect(screen.components(separatedBy: " No. ").count < 19_000)
        #expect(screen.contains("#Synthetic"), "the next command ran")
        #expect(status == 0)
    }

    @Test func hintsShowArgumentsAndTheFirstCompletionWhichRightArrowTakes() throws {
        let (screen, status) = try drive(
            ["recommend like ", "\u{15}", "recommend like lantern l", "\u{1B}[C", "\r", "\u{04}"], catalogue: fixture,
            history: runner.home + "/h", rows: 24, columns: 80)
        #expect(screen.contains("\u{1B}[90m<id|name> [--limit …]"), "\(screen.prefix(600).debugDescription)")
        #expect(screen.contains("\u{1B}[90mager"))
        // → put the whole name in: the query ran for Lantern Lager.
        #expect(screen.contains("Beers like \u{1B}[1mLantern Lager\u{1B}[0m (#1"), "\(screen.suffix(800).debugDescription)")
        #expect(status == 0)
    }

    @Test func setHintsOffShowsNone() throws {
        let (screen, status) = try drive(
            ["set hints off\r", "recommend like ", "\u{15}", "\u{04}"], catalogue: fixture, history: runner.home + "/h",
            rows: 24, columns: 80)
        #expect(!screen.contains("\u{1B}[90m"))
        #expect(status == 0)
    }

    @Test func ctrlCDuringALoadGivesThePromptBackAndTheLoadGoesOn() throws {
        let big = runner.home + "/big.json"
        let made = try runner.run(["synth", "--count", "40000", "--out", big])
        try #require(made.status == 0, "synth: \(made.stderr)")
        let (screen, status) = try drive(
            ["stats --catalogue '\(big)'\r\0", "\u{03}", "stats --catalogue '\(big)'\r", "\u{04}"], catalogue: fixture,
            history: runner.home + "/h")
        #expect(screen.contains("cancelled; the catalogue goes on loading"), "\(screen.suffix(600).debugDescription)")
        #expect(screen.contains("40000 beers"), "the next command took the load")
        #expect(status == 0)
    }

    @Test func ctrlCClearsTheLineWithoutLeaving() throws {
        let (screen, status) = try drive(
            ["show 99 half typed", "\u{03}", "show 1\r", "\u{04}"], catalogue: fixture, history: runner.home + "/h")
        #expect(screen.contains("^C"))
        #expect(!screen.contains("no beer with id 99"))
        #expect(screen.contains("#Crisp #Clean #Bright"))
        #expect(status == 0, "screen ended: \(screen.suffix(300).debugDescription)")
    }

    @Test func historyIsSavedAndRecalledInANewSession() throws {
        let history = runner.home + "/state/history"
        _ = try drive(["show 2\r", " show 3\r", "\u{04}"], catalogue: fixture, history: history)
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved == "show 2\n")
        let attrs = try FileManager.default.attributesOfItem(atPath: history)
        #expect((attrs[.posixPermissions] as? Int) == 0o600)
        let (screen, _) = try drive(["\u{1B}[A", "\r", "\u{04}"], catalogue: fixture, history: history)
        #expect(screen.contains("Lantern Lager Reserve"))
    }

    @Test func aHistoryPathThatIsALinkIsRefusedAndItsTargetLeftAlone() throws {
        let target = runner.home + "/precious.txt"
        let link = runner.home + "/history-link"
        let text = (1...1500).map { "line \($0)" }.joined(separator: "\n") + "\n"
        #expect(
            FileManager.default.createFile(atPath: target, contents: Data(text.utf8), attributes: [.posixPermissions: 0o644]))
        #expect(symlink(target, link) == 0)
        let (screen, status) = try drive(["show 1\r", "\u{04}"], catalogue: fixture, history: link)
        #expect(screen.contains("not saving history") && status == 0)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == text, "not cut short, nothing added")
        let attrs = try FileManager.default.attributesOfItem(atPath: target)
        #expect((attrs[.posixPermissions] as? Int) == 0o644, "its mode unchanged")
    }

    @Test func anUnwritableHistoryIsOneWarningAndTheShellGoesOn() throws {
        let (screen, status) = try drive(
            ["show 1\r", "show 2\r", "\u{04}"], catalogue: fixture, history: "/proc/brewery-nope/history")
        #expect(screen.components(separatedBy: "cannot save history").count == 2, "said once")
        #expect(screen.contains("Lantern Lager Reserve") && status == 0)
    }
}

/// Messages quote user text as a short excerpt, never a whole 10,000-character line.
@Suite(.blockingWork) struct LongInputTests {
    let runner = BinaryRunner()

    @Test func aHugeNameGivesAShortOneLineError() throws {
        let fixture = runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self))
        let long = String(repeating: "x", count: 10_000)
        let r = try runner.run(["--catalogue", fixture], stdin: "show \(long)\nrecommend food \(long)\n")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].count < 200)
        #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count < 300 })
    }
}
