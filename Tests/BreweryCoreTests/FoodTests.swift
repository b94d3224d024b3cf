import BreweryCore
import BreweryTestSupport
import Testing

@Suite struct FoodTests {
    let catalogue = Fixtures.catalogue

    func concept(_ w: String) -> Int32? { catalogue.food.vocabulary.concept(forWord: w) }

    @Test func pluralsSingularsAndDataTyposShareAConcept() {
        #expect(concept("taco") != nil && concept("taco") == concept("tacos"))
        #expect(concept("brownies") == concept("brownie"))
        #expect(concept("cherry") == concept("cherries"))
        // "chocloate" appears once next to many "chocolate": a typo inside the data.
        #expect(concept("chocloate") == concept("chocolate"))
    }

    @Test func compoundsAndRelatedWordsStayDistinct() {
        #expect(concept("cheesecake") != concept("cheese"))
        #expect(concept("cake") != concept("cheesecake"))
        #expect(concept("roast") != concept("roasted"))
        let roast = concept("roast")!
        let roasted = concept("roasted")!
        #expect(catalogue.food.vocabulary.relatedConcepts[Int(roast)].contains(roasted))
    }

    /// Two words the pairings write as one are that word ("fish cakes", "sea food", whose
    /// "food" is a stop word), unless more pairings hold the two apart.
    @Test func wordsTypedApartAreTheOneWordThePairingsWrite() throws {
        func ids(_ pairings: [[String]], _ query: String) throws -> [Int] {
            let c = Catalogue(
                beers: pairings.enumerated().map { Beer(id: $0.offset + 1, name: "B\($0.offset)", foodPairing: $0.element) })
            return try FoodRanker(catalogue: c, knowledge: .empty).rank(query, limit: nil).hits.map { c.beers[$0.index].id }
        }
        let joined = [["Thai fishcakes"], ["Fish tacos", "Rock cakes"], ["Seafood platter"], ["Sea bass"]]
        #expect(try ids(joined, "fish cakes") == [1])
        #expect(try ids(joined, "sea food") == [3])
        // Written apart more often than together: read as typed.
        let apart = [["Fish cakes with dill"], ["Crab and fish cakes"], ["Thai fishcakes"]]
        #expect(try ids(apart, "fish cakes").prefix(2).sorted() == [1, 2])
    }

    @Test func aTypoIsCorrectedAndReported() throws {
        let r = try FoodRanker(catalogue: catalogue).rank("venisson", limit: nil)
        #expect(r.query.corrections == ["venisson": "venison"])
        #expect(r.hits.map { catalogue.beers[$0.index].id } == [4])
        #expect(r.match == .all)
    }

    /// A real word (one of the dictionary's) is never corrected into another, nor given
    /// "closest words": "sunday" is not a typo of "sundae".
    @Test func aRealWordIsNeverCorrectedIntoAnother() throws {
        var beers = Fixtures.beers
        beers[0].foodPairing = ["Chocolate sundae"]
        beers[1].foodPairing = ["Roast beef with gravy"]
        let c = Catalogue(beers: beers)
        let guessing = try FoodRanker(catalogue: c, knowledge: .empty).rank("sunday roast", limit: nil)
        #expect(guessing.query.corrections == ["sunday": "sundae"])
        let dictionary = WordList(text: "roast\nSunday\nsundae\nisn't\n")
        #expect(dictionary.contains("sunday") && !dictionary.contains("isn't"))
        let r = try FoodRanker(catalogue: c, dictionary: dictionary, knowledge: .empty).rank("sunday roast", limit: nil)
        #expect(r.query.corrections.isEmpty)
        #expect(r.match == .partial && r.hits.map { c.beers[$0.index].id }.contains(2))
        let alone = try FoodRanker(catalogue: c, dictionary: dictionary, knowledge: .empty).rank("sunday", limit: nil)
        #expect(alone.match == .none && alone.suggestions.isEmpty)
        // A typo is still a typo: "venisson" is in no dictionary.
        #expect(try FoodRanker(catalogue: catalogue, dictionary: dictionary).rank("venisson").query.corrections.count == 1)
    }

    @Test func allWordsInOnePairingRankAboveSpreadAboveSome() throws {
        let r = try FoodRanker(catalogue: catalogue, knowledge: .empty).rank("chocolate cake", limit: nil)
        let ids = r.hits.map { catalogue.beers[$0.index].id }
        // 3 ("Dark chocolate cake") and 7 ("Cake with chocolate icing") hold both words in one pairing.
        #expect(Set(ids.prefix(2)) == [3, 7])
        // 4 and 8 only have chocolate.
        #expect(Set(ids.dropFirst(2)) == [4, 8])
        #expect(r.hits[0].allInOnePairing && !r.hits[2].allWords)
    }

    @Test func absentFoodSaysNoneWithSuggestions() throws {
        let r = try FoodRanker(catalogue: catalogue).rank("poutine")
        #expect(r.match == .none && r.hits.isEmpty)
        let partial = try FoodRanker(catalogue: catalogue).rank("poutine tacos")
        #expect(partial.match == .partial)
        #expect(Set(partial.hits.map { catalogue.beers[$0.index].id }) == [1, 2])
    }

    @Test func wordsSpreadOverSeveralPairingsAreAPartialMatch() throws {
        let beers = [
            Beer(id: 1, name: "Squash Ale", foodPairing: ["Pumpkin pie", "Tomato soup"]),
            Beer(id: 2, name: "Broth Bitter", foodPairing: ["Onion soup"]),
        ]
        let spread = try FoodRanker(catalogue: Catalogue(beers: beers)).rank("pumpkin tomato")
        #expect(spread.match == .partial)
        let first = try #require(spread.hits.first)
        #expect(first.index == 0 && first.allWords && !first.allInOnePairing)
        let together = try FoodRanker(catalogue: Catalogue(beers: beers)).rank("onion soup")
        #expect(together.match == .all)
    }

    /// Among beers holding the same words, one pairing holding more of them ranks first,
    /// however many pairings the others spread them over.
    @Test func moreOfTheWordsInOnePairingRankAboveTheSameWordsSpread() throws {
        let beers = [
            Beer(id: 1, name: "Fajita Pale", foodPairing: ["Seared steak fajitas", "Blueberry pie", "Grilled steak"]),
            Beer(id: 2, name: "Kidney Stout", foodPairing: ["Caramelized onion and steak pie"]),
        ]
        let ranker = FoodRanker(catalogue: Catalogue(beers: beers), knowledge: .empty)
        for limit in [1, nil] {
            let r = try ranker.rank("steak and ale pie", limit: limit)
            #expect(r.match == .partial)
            #expect(r.hits.first.map { beers[$0.index].id } == 2, "limit \(String(describing: limit))")
        }
    }

    @Test func aRareMisspellingInTheDataJoinsTheWordsConceptThroughItsSingular() {
        // "jalepenos" (one beer) is two edits from "jalapeno" but one from its plural form's
        // singular; the word's forms together are far more frequent.
        let v = FoodVocabulary(documentFrequency: ["jalapeno": 3, "jalapenos": 3, "jalepenos": 1, "jalousie": 1])
        #expect(v.concept(forWord: "jalepeno") == v.concept(forWord: "jalapeno"))
        #expect(v.concept(forWord: "jalepenos") == v.concept(forWord: "jalapenos"))
        #expect(v.concept(forWord: "jalousie") != v.concept(forWord: "jalapeno"))
    }

    @Test func aWordCutShortIsTheFrequentWordItStarts() {
        let v = FoodVocabulary(documentFrequency: ["chicken": 60, "chickpea": 2, "thick": 1, "tacos": 9])
        #expect(v.correction(for: "chick") == "chicken")
        #expect(v.correction(for: "tacoz") == "tacos")
        // Three letters are too few to read as the start of a word.
        #expect(v.correction(for: "chi") == nil)
    }

    @Test func suggestionsLeaveOutPiecesOfOneOrTwoLetters() {
        let v = FoodVocabulary(documentFrequency: ["j": 9, "hr": 9, "bbq": 2, "coq": 1, "ox": 5])
        #expect(v.suggestions(for: "bbk") == ["bbq"])
        #expect(v.suggestions(for: "xq").isEmpty)
    }

    /// A suggestion is what a typo may have meant, or nothing: never a word merely
    /// sharing letters ("poutine" is no typo of "pound").
    @Test func suggestionsAreWithinATyposDistanceOrNone() {
        let v = FoodVocabulary(documentFrequency: [
            "pound": 3, "poussin": 2, "coating": 4, "pine": 1, "praline": 2, "venison": 5, "chicken": 60,
        ])
        #expect(v.suggestions(for: "poutine").isEmpty)
        #expect(v.suggestions(for: "xqzt").isEmpty)
        #expect(v.suggestions(for: "venisson") == ["venison"])
        #expect(v.suggestions(for: "chick") == ["chicken"])
    }

    @Test func stopWordsAloneAreAnEmptyQuery() {
        #expect(throws: ScoringError.emptyFoodQuery) { try FoodRanker(catalogue: catalogue).rank("with a and") }
    }

    @Test func filtersApplyAndMissingValuesFail() throws {
        var f = BeerFilter()
        f.greaterThan[.ibu] = 10
        let r = try FoodRanker(catalogue: catalogue).rank("chocolate", filter: f, limit: nil)
        // Beer 3 has no ibu, so it fails an ibu filter.
        #expect(!r.hits.map { catalogue.beers[$0.index].id }.contains(3))
    }

    @Test func tooManyWordsIsAClearError() {
        let words = (1...20).map { "zq" + String(repeating: "x", count: $0) }.joined(separator: " ")
        #expect(throws: ScoringError.tooManyFoodWords(20)) {
            try FoodRanker(catalogue: catalogue).rank(words)
        }
    }
}

/// The pruned top-k (bitsets, bounds) must equal scoring every matching beer.
@Suite struct FoodPruningTests {
    // Over 4,096 beers, so frequent concepts get precomputed bitsets.
    static let catalogue = Catalogue(beers: SyntheticCatalogue.beers(count: 6_001, seed: 7))

    @Test(arguments: [
        "chicken", "venison", "chicken tacos", "spicy chicken tacos", "grilled salmon", "roast", "chicken zzzqx",
        "tacos venison lamb", "roast chicken", "grilled steak with",
        // Food concepts: one alone (walked grade by grade), with other words, several.
        "shellfish", "poultry", "sunday roast", "indian", "hamburger", "fish pie", "spicy", "bbq party chicken",
        "game dessert",
    ])
    func topKEqualsFullRanking(query: String) throws {
        let ranker = FoodRanker(catalogue: Self.catalogue)
        var filter = BeerFilter()
        for f in [
            BeerFilter(),
            {
                filter.greaterThan[.abv] = 7
                return filter
            }(),
        ] {
            let full = try ranker.rank(query, filter: f, limit: nil)
            // 1,000: past the beers holding every word, so each of them is scored from the
            // postings (``PostingsWalk``) and compared with its score from its pairings.
            for k in [1, 10, 50, 1_000] {
                let top = try ranker.rank(query, filter: f, limit: k)
                #expect(top.hits == Array(full.hits.prefix(k)), "\(query) k=\(k)")
                #expect(top.totalMatches == full.totalMatches && top.totalMatches == full.hits.count)
                #expect(top.match == full.match)
            }
        }
    }
}

/// Short pairings and more than eight of them (past the eighth, the last slot gathers the
/// rest, measured by the eighth's length): the pruned walk ranks as the full ranking does.
@Suite struct FoodTierBoundTests {
    static let beers: [Beer] = {
        var beers = [Beer(id: 1, name: "Rye Trout Ale", foodPairing: ["Smoked trout with rye crackers"])]
        for id in 2...6 { beers.append(Beer(id: id, name: "Split \(id)", foodPairing: ["Smoked", "Trout"])) }
        // The ninth pairing holds both words; the eighth, which the slot is measured by, is one word long.
        let short = ["Bread", "Cheese", "Olives", "Figs", "Ham", "Pears", "Nuts", "Salami"]
        beers.append(Beer(id: 7, name: "Nine Pairings", foodPairing: short + ["Smoked trout"]))
        beers.append(Beer(id: 8, name: "Trout Only", foodPairing: ["Trout"]))
        return beers
    }()

    @Test(arguments: [Catalogue(beers: beers), Catalogue(beers: beers.reversed())])
    func theTopKIsTheFullRankingsWhateverThePairingsLengths(catalogue: Catalogue) throws {
        let ranker = FoodRanker(catalogue: catalogue)
        let full = try ranker.rank("smoked trout", limit: nil)
        #expect(full.hits.prefix(2).map { catalogue.beers[$0.index].id } == [7, 1])
        for k in 1...full.hits.count {
            #expect(try ranker.rank("smoked trout", limit: k).hits == Array(full.hits.prefix(k)), "k=\(k)")
        }
    }
}

/// The benchmarks' mix of food queries, and the ranking on it.
@Suite struct FoodQueryMixTests {
    @Test func queriesAreOneToSevenWordsFromThePairingsAndTheSameEachTime() {
        let beers = FoodPruningTests.catalogue.beers
        let queries = SyntheticCatalogue.foodQueries(count: 300, from: beers)
        #expect(queries == SyntheticCatalogue.foodQueries(count: 300, from: beers))
        #expect(queries != SyntheticCatalogue.foodQueries(count: 300, seed: 8, from: beers))
        let lengths = Set(queries.map { $0.split(separator: " ").count })
        #expect(lengths == Set(1...7))
        let words = Set(beers.flatMap { $0.foodPairing.flatMap { $0.lowercased().split(separator: " ") } })
        #expect(queries.allSatisfy { $0.split(separator: " ").allSatisfy(words.contains) })
    }

    /// The same beers with ids descending and in a shuffled order: no walk may stop early
    /// on the strength of ids ascending with the index.
    static let unordered: [Catalogue] = {
        let beers = Array(FoodPruningTests.catalogue.beers)
        var rng = SplitMix64(seed: 3)
        return [Catalogue(beers: beers.reversed()), Catalogue(beers: beers.shuffled(using: &rng))]
    }()

    @Test(arguments: [FoodPruningTests.catalogue] + unordered)
    func topTenOfEveryQueryEqualsTheFullRanking(catalogue: Catalogue) throws {
        let ranker = FoodRanker(catalogue: catalogue)
        for query in SyntheticCatalogue.foodQueries(count: 120, from: FoodPruningTests.catalogue.beers) {
            let full = try ranker.rank(query, limit: nil)
            let top = try ranker.rank(query, limit: 10)
            #expect(top.hits == Array(full.hits.prefix(10)), "\(query)")
            #expect(top.totalMatches == full.totalMatches)
        }
    }
}

/// The walk in stripes on every core ranks as the walk on one thread, and as scoring
/// every beer, whatever order the ids are in.
@Suite struct FoodParallelWalkTests {
    @Test(arguments: [FoodPruningTests.catalogue] + FoodQueryMixTests.unordered)
    func parallelEqualsSerialEqualsTheFullRanking(catalogue: Catalogue) throws {
        var ranker = FoodRanker(catalogue: catalogue)
        ranker.stripeRunWords = 1  // runs of 64 beers, so the stripes take turns many times
        var strong = BeerFilter()
        strong.greaterThan[.abv] = 6
        let queries = SyntheticCatalogue.foodQueries(count: 60, seed: 11, from: FoodPruningTests.catalogue.beers)
        for query in queries + ["grilled steak with", "chicken zzzqx"] {
            for filter in [BeerFilter(), strong] {
                let full = try ranker.rank(query, filter: filter, limit: nil)
                for k in [1, 10, 200] {
                    let serial = try ranker.rank(query, filter: filter, limit: k, execution: .serial)
                    let parallel = try ranker.rank(query, filter: filter, limit: k, execution: .parallel)
                    #expect(parallel == serial, "\(query) k=\(k)")
                    #expect(parallel.hits == Array(full.hits.prefix(k)), "\(query) k=\(k)")
                }
            }
        }
    }

    @Test func aSetsMembersInARangeOfWordsAreThoseOfTheWholeWalkThere() {
        var rng = SplitMix64(seed: 5)
        var set = BeerSet(capacity: 1_000)
        for b in 0..<1_000 where rng.next() % 3 == 0 { set.insert(b) }
        let all = Array(set.members)
        for (lower, upper) in [(0, 1), (1, 3), (3, 16), (15, 40), (0, 16)] {
            let expected = all.filter { $0 >= 64 * lower && $0 < 64 * upper }
            #expect(Array(set.members(inWords: lower..<upper)) == expected, "\(lower)..<\(upper)")
        }
    }
}

/// `SlotCounts`: the bit-sliced counters agree with counting each beer's sets.
@Suite struct SlotCountsTests {
    @Test(arguments: [1, 3, 7, 16])
    func eachLevelHoldsTheBeersThatThatManySetsHold(slotCount: Int) {
        var rng = SplitMix64(seed: UInt64(slotCount))
        let capacity = 1_000
        let slots = (0..<slotCount).map { s in
            var set = BeerSet(capacity: capacity)
            // Denser and sparser sets, so every count from 0 to slotCount occurs.
            for b in 0..<capacity where rng.next() % 8 < UInt64(2 + s % 5) { set.insert(b) }
            return set
        }
        let counts = SlotCounts(slots: slots)
        var seen = [Int](repeating: -1, count: capacity)
        for level in 1...slotCount {
            var last = -1
            for b in counts.beers(holding: level) {
                #expect(b > last && b < capacity)
                last = b
                seen[b] = level
            }
        }
        for b in 0..<capacity {
            let held = slots.count { $0.contains(b) }
            #expect(seen[b] == (held == 0 ? -1 : held), "beer \(b)")
        }
    }
}
