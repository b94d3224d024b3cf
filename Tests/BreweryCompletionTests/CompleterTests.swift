import BreweryCompletion
import BreweryCore
import BreweryTestSupport
import Testing

@Suite struct CompleterTests {
    let grammar = CommandGrammar(commands: [
        .init(
            "recommend",
            subcommands: [
                .init(
                    "like", options: [.init("--limit", takesValue: true, values: ["5", "10"]), .init("--json")], argument: .beer),
                .init("food", options: [.init("--limit", takesValue: true)], argument: .food),
            ]),
        .init("show", options: [.init("--json")], argument: .beer),
        .init("timing", argument: .choice(["on", "off"])),
    ])
    var completer: Completer { Completer(grammar: grammar, catalogue: Fixtures.catalogue) }

    @Test func commandsAndSubcommands() {
        #expect(completer.complete("rec").commonPrefix == "recommend")
        #expect(completer.complete("recommend l").candidates == ["recommend like"])
        #expect(completer.complete("timing o").candidates == ["timing on", "timing off"])
        #expect(completer.complete("recommend like --li").candidates == ["recommend like --limit"])
    }

    /// A value of several words is offered quoted, and found from its first letters typed
    /// with or without the quote (`--style imper` → `--style "imperial stout"`).
    @Test func aValueOfSeveralWordsIsOfferedQuoted() {
        let grammar = CommandGrammar(commands: [
            .init(
                "list",
                options: [.init("--style", takesValue: true, values: ["\"imperial stout\"", "saison", "\"imperial ipa\""])])
        ])
        let completer = Completer(grammar: grammar, catalogue: Fixtures.catalogue)
        #expect(completer.complete("list --style imperial s").candidates.isEmpty)
        #expect(
            completer.complete("list --style imper").candidates == [
                "list --style \"imperial stout\"", "list --style \"imperial ipa\"",
            ])
        #expect(completer.complete("list --style \"imperial st").candidates == ["list --style \"imperial stout\""])
        #expect(completer.complete("list --style sai").candidates == ["list --style saison"])
    }

    /// Inside an open quote the words are one value: completion goes on there.
    @Test func completionGoesOnInsideAnOpenQuote() {
        var beers = Fixtures.beers
        beers[0].ingredients = Beer.Ingredients(
            hops: [Beer.Hop(name: "Nelson Sauvin", amount: nil, add: "end", attribute: "aroma")],
            yeast: "Wyeast 1056 - American Ale")
        beers[1].ingredients = Beer.Ingredients(
            hops: [Beer.Hop(name: "Nelson Sauvin", amount: nil, add: "end", attribute: "aroma")],
            yeast: "Wyeast 1272 - American Ale II")
        let grammar = CommandGrammar(commands: [
            .init(
                "list",
                options: [
                    .init("--yeast", takesValue: true, ingredients: .yeast),
                    .init("--hops", takesValue: true, ingredients: .hops),
                ])
        ])
        let c = Completer(grammar: grammar, catalogue: Catalogue(beers: beers))
        #expect(c.complete("list --yeast \"wyeast 12").candidates == ["list --yeast \"Wyeast 1272 - American Ale II\""])
        #expect(c.complete("list --yeast \"Wyeast ").candidates.count == 2)
        #expect(c.complete("list --hops \"nelson s").candidates == ["list --hops \"Nelson Sauvin\""])
        // A closed quote ends the value: what follows is the next word.
        #expect(c.complete("list --hops \"Nelson Sauvin\" --ye").candidates == ["list --hops \"Nelson Sauvin\" --yeast"])
    }

    @Test func optionValuesCompleteBeforeAndAfterTheBeer() {
        #expect(completer.complete("recommend like --limit ").display == ["5", "10"])
        #expect(completer.complete("recommend like 3 --limit ").display == ["5", "10"])
        #expect(completer.complete("recommend like --limit 5 lantern l").candidates.count == 2)
    }

    @Test func namesWithSpacesExtendToTheCommonPrefixThenList() {
        let c = completer.complete("recommend like lantern l")
        #expect(c.commonPrefix == "recommend like Lantern Lager")
        #expect(c.display == ["Lantern Lager", "Lantern Lager Reserve"])
    }

    @Test(arguments: [
        ("ab", "AB:99"), ("#h", "#Hashtag 2031"), ("hello my name is zo", "Hello My Name Is Zoë"), ("sink", "Sink The Ship!"),
        ("tokyo", "Tokyo* Dreams"), ("this.is", "This.Is.Porter."),
    ])
    func awkwardNamesCompleteFully(_ typed: String, _ name: String) {
        let c = completer.complete("show " + typed)
        #expect(c.candidates == ["show " + name])
        #expect(c.commonPrefix == "show " + name)
    }

    @Test func eachBeerOfSeveralCompletesAfterIdsAndQuotedNames() throws {
        // After an id, the next beer: a name with spaces goes in quoted.
        let c = completer.complete("recommend like 4 lantern l")
        #expect(c.display == ["Lantern Lager", "Lantern Lager Reserve"])
        #expect(c.candidates == ["recommend like 4 \"Lantern Lager\"", "recommend like 4 \"Lantern Lager Reserve\""])
        #expect(c.commonPrefix == "recommend like 4 \"Lantern Lager")
        // The shared start, completed again, still finds both.
        #expect(completer.complete(c.commonPrefix).display.count == 2)
        // After a quoted name, the next one.
        let third = completer.complete("recommend like \"Lantern Lager\" 4 tok")
        #expect(third.candidates == ["recommend like \"Lantern Lager\" 4 \"Tokyo* Dreams\""])
        #expect(try LineSplitter.split(third.candidates[0]) == ["recommend", "like", "Lantern Lager", "4", "Tokyo* Dreams"])
        // The first beer still completes as typed, unquoted.
        #expect(completer.complete("recommend like lantern lager r").candidates == ["recommend like Lantern Lager Reserve"])
    }

    @Test func aWordInsideANameCompletesWhenNoNameStartsSo() {
        #expect(completer.complete("show porter").candidates == ["show This.Is.Porter."])
    }

    @Test func idsCompleteWithNamesShown() {
        let c = completer.complete("recommend like 5")
        #expect(c.candidates == ["recommend like 5"])
        #expect(c.display == ["5 #Hashtag 2031"])
    }

    /// Food words complete to the vocabulary's proper words: the misspelling the data
    /// holds ("chocloate", joined to chocolate) still matches a query but is not offered.
    @Test func foodWordsComplete() {
        let c = completer.complete("recommend food choc")
        #expect(c.display.contains("chocolate") && !c.display.contains("chocloate"))
        #expect(
            Fixtures.catalogue.food.vocabulary.concept(forWord: "chocloate")
                == Fixtures.catalogue.food.vocabulary.concept(forWord: "chocolate"))
        #expect(completer.complete("recommend food chicken ta").candidates.contains("recommend food chicken tacos"))
    }

    /// What the food knowledge reads completes too, though no pairing says it: a
    /// concept's name, of one word or several, and a member ("gelato", "patatas bravas").
    @Test func foodConceptsAndMembersComplete() {
        #expect(completer.complete("recommend food shellf").candidates == ["recommend food shellfish"])
        #expect(completer.complete("recommend food sund").candidates.contains("recommend food sunday roast"))
        #expect(completer.complete("recommend food gela").display == ["gelato"])
        #expect(completer.complete("recommend food patatas").display == ["patatas bravas"])
        #expect(completer.complete("recommend food toad").display.contains("toad in the hole"))
        // The pairings' words first ("chocolate"), then what the knowledge adds, each once.
        let ch = completer.complete("recommend food ch").display
        #expect(ch.first.flatMap { Fixtures.catalogue.food.vocabulary.concept(forWord: $0) } != nil)
        #expect(Set(ch).count == ch.count && ch.contains("cheeseboard"))
        #expect(ch.firstIndex(of: "chocolate")! < ch.firstIndex(of: "cheeseboard")!)
    }

    /// A dish of several words completes from its later words too: the words typed before
    /// begin it. A word no pairing says ("dim", "toad") is there only as the start of a
    /// dish, so the dishes alone are offered; after a word the pairings say ("beef"), the
    /// dishes come first and the pairings' words follow.
    @Test func aDishOfSeveralWordsCompletesFromItsLaterWords() {
        #expect(completer.complete("recommend food dim s").candidates == ["recommend food dim sum"])
        #expect(completer.complete("recommend food Toad in the h").candidates == ["recommend food toad in the hole"])
        #expect(completer.complete("recommend food toad i").candidates == ["recommend food toad in the hole"])
        let beef = completer.complete("recommend food beef w")
        #expect(beef.display.first == "beef wellington")
        #expect(beef.candidates.first == "recommend food beef wellington")
        #expect(beef.display.contains("wings") && beef.candidates.contains("recommend food beef wings"))
        // A stop word ("and") begins no dish by itself.
        let fish = completer.complete("recommend food fish and c").display
        #expect(fish.first == "fish and chips" && fish.contains("chocolate"))
        // Earlier words of the line that begin no dish leave the word to complete alone.
        #expect(completer.complete("recommend food spicy dim s").candidates == ["recommend food spicy dim sum"])
        #expect(completer.complete("recommend food --limit 3 dim s").candidates == ["recommend food --limit 3 dim sum"])
        #expect(!completer.complete("recommend food dim --limit 3 s").display.contains("dim sum"))
        // A line reached both as a dish and through a pairing's word is offered once.
        let chips = Completer(
            grammar: grammar,
            catalogue: Catalogue(beers: [
                Beer(id: 1, name: "A", foodPairing: ["Fish pie"]), Beer(id: 2, name: "B", foodPairing: ["Chips and dips"]),
            ]))
        let offered = chips.complete("recommend food fish and chi").candidates
        #expect(offered.first == "recommend food fish and chips")
        #expect(offered.filter { $0 == "recommend food fish and chips" }.count == 1)
    }

    @Test func nothingToCompleteIsEmpty() {
        #expect(completer.complete("frobnicate x").candidates.isEmpty)
        #expect(completer.complete("show qqq").candidates.isEmpty)
    }

    /// A command on the user's beers (`unrate`) offers those first: all of them for
    /// nothing typed, those matching what is typed, and every beer when none matches or
    /// the list is empty.
    @Test func aCommandOnYourBeersOffersThemFirst() {
        let grammar = CommandGrammar(commands: [
            .init("unrate", options: [.init("--taste", takesValue: true)], argument: .kept(.ratings)),
            .init("unwish", argument: .kept(.wishlist)),
        ])
        let rated = [TastedBeer(id: 2, name: "Lantern Lager Reserve"), TastedBeer(id: 7, name: "Tokyo* Dreams")]
        let elsewhere = [TastedBeer(id: 1, name: "Lantern Lager")]
        let c = Completer(grammar: grammar, catalogue: Fixtures.catalogue) { list, typed in
            guard list == .ratings else { return [] }
            return typed["--taste"] == "/tmp/other taste.sqlite" ? elsewhere : rated
        }
        #expect(c.complete("unrate ").display == ["Lantern Lager Reserve", "Tokyo* Dreams"])
        #expect(c.complete("unrate lan").candidates == ["unrate Lantern Lager Reserve"])
        #expect(c.complete("unrate 7").candidates == ["unrate 7"])
        // None of the user's: every beer, as `show` completes.
        #expect(c.complete("unrate sink").candidates == ["unrate Sink The Ship!"])
        // An empty list: as any beer argument.
        #expect(c.complete("unwish lan").display == ["Lantern Lager", "Lantern Lager Reserve"])
        #expect(c.complete("unwish ").candidates.isEmpty)
        // Another store named on the line: its beers, not the default store's.
        #expect(c.complete("unrate --taste '/tmp/other taste.sqlite' ").display == ["Lantern Lager"])
        #expect(c.complete("unrate --taste '/tmp/other taste.sqlite' lan").candidates.count == 1)
    }
}

/// Ingredient names complete after --hops, --malt and --yeast, quoted when they must be.
@Suite struct IngredientCompletionTests {
    let completer = Completer(
        grammar: CommandGrammar(commands: [
            .init(
                "list",
                options: [
                    .init("--hops", takesValue: true, ingredients: .hops),
                    .init("--yeast", takesValue: true, ingredients: .yeast),
                ])
        ]),
        catalogue: Catalogue(beers: [Fixtures.everyField]))

    @Test func aNameWithSpacesCompletesQuotedAndReadsBackAsOneWord() throws {
        let c = completer.complete("list --hops nel")
        #expect(c.candidates == ["list --hops \"Nelson Sauvin™\""])
        #expect(try LineSplitter.split(c.candidates[0]) == ["list", "--hops", "Nelson Sauvin™"])
        #expect(completer.complete("list --yeast wy").display == ["Wyeast 1056 - American Ale™"])
    }

    @Test func quotingRoundTrips() throws {
        for word in ["plain", "two words", "Morag's Mojito", "say \"hi\"", "back\\slash"] {
            #expect(try LineSplitter.split("x " + LineSplitter.quoted(word)) == ["x", word])
        }
    }
}

/// A completed name makes a line the shell reads back as the same name.
@Suite struct CompletedNamesReadBackTests {
    static let names = ["Morag's Mojito - B-Sides", "Dogs' Dinner", "Say \"Hi\" Stout", "Back\\slash Bitter", "Rock'n'Roll"]
    let completer = Completer(
        grammar: CommandGrammar(commands: [.init("show", argument: .beer)]),
        catalogue: Catalogue(beers: names.enumerated().map { Beer(id: $0.offset + 1, name: $0.element) }))

    @Test(arguments: names)
    func theCompletedLineSplitsBackToTheName(_ name: String) throws {
        let typed = "show " + String(name.prefix(3))
        let c = completer.complete(typed)
        let line = try #require(c.candidates.first { $0.contains(name.prefix(3)) })
        let words = try LineSplitter.split(line)
        #expect(words.dropFirst().joined(separator: " ") == name.split(separator: " ").joined(separator: " "))
    }

    @Test func anApostropheInsideAWordIsPartOfIt() throws {
        #expect(try LineSplitter.split("show Bracken's Porter") == ["show", "Bracken's", "Porter"])
        #expect(try LineSplitter.split("show 'a b'") == ["show", "a b"])
        #expect(throws: LineSplitter.Failure.unbalancedQuote("'")) { try LineSplitter.split("show 'open") }
    }
}
