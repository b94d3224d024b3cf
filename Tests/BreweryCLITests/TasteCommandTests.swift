import BreweryCore
import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// `rate`, `ratings`, `wish`, `cellar` and `recommend for me` through the built binary, on
/// invented beers, with the taste store in the test's own XDG folder.
@Suite(.blockingWork) struct TasteCommandTests {
    let runner = BinaryRunner()
    var catalogue: String { runner.file("beers.json", String(decoding: Fixtures.json(), as: UTF8.self)) }
    var store: String { runner.home + "/.local/share/brewery/taste.sqlite" }

    func brewery(_ args: String...) throws -> BinaryRunner.Result {
        try runner.run(["--catalogue", catalogue] + args)
    }

    @Test func rateListAndUnrate() throws {
        #expect(try brewery("ratings").stdout.contains("No ratings yet"))
        #expect(!FileManager.default.fileExists(atPath: store))  // reading writes nothing
        var r = try brewery("rate", "Lantern Lager", "4.5", "--note", "crisp")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Rated Lantern Lager (#1) ★4.5.\n")
        r = try brewery("rate", "1", "5")
        #expect(r.stdout == "Rated Lantern Lager (#1) ★5 (was ★4.5).\n")
        r = try brewery("ratings", "--json")
        let rows = try #require((r.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["score"] as? Double == 5)
        #expect(rows.first?["note"] as? String == "crisp")
        r = try brewery("unrate", "1")
        #expect(r.status == 0 && r.stdout.contains("Removed your rating of Lantern Lager"))
        r = try brewery("unrate", "1")
        #expect(r.status == 1 && r.stderr == "brewery: error: Lantern Lager (#1) is not rated; nothing to remove\n")
    }

    /// `wishlist add` and `wishlist remove` are `wish` and `unwish`, as `cellar add` is named.
    @Test func theWishlistAddsAndRemovesAsTheCellarDoes() throws {
        var r = try brewery("wishlist", "add", "Lantern Lager")
        #expect(r.status == 0 && r.stdout.contains("Lantern Lager (#1)"), "\(r.stderr)")
        _ = try brewery("wish", "2")
        r = try brewery("wishlist", "--json")
        let rows = try #require((r.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(Set(rows.compactMap { ($0["beer"] as? [String: Any])?["id"] as? Int }) == [1, 2])
        r = try brewery("wishlist", "remove", "1")
        #expect(r.status == 0)
        r = try brewery("wishlist", "remove", "1")
        #expect(r.status == 1 && r.stderr == "brewery: error: Lantern Lager (#1) is not on your wishlist\n")
        #expect(try brewery("unwish", "2").status == 0)
        #expect(try brewery("wishlist", "list").stdout.hasPrefix("The wishlist is empty"))
    }

    @Test func badRatingsAreOneLineErrors() throws {
        var r = try brewery("rate", "1", "7")
        #expect(r.status == 64 && r.stderr.contains("a rating is a score from 0.5 to 5 stars, not '7'"))
        // A negative score is a score, not an option.
        r = try brewery("rate", "1", "-1")
        #expect(r.status == 64 && r.stderr.contains("a rating is a score from 0.5 to 5 stars, not '-1'"), "\(r.stderr)")
        r = try brewery("rate", "1")
        #expect(r.status == 64 && r.stderr.contains("rate needs a beer and a score"))
        // A note typed without --note is no beer name: nothing is rated.
        r = try brewery("rate", "1", "4.5", "very", "crisp")
        #expect(r.status == 64 && r.stderr.contains("a note goes in --note: 'rate 1 4.5 --note \"very crisp\"'"))
        r = try brewery("rate", "Nonexistent Beer", "4")
        #expect(r.status == 1 && r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func aRatingFindsItsBeerOnAnotherCatalogueByNameNeverByIdAlone() throws {
        _ = try brewery("rate", "Tokyo* Dreams", "4")
        _ = try brewery("rate", "AB:99", "2")
        // Another catalogue numbers the beers differently, and lacks AB:99; its #4 is
        // another beer, which the rating must not be attached to.
        var beers = Fixtures.beers.filter { $0.name != "AB:99" }
        for i in beers.indices { beers[i].id += 100 }
        beers[0].id = 4
        let other = runner.file("v3.json", String(decoding: Fixtures.json(beers), as: UTF8.self))
        let r = try runner.run(["--catalogue", other, "ratings", "--sort", "name", "--json"])
        let rows = try #require((r.json as? [String: Any])?["results"] as? [[String: Any]])
        let found = rows.map { ($0["beer"] as? [String: Any])?["id"] as? Int }
        #expect(found == [nil, 107])  // AB:99 not found; Tokyo* Dreams under its new id
        #expect((r.json as? [String: Any])?["not_found"] as? Int == 1)
    }

    @Test func recommendForMeLeavesOutWhatWasTriedAndSaysWhy() throws {
        var r = try brewery("recommend", "for", "me")
        #expect(r.status == 1 && r.stderr.contains("recommend for me needs your taste"))
        _ = try brewery("rate", "1", "5")
        _ = try brewery("rate", "6", "1")
        _ = try brewery("cellar", "add", "2")
        r = try brewery("recommend", "for", "me", "--json")
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(r.json as? [String: Any])
        let ids = try #require(doc["results"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
        #expect(!ids.isEmpty)
        #expect(Set(ids).isDisjoint(with: [1, 2, 6]))
        r = try brewery("recommend", "for", "me", "--include-tried", "--json")
        let all = try #require((r.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(all.first?["id"] as? Int == 2)  // the reserve of the lager rated ★5
        #expect((all.first?["reason"] as? String)?.hasPrefix("like Lantern Lager ★5: ") == true)
        r = try brewery("recommend", "for", "me")
        #expect(r.stdout.contains("Rate at least 3 beers"))
    }

    @Test func theCellarListsSoonestFirstAndMarksThePast() throws {
        #expect(try brewery("cellar", "add", "3", "--count", "2", "--best-before", "01-2001", "--where", "garage").status == 0)
        #expect(try brewery("cellar", "add", "8", "--best-before", "12-2999").status == 0)
        #expect(try brewery("cellar", "add", "7").status == 0)
        var r = try brewery("cellar", "--json")
        let rows = try #require((r.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(rows.compactMap { ($0["beer"] as? [String: Any])?["id"] as? Int } == [3, 8, 7])
        #expect(rows.map { $0["past"] as? Bool } == [true, false, false])
        r = try brewery("cellar", "drink", "3")
        #expect(r.stdout.contains("1 left in your cellar") && r.stdout.contains("Rate it: rate 3"))
        r = try brewery("cellar", "add", "3", "--best-before", "13-2020")
        #expect(r.status == 64 && r.stderr.contains("MM-YYYY"))
        r = try brewery("cellar", "drink", "1")
        #expect(r.status == 1 && r.stderr.contains("is not in your cellar"))
    }

    @Test func aBrokenStoreIsOneLineAndOtherCommandsStillWork() throws {
        try FileManager.default.createDirectory(
            atPath: (store as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let junk = Data(repeating: 0x42, count: 5_000)
        try junk.write(to: URL(fileURLWithPath: store))
        let r = try brewery("rate", "1", "4")
        #expect(r.status == 1)
        #expect(r.stderr == "brewery: error: taste store '\(store)': is not an SQLite database; it was left as it was\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == junk)
        #expect(try brewery("show", "1").status == 0)
        // --taste and BREWERY_TASTE choose another store.
        let elsewhere = runner.home + "/elsewhere.sqlite"
        #expect(try brewery("rate", "1", "4", "--taste", elsewhere).status == 0)
        let env = try runner.run(["--catalogue", catalogue, "ratings", "--format", "csv"], env: ["BREWERY_TASTE": elsewhere])
        #expect(env.stdout.hasPrefix("id,stored_id,name,score,rated_at,note\r\n1,1,Lantern Lager,4.0,"))
    }

    @Test func twoShellsRatingAtOnceKeepAllTheirRatings() throws {
        // Two shells, each rating 1,000 beers of its own, at the same time, on one store.
        let beers = (1...2_000).map { Beer(id: $0, name: "Test Beer \($0)", abv: 5, ibu: 30, ebc: 20) }
        let file = runner.file("many.json", String(decoding: Fixtures.json(beers), as: UTF8.self))
        let results = Locked<[BinaryRunner.Result?]>([nil, nil])
        OwnThreads.run(2) { w in
            let script = (1...1_000).map { "rate \(w * 1_000 + $0) 4\n" }.joined()
            let r = try? runner.run(["--catalogue", file], stdin: script)
            results.withLock { $0[w] = r }
        }
        for r in results.withLock({ $0 }) {
            #expect(r?.status == 0, "\(r?.stderr ?? "did not run")")
        }
        let r = try runner.run(["--catalogue", file, "ratings", "--json"])
        let rows = try #require((r.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(rows.count == 2_000)
    }

    @Test func aKilledShellKeepsEveryRatingItAcknowledged() throws {
        // Many beers to rate, one a line, in a shell killed with SIGKILL partway.
        let beers = (1...400).map { Beer(id: $0, name: "Test Beer \($0)", abv: 5, ibu: 30, ebc: 20) }
        let file = runner.file("many.json", String(decoding: Fixtures.json(beers), as: UTF8.self))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: BinaryRunner.binary)
        p.arguments = ["--catalogue", file]
        p.environment = [
            "HOME": runner.home, "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "XDG_DATA_HOME": runner.home + "/.local/share",
            "XDG_CACHE_HOME": runner.home + "/.cache", "XDG_STATE_HOME": runner.home + "/.local/state",
        ]
        let input = Pipe()
        let out = Pipe()
        p.standardInput = input
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        input.fileHandleForWriting.write(Data((1...400).map { "rate \($0) 3.5\n" }.joined().utf8))
        var seen = Data()
        var acknowledged = 0
        while acknowledged < 60 {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
            acknowledged = String(decoding: seen, as: UTF8.self).components(separatedBy: "Rated ").count - 1
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        let r = try runner.run(["--catalogue", file, "ratings", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require((r.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(acknowledged >= 60)
        #expect(rows.count >= acknowledged)
    }
}

/// `ratings import|export`, `taste` and `taste quiz`.
@Suite(.blockingWork) struct TasteImportAndQuizTests {
    let runner = BinaryRunner()
    var catalogue: String { runner.file("beers.json", String(decoding: Fixtures.json(), as: UTF8.self)) }

    func brewery(_ args: [String], stdin: String? = nil) throws -> BinaryRunner.Result {
        try runner.run(["--catalogue", catalogue] + args, stdin: stdin)
    }

    @Test func anUntappdExportImportsOnceAndReportsWhatItLeftOut() throws {
        let csv = runner.file(
            "untappd.csv",
            [
                "beer_name,brewery_name,beer_type,rating_score,created_at,comment",
                #"Lantern Lager,BrewDog,Lager,4.25,2019-05-04 18:23:11,"crisp, ""bright""""#,
                "Lantern Lager,BrewDog,Lager,3,2018-01-01 10:00:00,older",
                "Tokyo* Dreams,BrewDog,IPA,0,2019-06-04 12:00:00,",
                "Lantern,BrewDog,Lager,4,2019-06-04 12:00:00,",
                "Other Lager,Another Brewery,Lager,2,2019-06-03 12:00:00,", "",
            ].joined(separator: "\r\n"))
        var r = try brewery(["ratings", "import", csv])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Imported 1 rating from 5 rows: 1 new, 0 updated, 0 kept"))
        #expect(r.stdout.contains("1 of other breweries left out; 1 without a rating left out."))
        // "Lantern" is not taken for the beer whose name it starts; it is named as the closest.
        #expect(r.stdout.contains("  Lantern — closest: Lantern Lager"))
        r = try brewery(["ratings", "import", csv])
        #expect(r.stdout.hasPrefix("Imported 1 rating from 5 rows: 0 new, 0 updated, 1 kept"))
        // The same summary for scripts.
        r = try brewery(["ratings", "import", csv, "--json"])
        let summary = try #require(r.json as? [String: Any])
        #expect(summary["rows"] as? Int == 5 && summary["imported"] as? Int == 1 && summary["kept"] as? Int == 1)
        #expect(summary["other_breweries"] as? Int == 1 && summary["unrated"] as? Int == 1)
        let missing = try #require(summary["not_found"] as? [[String: Any]])
        #expect(missing.count == 1 && missing[0]["name"] as? String == "Lantern")
        #expect((missing[0]["closest"] as? [String])?.first == "Lantern Lager")
        r = try brewery(["ratings", "import", csv, "--format", "csv"])
        #expect(r.stdout == "not_found,closest\r\nLantern,Lantern Lager; Lantern Lager Reserve\r\n", "\(r.stdout)")
        r = try brewery(["ratings", "export"])
        #expect(
            r.stdout
                == "beer_name,brewery_name,rating_score,created_at,comment,beer_id\r\nLantern Lager,BrewDog,4.25,2019-05-04 18:23:11,\"crisp, \"\"bright\"\"\",1\r\n"
        )
        // The export imports back to the same ratings.
        let back = runner.file("back.csv", r.stdout)
        #expect(try brewery(["ratings", "import", back]).stdout.contains("1 kept"))
        let json = runner.file(
            "untappd.json",
            #"[{"beer_name": "Tokyo* Dreams", "brewery_name": "BrewDog", "rating_score": "3.5", "created_at": "2020-01-01 00:00:00", "comment": ""}]"#
        )
        #expect(try brewery(["ratings", "import", json]).stdout.hasPrefix("Imported 1 rating from 1 row: 1 new"))
        r = try brewery(["ratings", "import", runner.file("bad.json", #"{"beer_name": 1}"#)])
        #expect(r.status == 1 && r.stderr.hasSuffix("is not a JSON array of check-ins\n"))
    }

    @Test func anExportThatCannotBeReadIsSaidInWordsAboutTheFile() throws {
        let folder = runner.home + "/exports"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let cases: [(String, String)] = [
            (runner.home + "/none.csv", "no file at '\(runner.home)/none.csv'; give the path of an Untappd export (CSV or JSON)"),
            (folder, "'\(folder)' is a folder; give the path of an Untappd export (CSV or JSON)"),
            ("/dev/null", "'/dev/null' is not a regular file (a device, pipe or socket); give an Untappd export"),
            (
                runner.file("empty.csv", ""),
                "'\(runner.home)/empty.csv' is empty; an Untappd export has a header row and a row per check-in"
            ),
            (
                runner.file("cut.csv", "beer_name,brewery_name,rating_score\nLantern Lager,BrewDog,4\n\"Tokyo,BrewDog,3\n"),
                "'\(runner.home)/cut.csv' is not CSV: the quoted field opened on line 3 never ends"
            ),
        ]
        for (path, message) in cases {
            let r = try brewery(["ratings", "import", path])
            #expect(r.status == 1 && r.stderr == "brewery: error: \(message)\n", "\(path)")
        }
    }

    @Test func aQuizWithNoAnswerEndsItsQuestionsLine() throws {
        let r = try brewery(["taste", "quiz"], stdin: "")
        #expect(r.status == 0 && r.stdout == "No answer stored.\n")
        #expect(r.stderr.hasSuffix("[y/n/s/q] \n"), "\(r.stderr)")
    }

    @Test func theQuizStoresYesAsFourAndNoAsOneAndTasteSaysWhatTheRatingsSay() throws {
        var r = try brewery(["taste", "quiz"], stdin: "y\nn\nmaybe\ns\nq\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Stored 2 answers as ratings (yes ★4, no ★1). Try 'recommend for me'.\n")
        #expect(r.stderr.contains("answer y, n, s (skip) or q (stop)"))
        r = try brewery(["ratings", "--json"])
        let scores = try #require((r.json as? [String: Any])?["results"] as? [[String: Any]]).compactMap {
            $0["score"] as? Double
        }
        #expect(scores.sorted() == [1, 4])
        r = try brewery(["taste", "--json"])
        let doc = try #require(r.json as? [String: Any])
        #expect(doc["rated"] as? Int == 2 && doc["liked"] as? Int == 1 && doc["disliked"] as? Int == 1)
        r = try brewery(["taste"])
        #expect(r.stdout.hasPrefix("From 2 ratings (1 of 3.5 and up, 1 of 2 and below), mean ★2.5:"))
    }
}
