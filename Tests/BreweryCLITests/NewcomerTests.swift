import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// What got in a newcomer's way, one-shot and in a piped shell: each failed before.
@Suite(.blockingWork) struct NewcomerTests {
    let runner = BinaryRunner()
    var fixture: String { runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self)) }

    @Test func versionPrints() throws {
        let r = try runner.run(["--version"])
        #expect(r.status == 0 && r.stdout.split(separator: ".").count == 3)
    }

    @Test func helpAfterGlobalOptionsListsTheCommands() throws {
        for args in [["--help"], ["--catalogue", fixture, "--help"], ["--json", "-h"]] {
            let r = try runner.run(args)
            #expect(r.status == 0 && r.stdout.contains("SUBCOMMANDS:") && r.stdout.contains("recommend"), "\(args)")
        }
        // A group's help lists its commands; a command's is its own.
        let ratings = try runner.run(["ratings", "--json", "--help"])
        #expect(ratings.status == 0 && ratings.stdout.contains("SUBCOMMANDS:") && ratings.stdout.contains("import"))
        let shell = try runner.run(["--json", "shell", "--help"])
        #expect(shell.status == 0 && !shell.stdout.contains("SUBCOMMANDS:") && shell.stdout.contains("--bail"))
    }

    /// The shell's help writes an argument of one value as the word to type.
    @Test func theShellsHelpWritesAOneValueArgumentAsTheWord() throws {
        let r = try runner.run(["--catalogue", fixture], stdin: "help\n")
        #expect(r.stdout.contains("recommend for me ") && !r.stdout.contains("<me>"), "\(r.stdout)")
        #expect(r.stdout.contains("recommend like <id|name>"))
    }

    @Test func anUnknownHelpTopicIsAUsageErrorWithASuggestion() throws {
        let r = try runner.run(["help", "recomend"])
        #expect(r.status == 64 && r.stderr == "brewery: error: unknown help topic 'recomend' — did you mean 'recommend'?\n")
    }

    @Test(arguments: [
        (["recommend", "like", "1", "--limit", "-1"], "--limit must be 0 or more (see 'brewery recommend like --help')"),
        (["list", "--page", "x"], "'--page <n>'"),
        (["recommend", "lik", "1"], "did you mean 'like'?"),
        (["recomend", "like", "1"], "did you mean 'recommend'?"),
    ])
    func usageErrorsAreOneLineWithExit64(_ args: [String], _ says: String) throws {
        let r = try runner.run(["--catalogue", fixture] + args)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("brewery: error: ") && r.stderr.contains(says), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        // A misspelt name with a number in it: the close name, not "name several beers".
        (["#Hashtg", "2031"], 1, "no beer named '#Hashtg 2031' (did you mean '#Hashtag 2031'"),
        (["Hashtag", "2030"], 1, "no beer named 'Hashtag 2030' (did you mean '#Hashtag 2031'"),
        // Ids first, or nothing close: several beers were meant.
        (["1", "Lantrn"], 64, "'1 Lantrn' is not one beer, and 'Lantrn' is no beer on its own"),
        (["Zzzzzz", "1"], 64, "'Zzzzzz 1' is not one beer, and 'Zzzzzz' is no beer on its own"),
    ])
    func wordsThatAreNoBeerSayWhetherANameIsCloseOrHowToNameSeveral(
        _ words: [String], _ status: Int32, _ says: String
    ) throws {
        let r = try runner.run(["--catalogue", fixture, "recommend", "like"] + words)
        #expect(r.status == status)
        #expect(r.stderr.hasPrefix("brewery: error: ") && r.stderr.contains(says), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func anIngredientTypedForTheKindGetsTheCommandThatListsIt() throws {
        let file = runner.file(
            "every.json", String(decoding: Fixtures.json(Fixtures.beers + [Fixtures.everyField]), as: UTF8.self))
        let hop = try runner.run(["--catalogue", file, "ingredients", "nelson"])
        #expect(hop.status == 64)
        #expect(
            hop.stderr == "brewery: error: 'nelson' is not hops, malt or yeast; it names hops: try 'ingredients hops nelson'\n")
        let malt = try runner.run(["--catalogue", file, "ingredients", "Maris", "otter"])
        #expect(malt.stderr.hasSuffix("'Maris otter' names malt: try 'ingredients malt Maris otter'\n"), "\(malt.stderr)")
        let none = try runner.run(["--catalogue", file, "ingredients", "spices"])
        #expect(none.status == 64 && none.stderr.contains("'spices' is not hops, malt or yeast: e.g. 'ingredients hops'"))
        // Without a catalogue to look in, the kind is still the error.
        let missing = try runner.run(["--catalogue", runner.home + "/none.json", "ingredients", "nelson"])
        #expect(missing.status == 64 && missing.stderr.contains("'nelson' is not hops, malt or yeast"))
        let listed = try runner.run(["--catalogue", file, "ingredients", "hops", "nelson"])
        #expect(listed.status == 0 && listed.stdout.contains("Nelson Sauvin"))
        // A mistyped one gets what it may have meant, in the table and in JSON.
        let typo = try runner.run(["--catalogue", file, "ingredients", "hops", "nelsen"])
        #expect(
            typo.status == 0 && typo.stdout.contains("No hop matches 'nelsen'. Did you mean 'Nelson Sauvin™'?"), "\(typo.stdout)"
        )
        let json = try runner.run(["--catalogue", file, "ingredients", "hops", "nelsen", "--json"])
        #expect(json.stdout.contains("\"suggestions\" : [\n    \"Nelson Sauvin™\"\n  ]"), "\(json.stdout)")
    }

    @Test func oneShotListingsDoNotPointToMore() throws {
        let one = try runner.run(["--catalogue", fixture, "search", "a", "--limit", "1"])
        #expect(one.stdout.contains("more; --limit 0 to see them") && !one.stdout.contains("'more'"))
        let shell = try runner.run(["--catalogue", fixture], stdin: "search a --limit 1\n")
        #expect(shell.stdout.contains("'more' or --limit 0"))
    }

    @Test func commentsAndBlankLinesInAScriptDoNothing() throws {
        let r = try runner.run(["--catalogue", fixture], stdin: "# the fixture\n\n   \nshow 1\n  # indented\n")
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout.hasPrefix("Lantern Lager"))
    }

    @Test func aPipedScriptIsNotTheUsersHistory() throws {
        let history = runner.home + "/history"
        _ = try runner.run(["--catalogue", fixture], stdin: "show 1\nshow 2\n", env: ["BREWERY_HISTORY": history])
        let saved = (try? String(contentsOfFile: history, encoding: .utf8)) ?? ""
        #expect(saved.isEmpty)
    }

    @Test func aMissingImportSourceIsSaidAsSuch() throws {
        let r = try runner.run(
            ["fetch", "--from", "/nonexistent/beers.json"], env: ["BREWERY_CATALOGUE": runner.home + "/c.json"])
        #expect(r.status == 1 && r.stderr.contains("nothing to import at '/nonexistent/beers.json'"))
        #expect(!r.stderr.contains("run 'brewery fetch'"))
    }

    /// `--color always|never|auto`, `FORCE_COLOR` and `NO_COLOR`, before or after the
    /// command; piped output has no colour unless asked.
    @Test func colourIsChosenByFlagThenEnvironment() throws {
        let catalogue = runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self))
        let escape = "\u{1B}["
        let plain = try runner.run(["--catalogue", catalogue, "list"], env: ["NO_COLOR": ""])
        #expect(plain.status == 0 && !plain.stdout.contains(escape))
        let always = try runner.run(["--catalogue", catalogue, "list", "--color", "always"])
        #expect(always.stdout.contains(escape))
        let leading = try runner.run(["--color", "always", "--catalogue", catalogue, "list"])
        #expect(leading.stdout.contains(escape))
        let forced = try runner.run(["--catalogue", catalogue, "list"], env: ["FORCE_COLOR": "1"])
        #expect(forced.stdout.contains(escape))
        // First to last, as docs/commands.md says: the flag, FORCE_COLOR, NO_COLOR.
        let both = try runner.run(["--catalogue", catalogue, "list"], env: ["FORCE_COLOR": "1", "NO_COLOR": "1"])
        #expect(both.stdout.contains(escape))
        let never = try runner.run(["--catalogue", catalogue, "list", "--color", "never"], env: ["FORCE_COLOR": "1"])
        #expect(!never.stdout.contains(escape))
        let json = try runner.run(["--catalogue", catalogue, "list", "--json", "--color", "always"])
        #expect(!json.stdout.contains(escape))
        let bad = try runner.run(["--catalogue", catalogue, "list", "--color", "sometimes"])
        #expect(bad.status == 64 && bad.stderr.contains("'auto', 'always' or 'never'"))
    }

    /// The completion scripts ask the binary (`---completion …`, as ArgumentParser's
    /// generated bash, zsh and fish scripts do): beer names, ids and food words of the
    /// catalogue the line names.
    @Test func completionScriptsCompleteBeerNamesAndFoodWords() throws {
        let catalogue = runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self))
        let script = try runner.run(["--generate-completion-script", "bash"])
        #expect(script.stdout.contains("---completion show -- positional@0"))
        let names = try runner.run(
            ["---completion", "show", "--", "positional@0", "2", "4", "brewery", "show", "lant"],
            env: ["BREWERY_CATALOGUE": catalogue])
        #expect(names.stdout.split(separator: "\n").contains("Lantern Lager"))
        let named = try runner.run([
            "---completion", "recommend", "like", "--", "--not", "6", "3", "brewery", "recommend", "like", "--catalogue",
            catalogue, "--not", "tok",
        ])
        #expect(named.stdout.split(separator: "\n") == ["Tokyo* Dreams"])
        let foods = try runner.run(
            ["---completion", "recommend", "food", "--", "positional@0", "3", "3", "brewery", "recommend", "food", "tac"],
            env: ["BREWERY_CATALOGUE": catalogue])
        #expect(foods.stdout.split(separator: "\n").contains("tacos"))
        let none = try runner.run(
            ["---completion", "show", "--", "positional@0", "2", "4", "brewery", "show", "lant"],
            env: ["BREWERY_CATALOGUE": runner.home + "/missing.json"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.isEmpty)
    }
}
