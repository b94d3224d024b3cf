import BreweryCore
import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// The built binary on invented fixtures: output and exit codes, bad input included.
@Suite(.blockingWork) struct OneShotCommandTests {
    let runner = BinaryRunner()
    var fixture: String { runner.file("fixture.json", String(decoding: Fixtures.json(), as: UTF8.self)) }

    @Test func showPrintsTheCardWithHashtags() throws {
        let r = try runner.run(["--catalogue", fixture, "show", "lantern", "lager"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Lantern Lager") && r.stdout.contains("#Crisp #Clean #Bright"))
        #expect(r.stdout.contains("Fish tacos with lime"))
    }

    /// Global options before `help` are taken and have nothing to do (they were an
    /// "Unknown option" error).
    @Test func globalOptionsBeforeHelpAreTaken() throws {
        for args in [["--catalogue", fixture, "help"], ["--json", "help", "show"], ["--catalogue", fixture, "help", "recipe"]] {
            let r = try runner.run(args)
            #expect(r.status == 0 && r.stderr.isEmpty && !r.stdout.isEmpty, "\(args): \(r.stderr)")
        }
    }

    /// `recipe` is `show --recipe`, options and all, and says what it needs.
    @Test func recipeIsShowRecipe() throws {
        for extra in [[], ["--batch", "10l"], ["--units", "us", "--json"], ["--batch", "0"]] {
            let recipe = try runner.run(["--catalogue", fixture, "recipe", "3"] + extra)
            let show = try runner.run(["--catalogue", fixture, "show", "3", "--recipe"] + extra)
            #expect(recipe.status == show.status && recipe.stdout == show.stdout && recipe.stderr == show.stderr, "\(extra)")
            #expect(!(recipe.stdout + recipe.stderr).isEmpty, "\(extra)")
            if extra.isEmpty { #expect(recipe.status == 0) }
            if extra.contains("0") { #expect(recipe.status == 64) }
        }
        let empty = try runner.run(["--catalogue", fixture, "recipe"])
        #expect(empty.status == 64 && empty.stderr.contains("recipe needs a beer id or name"))
    }

    /// A beer both liked and given to --not counts as liked, and the command says so
    /// (the --not was dropped unseen).
    @Test func aBeerBothLikedAndNotLikedIsSaidToCountAsLiked() throws {
        let plain = try runner.run(["--catalogue", fixture, "recommend", "like", "1", "--json"])
        let both = try runner.run(["--catalogue", fixture, "recommend", "like", "1", "--not", "1", "--not", "2", "--json"])
        #expect(both.status == 0 && plain.status == 0)
        #expect(both.stderr == "brewery: note: #1 is both liked and given to --not; it counts as liked\n")
        let notLiked = (both.json as? [String: Any])?["not_liked"] as? [[String: Any]]
        #expect(notLiked?.compactMap { $0["id"] as? Int } == [2])
        #expect(plain.stderr.isEmpty)
        // A command that fails says only its error.
        let bad = try runner.run(["--catalogue", fixture, "recommend", "like", "1", "--not", "1", "--brewed-before", "13-2010"])
        #expect(bad.status == 64 && bad.stderr.split(separator: "\n").count == 1 && bad.stderr.contains("--brewed-before"))
    }

    /// Words that are all ids are several beers, even where a beer's name is those words;
    /// a name starting with a number, unquoted, is still one beer.
    @Test func idsAloneAreIDsNotANameOfNumbers() throws {
        let extra = [
            Beer(id: 10, name: "1 2", abv: 5, ibu: 30, ebc: 10, foodPairing: ["Chicken tacos"]),
            Beer(id: 11, name: "3 Wise Men", abv: 7, ibu: 40, ebc: 60, foodPairing: ["Lemon tart"]),
        ]
        let path = runner.file("numbers.json", String(decoding: Fixtures.json(Fixtures.beers + extra), as: UTF8.self))
        func liked(_ words: [String]) throws -> [Int]? {
            let r = try runner.run(["--catalogue", path, "recommend", "like"] + words + ["--json"])
            let liked = (r.json as? [String: Any])?["liked"] as? [[String: Any]]
            return liked?.compactMap { $0["id"] as? Int }
        }
        #expect(try liked(["1", "2"]) == [1, 2])
        #expect(try liked(["#1", "2"]) == [1, 2])
        #expect(try liked(["3", "Wise", "Men"]) == [11])
        #expect(try liked(["1 2"]) == [10])
    }

    /// A name typed with other spacing is the beer it names, alone or after ids, and
    /// `search` finds it.
    @Test func aNameWithOtherSpacingIsTheBeer() throws {
        let extra = [Beer(id: 12, name: "5am Saint", abv: 5, ibu: 30, ebc: 60, foodPairing: ["Roast duck"])]
        let path = runner.file("saint.json", String(decoding: Fixtures.json(Fixtures.beers + extra), as: UTF8.self))
        func liked(_ words: [String]) throws -> [Int]? {
            let r = try runner.run(["--catalogue", path, "recommend", "like"] + words + ["--json"])
            let liked = (r.json as? [String: Any])?["liked"] as? [[String: Any]]
            return liked?.compactMap { $0["id"] as? Int }
        }
        #expect(try liked(["5", "AM", "Saint"]) == [12])
        #expect(try liked(["5am", "saint"]) == [12])
        #expect(try liked(["Hashtag", "2031"]) == [5])
        // An id, then a name not in quotes: still not one beer.
        #expect(try liked(["1", "Hashtag", "2031"]) == nil)
        let show = try runner.run(["--catalogue", path, "show", "5", "AM", "Saint"])
        #expect(show.status == 0 && show.stdout.contains("5am Saint"))
        let search = try runner.run(["--catalogue", path, "search", "5 am saint", "--json"])
        #expect(search.status == 0 && search.stdout.contains("\"5am Saint\""))
    }

    /// `list --sort` orders the page (with filters too) and says so; a bad order is a
    /// usage error.
    @Test func listSortsByAValueAndSaysSo() throws {
        let r = try runner.run(["--catalogue", fixture, "list", "--sort", "abv", "--reverse", "--limit", "3"])
        #expect(r.status == 0 && r.stdout.contains("by abv, highest first, 3 per page"))
        let json = try runner.run(["--catalogue", fixture, "list", "--sort", "abv", "--reverse", "--limit", "3", "--json"])
        let ids = ((json.json as? [String: Any])?["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }
        #expect(ids == [6, 4, 3])
        // A leading minus is highest first, as the server's sort=-abv; --reverse turns it back.
        let minus = try runner.run(["--catalogue", fixture, "list", "--sort", "-abv", "--limit", "3", "--json"])
        #expect(minus.status == 0, "\(minus.stderr)")
        #expect(((minus.json as? [String: Any])?["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == ids)
        let back = try runner.run(["--catalogue", fixture, "list", "--sort", "-abv", "--reverse", "--limit", "3"])
        #expect(back.stdout.contains("by abv, lowest first"))
        let bad = try runner.run(["--catalogue", fixture, "list", "--sort", "colour"])
        #expect(bad.status == 64 && bad.stderr.contains("'id', 'name', 'abv', 'ibu' or 'ebc'"))
    }

    @Test func showJSONIsTheBeerObject() throws {
        let r = try runner.run(["show", "3", "--catalogue", fixture, "--json"])
        let obj = try #require(r.json as? [String: Any])
        #expect(obj["id"] as? Int == 3 && obj["ibu"] is NSNull)
    }

    @Test(arguments: [
        ("missing.json", nil as String?),
        ("empty.json", ""),
        ("truncated.json", "[{\"id\": 1, \"name\": \"A\""),
        ("html.json", "<html>nope</html>"),
        ("object.json", "{\"beers\": []}"),
        ("negative-id.json", "[{\"id\": -1, \"name\": \"A\"}]"),
    ])
    func aBadCatalogueIsOneLineNamingTheFileAndExitsOne(_ name: String, _ contents: String?) throws {
        let path = contents.map { runner.file(name, $0) } ?? runner.home + "/" + name
        let r = try runner.run(["--catalogue", path, "show", "1"])
        #expect(r.status == 1)
        #expect(r.stderr.contains(path))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stdout.isEmpty)
    }

    @Test func unknownIdOrNameFailsWithSuggestions() throws {
        let id = try runner.run(["--catalogue", fixture, "show", "404"])
        #expect(id.status == 1 && id.stderr.contains("no beer with id 404"))
        let name = try runner.run(["--catalogue", fixture, "recommend", "like", "lantrn", "lagr"])
        #expect(name.status == 1 && name.stderr.contains("Lantern Lager"))
    }

    @Test func usageErrorsExit64() throws {
        #expect(try runner.run(["--catalogue", fixture, "frobnicate"]).status == 64)
        #expect(try runner.run(["--catalogue", fixture, "list", "--page", "0"]).status == 64)
        #expect(try runner.run(["--catalogue", fixture, "recommend", "like", "1", "--weights", "hopz=2"]).status == 64)
        #expect(try runner.run(["--catalogue", fixture, "recommend", "like", "1", "--limit", "x"]).status == 64)
    }

    @Test func recommendFoodJSONCarriesMatchAndCorrections() throws {
        let r = try runner.run(["--catalogue", fixture, "recommend", "food", "venisson", "--json"])
        let obj = try #require(r.json as? [String: Any])
        #expect(obj["match"] as? String == "all")
        #expect(obj["corrections"] as? [String: String] == ["venisson": "venison"])
        let none = try runner.run(["--catalogue", fixture, "recommend", "food", "poutine", "--json"])
        #expect(none.status == 0)
        #expect((none.json as? [String: Any])?["match"] as? String == "none")
    }

    @Test func recommendFoodExplainShowsTheScoreParts() throws {
        let text = try runner.run(["--catalogue", fixture, "recommend", "food", "chicken", "tacos", "--explain"])
        #expect(text.stdout.contains("tier: one pairing holds every word") && text.stdout.contains("words (weight): chicken"))
        let json = try runner.run(["--catalogue", fixture, "recommend", "food", "chicken", "haggis", "--explain", "--json"])
        let first = try #require(((json.json as? [String: Any])?["results"] as? [[String: Any]])?.first)
        let breakdown = try #require(first["breakdown"] as? [String: Any])
        #expect(breakdown["tier"] as? String == "some words")
        let words = try #require(breakdown["words"] as? [[String: Any]])
        #expect(words.map { $0["matched"] as? Bool } == [true, false])
    }

    @Test func listPagesLikeThePunkAPI() throws {
        let r = try runner.run(["--catalogue", fixture, "list", "--page", "2", "--per-page", "3", "--json"])
        let obj = try #require(r.json as? [String: Any])
        #expect(obj["pages"] as? Int == 3 && obj["page"] as? Int == 2)
        #expect((obj["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [4, 5, 6])
        // `--limit`, as every other listing takes, is the page size.
        let limited = try runner.run(["--catalogue", fixture, "list", "--page", "2", "--limit", "3", "--json"])
        #expect(limited.status == 0 && limited.stdout == r.stdout, "\(limited.stderr)")
        // 0 is every beer on one page, as `--limit 0` is every result elsewhere.
        let all = try runner.run(["--catalogue", fixture, "list", "--limit", "0", "--json"])
        let allObj = try #require(all.json as? [String: Any])
        #expect(allObj["pages"] as? Int == 1 && (allObj["results"] as? [Any])?.count == 8)
        let negative = try runner.run(["--catalogue", fixture, "list", "--limit", "-1"])
        #expect(negative.status == 64 && negative.stderr.contains("--limit"))
    }

    @Test func fetchFromAFileReplacesTheStoreAndABrokenOneDoesNot() throws {
        let store = runner.home + "/store/catalogue.json"
        let ok = try runner.run(["fetch", "--from", fixture], env: ["BREWERY_CATALOGUE": store])
        #expect(ok.status == 0 && ok.stdout.contains("Fetched 8 beers"))
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let bad = try runner.run(["fetch", "--from", runner.file("bad.json", "[{\"id\":1,")], env: ["BREWERY_CATALOGUE": store])
        #expect(bad.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        let stats = try runner.run(["stats"], env: ["BREWERY_CATALOGUE": store])
        #expect(stats.stdout.contains("8 beers") && stats.stdout.contains(fixture))
        // The source may be an argument, as users type it; given twice, differently, it is refused.
        let argument = try runner.run(["fetch", fixture], env: ["BREWERY_CATALOGUE": store])
        #expect(argument.status == 0 && argument.stdout.contains("Fetched 8 beers"), "\(argument.stderr)")
        let twice = try runner.run(["fetch", fixture, "--from", "/elsewhere.json"], env: ["BREWERY_CATALOGUE": store])
        #expect(twice.status == 64 && twice.stderr.contains("fetch takes one source"))
    }

    @Test func synthIsDeterministic() throws {
        let a = runner.home + "/a.json"
        let b = runner.home + "/b.json"
        #expect(try runner.run(["synth", "--count", "200", "--seed", "9", "--out", a]).status == 0)
        #expect(try runner.run(["synth", "--count", "200", "--seed", "9", "--out", b]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
    }

    @Test func synthClonesASeedCatalogueIntoACompactFile() throws {
        let out = runner.home + "/clones.json"
        let r = try runner.run(["synth", "--count", "50", "--from", fixture, "--layout", "compact", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(!bytes.contains(UInt8(ascii: "\n")))
        let shown = try runner.run(["--catalogue", out, "show", "50"])
        #expect(shown.status == 0 && shown.stdout.contains(" No. 50"), "\(shown.stdout)")
        let missing = try runner.run(["synth", "--count", "5", "--from", runner.home + "/none.json", "--out", out])
        #expect(missing.status == 1 && missing.stderr.contains("none.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == bytes)
    }
}

/// The built binary on the real v2 catalogue in ../shared.
@Suite(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"), .blockingWork)
struct RealCatalogueCommandTests {
    let runner = BinaryRunner()
    var v2: String { SharedData.punkAPI("v2") }

    @Test func show192IsPunkIPA2007() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let r = try runner.run(["--catalogue", v2, "show", "192"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("Punk IPA 2007 - 2010"))
        #expect(r.stdout.contains("#Spiky #Tropical #Hoppy"))
    }

    @Test func show192PrintsTheWholeRecipeAndScalesIt() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let card = try runner.run(["--catalogue", v2, "show", "192"], env: ["COLUMNS": "80"])
        for part in [
            "Recipe for 20 l (boil 25 l)", "OG 1.056   FG 1.010", "Mash      65 °C for 75 min", "Extra Pale  5.3 kg",
            "Wyeast 1056",
        ] {
            #expect(card.stdout.contains(part), "\(part)")
        }
        // Hops in brewing order: every start before every middle before every end.
        let when = card.stdout.split(separator: "\n").compactMap { line in
            ["start", "middle", "end"].first { line.contains("  \($0)  ") }
        }
        #expect(
            when
                == when.sorted {
                    ["start", "middle", "end"].firstIndex(of: $0)! < ["start", "middle", "end"].firstIndex(of: $1)!
                })
        #expect(when.count == 8)
        let us = try runner.run(["--catalogue", v2, "show", "192", "--batch", "5gal", "--units", "us", "--recipe", "--json"])
        let doc = try #require(us.json as? [String: Any])
        #expect((doc["batch_volume"] as? [String: Any])?["value"] as? Double == 5)
        #expect(((doc["malts"] as? [[String: Any]])?.first?["amount"] as? [String: Any])?["unit"] as? String == "lb")
        #expect(
            (doc["mash"] as? [[String: Any]])?.first.flatMap { ($0["temperature"] as? [String: Any])?["value"] as? Double } == 149
        )
        let plain = try runner.run(["--catalogue", v2, "show", "192", "--json"])
        #expect((plain.json as? [String: Any])?["image_url"] != nil, "--json alone keeps the Punk API shape")
        let bad = try runner.run(["--catalogue", v2, "show", "192", "--batch", "13 pints"])
        #expect(bad.status == 64 && bad.stderr.contains("such as 10l"))
    }

    @Test func ingredientsListTheCatalogueYeastsAndHopsAcrossSpellings() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let yeast = try runner.run(["--catalogue", v2, "ingredients", "yeast", "wyeast", "1056", "--json"])
        let rows = try #require((yeast.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(rows.count == 1 && rows[0]["name"] as? String == "Wyeast 1056 - American Ale™")
        #expect((rows[0]["beers"] as? Int ?? 0) > 100)
        let hops = try runner.run(["--catalogue", v2, "ingredients", "hops", "nelson", "--limit", "0"])
        #expect(hops.stdout.contains("Nelson Sauvin") && hops.stdout.contains("NZ Nelson Sauvin"))
        let bad = try runner.run(["--catalogue", v2, "ingredients", "spices"])
        #expect(bad.status == 64)
    }

    @Test func recommendLike192ListsItsSuccessorWithReasons() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let r = try runner.run(["--catalogue", v2, "recommend", "like", "192", "--json"])
        let results = try #require((r.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(results.prefix(3).contains { $0["id"] as? Int == 106 })
        #expect(results.allSatisfy { !($0["reason"] as? String ?? "").isEmpty })
    }

    @Test func recommendLikeSeveralBeersAndNotLikeOne() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let one = try runner.run(["--catalogue", v2, "recommend", "like", "192", "--json"])
        let first = try #require(((one.json as? [String: Any])?["results"] as? [[String: Any]])?.first)
        #expect(first["id"] as? Int == 106)
        #expect((first["same_yeast"] as? [String])?.first?.hasPrefix("Wyeast 1056") == true)
        let three = try runner.run(["--catalogue", v2, "recommend", "like", "192", "106", "Dead Pony Club", "--json"])
        let doc = try #require(three.json as? [String: Any])
        #expect((doc["liked"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [192, 106, 91])
        let ids = (doc["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
        #expect(ids.count == 10 && Set(ids).isDisjoint(with: [192, 106, 91]))
        let not = try runner.run(["--catalogue", v2, "recommend", "like", "192", "--not", "106", "--limit", "5"])
        #expect(not.status == 0 && not.stdout.contains("not like Punk IPA 2010 - Current (#106)"))
        let unquoted = try runner.run(["--catalogue", v2, "recommend", "like", "192", "Dead", "Pony", "Club"])
        #expect(unquoted.status == 64 && unquoted.stderr.contains("in quotes"))
    }

    @Test func recommendFoodTacosListsTacoBeersFirst() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let r = try runner.run(["--catalogue", v2, "recommend", "food", "tacos", "--limit", "0", "--json"])
        let results = try #require((r.json as? [String: Any])?["results"] as? [[String: Any]])
        // The 21 beers whose pairings say tacos, then those a taco dish matched (burrito…), each saying so.
        #expect(results.prefix(21).allSatisfy { ($0["pairing"] as? String ?? "").lowercased().contains("taco") })
        #expect(results.contains { ($0["pairing"] as? String ?? "").lowercased().contains("beef taco") })
        #expect(results.count > 21 && results.dropFirst(21).allSatisfy { $0["matched_as"] != nil })
    }

    @Test func recommendFoodSaysPartialForWordsInSeparatePairingsAndReadsDataTypos() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let spread = try runner.run(["--catalogue", v2, "recommend", "food", "pumpkin", "chicken", "--json"])
        #expect((spread.json as? [String: Any])?["match"] as? String == "partial")
        let text = try runner.run(["--catalogue", v2, "recommend", "food", "pumpkin", "chicken"])
        #expect(
            text.stdout.hasPrefix("No pairing has both 'pumpkin' and 'chicken'; Pumpkin King has them in separate pairings.\n"))
        let typo = try runner.run(["--catalogue", v2, "recommend", "food", "jalepeno", "--limit", "0", "--json"])
        let results = try #require((typo.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(results.count == 7)
        #expect(results.filter { ($0["pairing"] as? String ?? "").lowercased().contains("jalapeño") }.count == 6)
    }

    @Test func searchToleratesTypos() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let r = try runner.run(["--catalogue", v2, "search", "punk", "ipaa", "--json"])
        let names = ((r.json as? [String: Any])?["results"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.prefix(2).allSatisfy { $0.hasPrefix("Punk IPA") })
    }
}
