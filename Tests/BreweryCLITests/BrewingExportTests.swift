import BreweryCore
import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// `recipe --format beerxml|beerjson` and `export`: what a brewer hands to a brewing app,
/// through the built binary on invented beers (the real catalogue is checked by
/// `.ci/brewing` with the formats' own validators).
@Suite(.blockingWork) struct BrewingExportTests {
    let runner = BinaryRunner()

    /// The fixtures (all but two without a recipe), one with a recipe named with markup.
    var fixture: String {
        var hostile = Fixtures.everyField
        hostile.id = 99
        hostile.name = "<script>alert(1)</script> & Sons"
        let beers = Fixtures.beers + [Fixtures.everyField, hostile]
        return runner.file("brewing.json", String(decoding: Fixtures.json(beers), as: UTF8.self))
    }

    @Test func aRecipeAsBeerXMLIsWellFormedAndEscaped() throws {
        let r = try runner.run(["--catalogue", fixture, "recipe", "99", "--format", "beerxml"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<RECIPES>\n  <RECIPE>\n"))
        #expect(r.stdout.contains("<NAME>&lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons</NAME>"))
        #expect(!r.stdout.contains("<script>"))
        // Every element closes in order (the formats' own parsers run in .ci/brewing).
        var open: [Substring] = []
        for tag in r.stdout.split(separator: "<").dropFirst(1).map({ $0.prefix { $0 != ">" } }) {
            if tag.hasPrefix("/") {
                #expect(open.popLast() == tag.dropFirst(), "</\(tag.dropFirst())>")
            } else if !tag.hasSuffix("/") {
                open.append(tag)
            }
        }
        #expect(open.isEmpty)
        #expect(r.stdout.contains("Brewery id 99"))
    }

    @Test func aRecipeAsBeerJSONIsJSONWithTheStandardsRoot() throws {
        let r = try runner.run(["--catalogue", fixture, "recipe", "9002", "--format", "beerjson", "--batch", "5gal"])
        #expect(r.status == 0, "\(r.stderr)")
        let root = try #require(r.json as? [String: Any])
        let beerjson = try #require(root["beerjson"] as? [String: Any])
        #expect(beerjson["version"] as? Double == 1)
        let recipes = try #require(beerjson["recipes"] as? [[String: Any]])
        #expect(recipes.count == 1)
        let batch = try #require(recipes[0]["batch_size"] as? [String: Any])
        #expect(batch["unit"] as? String == "l")
        #expect(abs((batch["value"] as? Double ?? 0) - 18.9271) < 1e-3)
        // The unit typed apart from its number is the batch's, not a word of the beer's name.
        let apart = try runner.run(["--catalogue", fixture, "recipe", "9002", "--format", "beerjson", "--batch", "5", "gal"])
        #expect(apart.status == 0 && apart.stdout == r.stdout, "\(apart.stderr)")
    }

    @Test func exportWritesEveryChosenRecipeToOneFileAndSaysHowMany() throws {
        let out = (runner.home + "/all.xml")
        let r = try runner.run(["--catalogue", fixture, "export", "--format", "beerxml", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let withRecipe = 2
        #expect(text.components(separatedBy: "<RECIPE>").count - 1 == withRecipe)
        #expect(r.stderr.contains("wrote \(withRecipe) recipes to \(out)"))
        let json = (runner.home + "/some.json")
        let some = try runner.run(["--catalogue", fixture, "export", "--format", "beerjson", "--ids", "99,9002,1", "--out", json])
        #expect(some.status == 0, "\(some.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        let recipes = (doc?["beerjson"] as? [String: Any])?["recipes"] as? [[String: Any]]
        #expect(recipes?.count == 2)
    }

    @Test func exportTakesTheBeersNamedInTheirOrderWithABatchTypedApart() throws {
        let r = try runner.run([
            "--catalogue", fixture, "export", "99", "9002", "99", "--format", "beerjson", "--batch", "5", "gal",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let recipes = try #require(((r.json as? [String: Any])?["beerjson"] as? [String: Any])?["recipes"] as? [[String: Any]])
        // Named twice, written once; in the order named.
        #expect(recipes.count == 2)
        #expect((recipes.first?["notes"] as? String)?.contains("Brewery id 99") == true)
        let batch = try #require(recipes.last?["batch_size"] as? [String: Any])
        #expect(abs((batch["value"] as? Double ?? 0) - 18.9271) < 1e-3)
        // A beer named without a recipe, and filters the beers named do not pass.
        for (args, words) in [
            (["1"], "none of the beers named has a recipe"),
            (["99", "--abv-gt", "99"], "none of the beers named with a recipe passes these filters"),
        ] {
            let none = try runner.run(["--catalogue", fixture, "export", "--format", "beerxml"] + args)
            #expect(none.status == 1 && none.stderr.contains(words), "\(args): \(none.stderr)")
        }
    }

    @Test func badExportsSayWhyInOneLineAndLeaveTheFileAlone() throws {
        let out = runner.file("keep.xml", "mine\n")
        for (args, status, words) in [
            (["export", "--out", out], 64, "export needs --format beerxml"),
            (["export", "--format", "beerxml", "--abv-gt", "99", "--out", out], 1, "nothing was exported"),
            (["export", "--format", "beerxml", "--batch", "lots", "--out", out], 64, "--batch: 'lots' is not a batch size"),
            (["export", "--format", "beerxml", "--out", (runner.home + "/no/such/dir/x.xml")], 1, "cannot write"),
            (["list", "--format", "beerxml"], 64, "--format beerxml is for recipes"),
            (["recommend", "like", "1", "--format", "beerjson"], 64, "--format beerjson is for recipes"),
        ] {
            let r = try runner.run(["--catalogue", fixture] + args)
            #expect(r.status == Int32(status), "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(words), "\(args): \(r.stderr)")
        }
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "mine\n")
    }
}
