import BreweryTestSupport
import Testing

@testable import BreweryCore

/// The food knowledge Brewery authors (`Data/food-concepts.txt`) and how it is read.
@Suite struct FoodKnowledgeTests {
    let standard = FoodKnowledge.standard

    @Test func theBundledKnowledgeReadsWithoutProblems() {
        #expect(standard.problems.isEmpty, "\(standard.problems)")
        #expect(standard.concepts.count > 100)
    }

    /// Every member is words the food analyser keeps (a–z, no stop words), so a member
    /// can match a pairing at all.
    @Test func everyMemberIsWordsTheFoodAnalyserKnows() {
        for c in standard.concepts {
            #expect(!c.members.isEmpty, "\(c.name) has no members")
            for m in c.members {
                #expect(!m.words.isEmpty, "\(c.name): '\(m.text)' has no food words")
                #expect(FoodText.words(m.text) == m.words, "\(c.name): '\(m.text)'")
                for w in m.words + m.absent {
                    #expect(w.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } && !FoodText.stopWords.contains(w), "\(c.name): \(w)")
                }
            }
        }
    }

    @Test func namesAreFoundLongestFirstWithPluralsAndVariants() {
        func read(_ text: String) -> [String] {
            standard.segments(of: FoodText.words(text)).map {
                switch $0 {
                case .concept(let words, let ids): "[\(words.joined(separator: " ")):\(standard.concepts[ids[0]].name)]"
                case .word(let w): w
                }
            }
        }
        #expect(read("sunday roast") == ["[sunday roast:sunday roast]"])
        #expect(read("bangers and mash") == ["[bangers mash:bangers and mash]"])
        #expect(read("barbeque party") == ["[barbeque party:bbq party]"])
        #expect(read("curries") == ["[curries:curry]"])
        // A singular does not find a plural name: "sweet" is not "sweets".
        #expect(read("sweet potato") == ["sweet", "potato"])
        #expect(read("spicy chicken") == ["[spicy:spicy food]", "chicken"])
    }

    @Test func synonymsFindEachOtherAndReferencesTheirConceptsMembers() {
        func members(of name: String) -> [String] {
            let id = standard.segments(of: [name]).compactMap { s -> Int? in
                if case .concept(_, let ids) = s { ids[0] } else { nil }
            }
            return id.first.map { standard.concepts[$0].members.map(\.text) } ?? []
        }
        #expect(members(of: "shrimp").contains("prawn"))
        #expect(members(of: "prawn").contains("shrimp"))
        // "seafood" is written as @shellfish and @fish.
        #expect(members(of: "seafood").contains("oyster") && members(of: "seafood").contains("mackerel"))
    }

    /// A word of a name as typed is no typo of another name: "bangers" of "bangers and
    /// mash" is not read as the synonym "banger".
    @Test func aNamesOwnWordIsNotReadAsATypo() throws {
        let r = try FoodRanker(catalogue: Fixtures.catalogue).rank("bangers and mash", limit: nil)
        #expect(r.query.corrections.isEmpty)
        #expect(r.query.terms.map(\.conceptName) == ["bangers and mash"])
    }

    @Test func aConceptsExclusionsAreAbsentFromEachOfItsMembersButTheTypedName() {
        let k = FoodKnowledge(text: "veggie: cheese, mushroom burger, -beef, -burger | salad\nlunch: @veggie, soup\n")
        #expect(k.problems.isEmpty)
        func absent(_ concept: Int, _ text: String) -> [String]? {
            k.concepts[concept].members.first { $0.text == text }?.absent
        }
        #expect(absent(0, "veggie") == [])
        #expect(absent(0, "cheese") == ["beef", "burger"] && absent(0, "salad") == ["beef", "burger"])
        // A member naming an excluded word keeps it; an exclusion is no member.
        #expect(absent(0, "mushroom burger") == ["beef"])
        #expect(!k.concepts[0].members.contains { $0.words.contains("beef") })
        // Another concept's reference to it brings its exclusions along, and only to its members.
        #expect(absent(1, "cheese") == ["beef", "burger"] && absent(1, "soup") == [])
    }

    /// An exclusion of several words is a dish: a member naming some of its words has the
    /// others absent, one naming none is left as it is, and no word of it is excluded alone.
    @Test func aConceptsExclusionOfSeveralWordsKeepsItsMembersOutOfThatDish() {
        let k = FoodKnowledge(text: "veggie: onion, cheese, french fries, -french onion\nlunch: @veggie, soup\n")
        #expect(k.problems.isEmpty)
        func absent(_ concept: Int, _ text: String) -> [String]? {
            k.concepts[concept].members.first { $0.text == text }?.absent
        }
        #expect(absent(0, "onion") == ["french"] && absent(0, "french fries") == ["onion"])
        #expect(absent(0, "cheese") == [] && k.concepts[0].excluded.isEmpty)
        #expect(absent(1, "onion") == ["french"] && absent(1, "soup") == [])
    }

    /// A diet's excluded dish holds for the whole query: "veggie soup" does not list
    /// French onion soup, nor says soup was matched as it.
    @Test func anExcludedDishHoldsForTheOtherWordsOfTheQuery() throws {
        let knowledge = FoodKnowledge(text: "veggie: onion, carrot, -french onion\nsoup: french onion, broth\n")
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["French onion soup"]),
            Beer(id: 2, name: "B", foodPairing: ["Carrot soup"]),
            Beer(id: 3, name: "C", foodPairing: ["Onion bhaji", "Beef broth"]),
        ])
        let r = try FoodRanker(catalogue: catalogue, knowledge: knowledge).rank("veggie soup", limit: nil)
        #expect(r.hits.map { catalogue.beers[$0.index].id } == [2, 3])
        #expect(!r.expansions.contains { $0.members.contains("french onion") })
    }

    @Test func malformedLinesAreReportedNotGuessed() {
        let k = FoodKnowledge(text: "no colon here\n= lonely\nok: a, @missing\n")
        #expect(k.problems.count == 3)
        #expect(k.concepts.map(\.name) == ["ok"])
    }
}

/// `recommend food` with concepts, on invented beers and invented knowledge.
@Suite struct FoodConceptRankingTests {
    static let knowledge = FoodKnowledge(
        text: """
            shellfish: oyster, prawn, crab, mussel | squid
            game: venison, pigeon -pea, rabbit | duck
            sweets!: fudge, toffee
            = hamburger, burger
            """)
    static let catalogue = Catalogue(beers: [
        Beer(id: 1, name: "A", foodPairing: ["Grilled king prawns with lime"]),
        Beer(id: 2, name: "B", abv: 5, foodPairing: ["Fried squid"]),
        Beer(id: 3, name: "C", foodPairing: ["Shellfish platter"]),
        Beer(id: 4, name: "D", abv: 5, foodPairing: ["Fish tacos", "Oysters"]),
        Beer(id: 5, name: "E", foodPairing: ["Pigeon pea dal"]),
        Beer(id: 6, name: "F", foodPairing: ["Roast pigeon", "Sweet chilli wings"]),
        Beer(id: 7, name: "G", foodPairing: ["Cod and chips"]),
        Beer(id: 8, name: "H", foodPairing: ["Burger with fries", "Salted fudge"]),
        Beer(id: 9, name: "I", foodPairing: ["Hamburger"]),
        Beer(id: 10, name: "J", foodPairing: ["Coffee"]),
    ])

    func rank(_ text: String, filter: BeerFilter = BeerFilter(), limit: Int? = nil) throws -> FoodRanker.Result {
        try FoodRanker(catalogue: Self.catalogue, knowledge: Self.knowledge).rank(text, filter: filter, limit: limit)
    }

    func ids(_ r: FoodRanker.Result) -> [Int] { r.hits.map { Self.catalogue.beers[$0.index].id } }

    /// The ids of the beers `query` finds in `catalogue` with the bundled knowledge.
    static func found(_ query: String, in catalogue: Catalogue) throws -> Set<Int> {
        Set(
            try FoodRanker(catalogue: catalogue, knowledge: .standard).rank(query, limit: nil).hits.map {
                catalogue.beers[$0.index].id
            })
    }

    @Test func theWordTypedRanksFirstThenMembersThenRelated() throws {
        let r = try rank("shellfish")
        #expect(r.match == .all)
        // As typed; members (a pairing that is only the member first: "Oysters"); related.
        #expect(ids(r) == [3, 4, 1, 2])
        #expect(r.hits[0].matchedAs.isEmpty)
        #expect(r.hits[1].matchedAs == [.init(term: "shellfish", member: "oyster")])
        #expect(r.hits[3].score < r.hits[2].score)
        // Fish alone is no shellfish.
        #expect(!ids(r).contains(7))
    }

    /// A pairing found through the member that is the word asked for (curry, in
    /// "curried", a form of it) is not said to match "curry as curry"; one found through
    /// another member is.
    @Test func aMemberThatIsTheWordAskedForIsNotSaid() throws {
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Curried sea bass"]),
            Beer(id: 2, name: "B", foodPairing: ["Chicken korma"]),
            Beer(id: 3, name: "C", foodPairing: ["Thai green curry"]),
        ])
        let r = try FoodRanker(catalogue: catalogue, knowledge: .standard).rank("curry", limit: nil)
        let said = Dictionary(uniqueKeysWithValues: r.hits.map { (catalogue.beers[$0.index].id, $0.matchedAs) })
        #expect(said[1] == [])
        #expect(said[2] == [.init(term: "curry", member: "korma")])
    }

    /// The one word of a dish that no pairing holds, a member, is read as its concept:
    /// mussels find the shellfish, as shellfish do; a member that some pairing holds is
    /// read as typed.
    @Test func aMemberInNoPairingIsReadAsItsConcept() throws {
        let r = try rank("mussels")
        #expect(r.match == .partial && r.unheldWord == "mussels")
        #expect(r.unknownWords == ["mussels"] && r.query.unknownWords.isEmpty)
        #expect(r.expansions.map(\.term) == ["mussels"])
        #expect(r.expansions.map(\.concept) == ["shellfish"])
        #expect(Set(ids(r)) == Set(ids(try rank("shellfish"))))
        #expect(ids(r).last == 2)
        let oyster = try rank("oyster")
        #expect(oyster.expansions.isEmpty && ids(oyster) == [4])
        #expect(try rank("scallops").match == .none)
        // Two words in no pairing, of one kind, are that kind; of two kinds, they name a
        // dish of their own, which neither kind is.
        #expect(try rank("crab mussels").unheldWord == "crab mussels")
        #expect(Set(ids(try rank("crab mussels"))) == Set(ids(r)))
        #expect(try rank("crab rabbit").match == .none)
    }

    /// The concept of a member is the first written that holds it as a member, else as
    /// a related one, and never a diet.
    @Test func aMembersConceptIsTheFirstWrittenAndNoDiet() throws {
        let k = FoodKnowledge(
            text: """
                vegetarian: tofu, halloumi, -beef
                soup: broth | goulash
                stew: goulash, tofu
                hungarian: goulash
                """)
        #expect(k.concept(ofMember: ["goulash"]).map { k.concepts[$0].name } == "stew")
        #expect(k.concept(ofMember: ["goulashes"]).map { k.concepts[$0].name } == "stew")
        #expect(k.concept(ofMember: ["tofu"]).map { k.concepts[$0].name } == "stew")
        #expect(k.concept(ofMember: ["halloumi"]) == nil)
        #expect(k.concept(ofMember: ["broth"]).map { k.concepts[$0].name } == "soup")
        // The knowledge shipped: a dish is read as what it is, not as a flavour it often has
        // (kimchi is spicy food only as a related one: not every kimchi is hot).
        let shipped = FoodKnowledge.standard
        #expect(shipped.concept(ofMember: ["kimchi"]).map { shipped.concepts[$0].name } == "korean")
        #expect(shipped.concept(ofMember: ["cannoli"]).map { shipped.concepts[$0].name } == "dessert")
        // A dish of several words, in any of their forms; a dish's kitchen before its staple.
        #expect(shipped.concept(ofMember: ["patatas", "bravas"]).map { shipped.concepts[$0].name } == "spanish")
        #expect(shipped.concept(ofMember: ["fried", "rice"]).map { shipped.concepts[$0].name } == "chinese")
        let rice = try #require(shipped.concepts.firstIndex { $0.name == "rice" })
        #expect(shipped.concept(ofMember: ["dirty", "rice"]).map { shipped.concepts[$0].name } == "southern")
        #expect(shipped.concept(ofMember: ["arroz"], excluding: [rice]).map { shipped.concepts[$0].name } == "paella")
        #expect(shipped.concept(ofMember: ["bibimbap"]).map { shipped.concepts[$0].name } == "korean")
        #expect(shipped.concept(ofMember: ["risotto"]).map { shipped.concepts[$0].name } == "italian")
        #expect(shipped.concept(ofMember: ["nasi", "goreng"]).map { shipped.concepts[$0].name } == "asian")
        // A dish of its own comes before the cuisines: a sausage dish before a British one.
        #expect(shipped.concept(ofMember: ["toad", "hole"]).map { shipped.concepts[$0].name } == "bangers and mash")
        #expect(shipped.concept(ofMember: ["tonkotsu"]).map { shipped.concepts[$0].name } == "ramen")
        #expect(shipped.concept(ofMember: ["bravas", "patatas"]) == nil)
        // The sweet course is apart: a savoury dish's kind finds its desserts last.
        let sweet = try #require(shipped.courseApart)
        #expect(shipped.concepts[sweet].name == "dessert")
        #expect(shipped.isOf(sweet, dish: ["banoffee"]) && shipped.isOf(sweet, dish: ["shortbread"]))
        #expect(!shipped.isOf(sweet, dish: ["pie", "mash"]) && !shipped.isOf(sweet, dish: ["cottage", "pie"]))
        #expect(shipped.isOf(sweet, dish: ["lemon", "tart"]) && !shipped.isOf(sweet, dish: ["stilton", "tart"]))
    }

    /// A savoury dish read as its kind finds the kind's members of the course apart (the
    /// desserts) below its others; a dish of that course keeps them all alike.
    @Test func aSavouryDishFindsItsKindsDessertsLast() throws {
        let knowledge = FoodKnowledge(
            text: """
                > dessert
                dessert: banoffee, tart, pie -pork -cottage
                british: cottage pie, pork pie, banoffee, treacle tart, bakewell tart, cheese tart
                """)
        #expect(knowledge.courseApart.map { knowledge.concepts[$0].name } == "dessert")
        #expect(knowledge.isOf(0, dish: ["treacle", "tart"]) && !knowledge.isOf(0, dish: ["cottage", "pie"]))
        // Which members of another kind are desserts is known once read.
        let british = knowledge.concepts[1].members.filter(\.isOfCourseApart).map(\.text)
        #expect(british == ["banoffee", "treacle tart", "bakewell tart", "cheese tart"])
        #expect(knowledge.concepts[0].members.allSatisfy { !$0.isOfCourseApart })
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Banoffee pie"]),
            Beer(id: 2, name: "B", foodPairing: ["Pork pie"]),
            Beer(id: 3, name: "C", foodPairing: ["Bakewell tart"]),
            Beer(id: 4, name: "D", foodPairing: ["Cheese tart"]),
        ])
        let ranker = FoodRanker(catalogue: catalogue, knowledge: knowledge)
        let ids = { (r: FoodRanker.Result) in r.hits.map { catalogue.beers[$0.index].id } }
        let cottage = try ranker.rank("cottage pie", limit: nil)
        #expect(cottage.unheldWord == "cottage" && ids(cottage).prefix(2) == [2, 1])
        #expect(cottage.expansions.first?.members.first == "pork pie")
        // A tart of the sweet course: the British tarts alike, by id.
        #expect(ids(try ranker.rank("treacle tart", limit: nil)).prefix(2) == [3, 4])
        // Without the course line, the pies score alike (by id).
        let plain = FoodKnowledge(
            text: """
                dessert: banoffee, tart, pie -pork -cottage
                british: cottage pie, pork pie, banoffee, treacle tart, bakewell tart, cheese tart
                """)
        #expect(ids(try FoodRanker(catalogue: catalogue, knowledge: plain).rank("cottage pie", limit: nil)).prefix(2) == [1, 2])
        #expect(FoodKnowledge(text: "> pudding\ndessert: tart").problems == ["line 1: 'pudding' names no concept"])
        // A kind whose own name is a dessert ("pie") finds its savoury members first.
        let pies = FoodKnowledge(text: "> dessert\ndessert: banoffee, pie -pork\npie, pies: pork pie, spanakopita\n")
        let pieBeers = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Blueberry pie"]), Beer(id: 2, name: "B", foodPairing: ["Pork pie"]),
        ])
        let spanakopita = try FoodRanker(catalogue: pieBeers, knowledge: pies).rank("spanakopita", limit: nil)
        #expect(spanakopita.hits.map { pieBeers.beers[$0.index].id } == [2, 1])
        // A second course line is a problem; the first is kept.
        let twice = FoodKnowledge(text: "> dessert\ndessert: tart\nsweets: fudge\n> sweets")
        #expect(twice.problems == ["line 4: a second course apart; the one of line 1 is kept"])
        #expect(twice.courseApart == 0)
    }

    /// A dish the knowledge holds in several kinds, read as the first, finds that kind's
    /// members of its other kinds first; when no pairing holds one, the kind's members
    /// rank as they would were it held in one kind.
    @Test func aDishOfSeveralKindsFindsTheirCommonMembersFirst() throws {
        let text = "asian: nasi goreng, sashimi, pad thai, fried rice\nrice: nasi goreng, fried rice, risotto\n"
        let knowledge = FoodKnowledge(text: text)
        #expect(knowledge.concepts(holdingMember: ["nasi", "goreng"]) == [0, 1])
        #expect(knowledge.concepts(holdingMember: ["sashimi"]) == [0])
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Sashimi"]), Beer(id: 2, name: "B", foodPairing: ["Egg fried rice"]),
            Beer(id: 3, name: "C", foodPairing: ["Mushroom risotto"]),
        ])
        let ids = { (c: Catalogue, r: FoodRanker.Result) in r.hits.map { c.beers[$0.index].id } }
        let both = try FoodRanker(catalogue: catalogue, knowledge: knowledge).rank("nasi goreng", limit: nil)
        #expect(both.unheldWord == "nasi goreng" && ids(catalogue, both) == [2, 1])
        // Held in one kind only, the members tie and go by id.
        let one = FoodKnowledge(text: "asian: nasi goreng, sashimi, pad thai, fried rice\n")
        #expect(ids(catalogue, try FoodRanker(catalogue: catalogue, knowledge: one).rank("nasi goreng", limit: nil)) == [1, 2])
        // No pairing holds a rice dish of Asia: the Asian dishes rank as with one kind.
        let noRice = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Sashimi"]), Beer(id: 2, name: "B", foodPairing: ["Pad thai"]),
        ])
        let narrowed = try FoodRanker(catalogue: noRice, knowledge: knowledge).rank("nasi goreng", limit: nil)
        let plain = try FoodRanker(catalogue: noRice, knowledge: one).rank("nasi goreng", limit: nil)
        #expect(ids(noRice, narrowed) == [1, 2] && narrowed.hits.map(\.score) == plain.hits.map(\.score))
    }

    /// A dish of several words that the knowledge holds whole and no pairing holds is read
    /// as its kind when its words say nothing as typed: words no pairing holds, or names of
    /// concepts broader than the dish. A word the pairings hold keeps the dish read by its
    /// words, and a dish some pairing holds whole is read as typed.
    @Test func aDishTheKnowledgeHoldsWholeIsReadAsItsKind() throws {
        let knowledge = FoodKnowledge(
            text: """
                fried food, fried: fried chicken, chips
                shellfish: lobster, lobster roll
                rice: rice, fried rice, paella
                chinese: fried rice, sweet and sour, fried noodles, general tso
                spanish: patatas bravas, chorizo
                noodles: noodles, chow mein
                pasta: spaghetti, carbonara, penne
                pie: pie
                british: cottage pie, pork pie
                sausages: sausage, toad in the hole
                """)
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Fried chicken wings"]),
            Beer(id: 2, name: "B", foodPairing: ["Sweet and sour pork"]),
            Beer(id: 3, name: "C", foodPairing: ["Chorizo stew"]),
            Beer(id: 4, name: "D", foodPairing: ["Lobster bisque"]),
            Beer(id: 5, name: "E", foodPairing: ["Seafood paella"]),
            Beer(id: 6, name: "F", foodPairing: ["Haggis spring rolls"]),
            Beer(id: 7, name: "G", foodPairing: ["Fried noodles"]),
            Beer(id: 8, name: "H", foodPairing: ["Sweet and sour chicken"]),
            Beer(id: 9, name: "I", foodPairing: ["Penne arrabbiata"]),
            Beer(id: 10, name: "J", foodPairing: ["Apple pie"]),
            Beer(id: 11, name: "K", foodPairing: ["Pork pie"]),
            Beer(id: 12, name: "L", foodPairing: ["Sausage and mash"]),
        ])
        let ranker = FoodRanker(catalogue: catalogue, knowledge: knowledge)
        let ids = { (r: FoodRanker.Result) in r.hits.map { catalogue.beers[$0.index].id } }
        // Two words no pairing holds, a member together.
        let bravas = try ranker.rank("patatas bravas", limit: nil)
        #expect(bravas.match == .partial && bravas.unheldWord == "patatas bravas")
        #expect(bravas.expansions.map(\.concept) == ["spanish"] && ids(bravas) == [3])
        // The dish is said as typed, its stop words too, though read without them.
        let toad = try ranker.rank("Toad in the hole", limit: nil)
        #expect(toad.unheldWord == "toad in the hole" && ids(toad) == [12])
        #expect(toad.expansions.map(\.term) == ["toad in the hole"] && toad.expansions.map(\.concept) == ["sausages"])
        #expect(toad.hits.first?.matchedAs.map(\.term) == ["toad in the hole"])
        #expect(toad.hits.first?.matchedWords == ["toad in the hole"] && toad.query.terms.map(\.shown) == ["toad in the hole"])
        // Two concepts' names: Chinese food, not fried chicken or paella (rice names a
        // concept holding it, so says no more than the word).
        let friedRice = try ranker.rank("fried rice", limit: nil)
        #expect(friedRice.unheldWord == "fried rice" && friedRice.expansions.map(\.concept) == ["chinese"])
        #expect(Set(ids(friedRice)) == [2, 7, 8])
        // The words no pairing holds, a member together, beside one that is held:
        // Chinese chicken dishes first.
        let tso = try ranker.rank("general tso chicken", limit: nil)
        #expect(tso.unheldWord == "general tso" && tso.expansions.map(\.concept) == ["chinese"])
        #expect(ids(tso).first == 8 && ids(tso).contains(1))
        // Words no pairing holds, each a member of one kind: that kind. Of two kinds: a dish
        // of its own, which neither kind is.
        let carbonara = try ranker.rank("spaghetti carbonara", limit: nil)
        #expect(carbonara.unheldWord == "spaghetti carbonara" && ids(carbonara) == [9])
        #expect(try ranker.rank("spaghetti bravas", limit: nil).match == .none)
        // A word no pairing holds, of a dish whose kind the other word does not name:
        // the British pies before the others.
        let cottage = try ranker.rank("cottage pie", limit: nil)
        #expect(cottage.unheldWord == "cottage" && cottage.expansions.first?.concept == "british")
        #expect(ids(cottage) == [11, 10])
        // Lobster is held: the lobster dishes, read by the words.
        let lobsterRoll = try ranker.rank("lobster roll", limit: nil)
        #expect(lobsterRoll.unheldWord == nil && ids(lobsterRoll).first == 4)
        // A pairing holds "fried noodles" whole.
        let noodles = try ranker.rank("fried noodles", limit: nil)
        #expect(noodles.unheldWord == nil && noodles.match == .all && ids(noodles).first == 7)
    }

    @Test func anExpansionIsAlwaysShown() throws {
        let r = try rank("shellfish")
        #expect(r.expansions.count == 1)
        #expect(r.expansions[0].concept == "shellfish")
        // Members some pairing holds, members before related ones; crab and mussel are in none.
        #expect(r.expansions[0].members == ["oyster", "prawn", "squid"])
        for h in r.hits where !h.matchedAs.isEmpty { #expect(h.allInOnePairing) }
    }

    /// A name written after the one typed that reads as it ("mushrooms" for "mushroom")
    /// is the word asked for, not a member it matched as.
    @Test func anotherNameReadingAsTheOneTypedIsNoMemberShown() throws {
        let knowledge = FoodKnowledge(text: "mushrooms, mushroom, fungi: porcini | truffle")
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Wild mushrooms on toast"]),
            Beer(id: 2, name: "B", foodPairing: ["Porcini risotto"]),
        ])
        let r = try FoodRanker(catalogue: catalogue, knowledge: knowledge).rank("mushroom", limit: nil)
        #expect(r.expansions.map(\.members) == [["porcini"]])
        #expect(r.hits.map { catalogue.beers[$0.index].id } == [1, 2])
        #expect(r.hits[0].matchedAs.isEmpty)
        // The bundled knowledge reads these singulars as their concepts.
        for word in ["mushroom", "taco", "herb", "spice", "vegetable", "snack"] {
            let read = FoodKnowledge.standard.segments(of: [word])
            #expect(read.count == 1 && { if case .concept = read[0] { true } else { false } }(), "\(word)")
        }
    }

    /// A name that is the typed word with other spaces ("cheese board" for
    /// "cheeseboard") is what was typed: its pairings rank first.
    @Test func aNameWithOtherSpacesIsWhatWasTyped() throws {
        let knowledge = FoodKnowledge(text: "cheeseboard, cheese board: stilton")
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Stilton"]),
            Beer(id: 2, name: "B", foodPairing: ["Cheese boards"]),
        ])
        let r = try FoodRanker(catalogue: catalogue, knowledge: knowledge).rank("cheeseboard", limit: nil)
        #expect(r.hits.map { catalogue.beers[$0.index].id } == [2, 1])
        #expect(r.hits[0].matchedAs.isEmpty && r.hits[0].score > r.hits[1].score)
    }

    /// A name written with a word it is not said with ("pudding -yorkshire") is not read
    /// where the query says that word: "yorkshire pudding" is no dessert.
    @Test func aNameIsNotReadBesideAWordItIsWrittenWithout() throws {
        let knowledge = FoodKnowledge(text: "dessert, pudding -yorkshire -black: cake, trifle")
        #expect(knowledge.segments(of: ["yorkshire", "pudding"]) == [.word("yorkshire"), .word("pudding")])
        #expect(
            knowledge.segments(of: ["christmas", "pudding"]) == [.word("christmas"), .concept(words: ["pudding"], concepts: [0])])
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Lemon cake"]),
            Beer(id: 2, name: "B", foodPairing: ["Roast beef with yorkshire pudding"]),
        ])
        let r = try FoodRanker(catalogue: catalogue, knowledge: knowledge).rank("Yorkshire puddings", limit: nil)
        #expect(r.expansions.isEmpty && r.hits.map { catalogue.beers[$0.index].id } == [2])
    }

    /// A word read as typed is not what its name is written without: the "cake" of
    /// "lemon cake" is in no crab cakes (the name is "cake -crab"), unless the query says
    /// "crab" too; a beer whose only cake is a crab cake holds just "lemon".
    @Test func aWordReadAsTypedIsNotWhatItsNameIsWrittenWithout() throws {
        let knowledge = FoodKnowledge(text: "cake -crab: sponge, gateau")
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Crab cakes with lemon mayonnaise"]),
            Beer(id: 2, name: "B", foodPairing: ["Lemon drizzle cake"]),
            Beer(id: 3, name: "C", foodPairing: ["Crab cakes"]),
        ])
        let ranker = FoodRanker(catalogue: catalogue, knowledge: knowledge)
        let lemon = try ranker.rank("lemon cake", limit: nil)
        #expect(lemon.hits.map { catalogue.beers[$0.index].id } == [2, 1] && lemon.totalMatches == 2)
        #expect(lemon.hits[1].matchedWords == ["lemon"])
        for k in [1, 2] {
            let limited = try ranker.rank("lemon cake", limit: k)
            #expect(limited.hits.map { catalogue.beers[$0.index].id } == Array([2, 1].prefix(k)) && limited.totalMatches == 2)
        }
        let crab = try ranker.rank("crab cake", limit: nil)
        #expect(crab.hits.prefix(2).map { catalogue.beers[$0.index].id }.sorted() == [1, 3] && crab.hits[0].allInOnePairing)
    }

    /// A concept named with joining words is said by its name however they were typed,
    /// and "n" joins as "and" does, in queries and pairings alike.
    @Test func aNameWithJoiningWordsIsSaidAsNamed() throws {
        let knowledge = FoodKnowledge(text: "fish and chips, chippy: fish and chips, fish supper | fish")
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Fish n chips"]),
            Beer(id: 2, name: "B", foodPairing: ["Grilled fish"]),
            Beer(id: 3, name: "C", foodPairing: ["Mac 'n' cheese"]),
        ])
        let ranker = FoodRanker(catalogue: catalogue, knowledge: knowledge)
        for typed in ["fish & chips", "fish n chips", "Fish 'n' Chips"] {
            let r = try ranker.rank(typed, limit: nil)
            #expect(r.hits.map { catalogue.beers[$0.index].id } == [1, 2], "\(typed)")
            #expect(r.expansions.map(\.term) == ["fish and chips"], "\(typed)")
            #expect(r.hits[1].matchedAs.map(\.term) == ["fish and chips"], "\(typed)")
        }
        #expect(try ranker.rank("chippy", limit: nil).expansions.map(\.term) == ["chippy"])
    }

    @Test func aConceptsExclusionKeepsAPairingOutOfEveryMember() throws {
        let knowledge = FoodKnowledge(text: "vegetarian, veggie: cheese -burger, mushroom, -beef, -chicken\n")
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Blue cheese beef burger"]),
            Beer(id: 2, name: "B", foodPairing: ["Mushroom burger"]),
            Beer(id: 3, name: "C", foodPairing: ["Chicken and mushroom pie"]),
            Beer(id: 4, name: "D", foodPairing: ["Cheese plate"]),
            Beer(id: 5, name: "E", foodPairing: ["Cheese burger"]),
        ])
        let ranker = FoodRanker(catalogue: catalogue, knowledge: knowledge)
        func ids(_ r: FoodRanker.Result) -> Set<Int> { Set(r.hits.map { catalogue.beers[$0.index].id }) }
        #expect(ids(try ranker.rank("vegetarian", limit: nil)) == [2, 4])
        let burger = try ranker.rank("veggie burger", limit: nil)
        #expect(burger.hits.first.map { catalogue.beers[$0.index].id } == 2 && burger.hits[0].allInOnePairing)
    }

    /// A concept's exclusions hold for the whole dish: "vegan burger" matches no beef
    /// burger through "burger", and a member that is an excluded word (hamburger) is not
    /// one of the other word's; "burger" alone still finds them all.
    @Test func aConceptsExclusionKeepsAPairingOutOfTheDishsOtherWords() throws {
        let knowledge = FoodKnowledge(
            text: "vegan: mushroom, tofu, -beef, -hamburger, -cheese\nburger, burgers: hamburger, slider\n")
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Beef burger"]),
            Beer(id: 2, name: "B", foodPairing: ["Mushroom burger"]),
            Beer(id: 3, name: "C", foodPairing: ["Hamburger"]),
            Beer(id: 4, name: "D", foodPairing: ["Tofu skewers", "Bean burger"]),
            Beer(id: 5, name: "E", foodPairing: ["Pulled jackfruit slider", "Cheese plate"]),
            Beer(id: 6, name: "F", foodPairing: ["Mushroom soup"]),
        ])
        let ranker = FoodRanker(catalogue: catalogue, knowledge: knowledge)
        func ids(_ r: FoodRanker.Result) -> [Int] { r.hits.map { catalogue.beers[$0.index].id } }
        #expect(Set(ids(try ranker.rank("burger", limit: nil))) == [1, 2, 3, 4, 5])
        // A diet holds for the whole dish: a burger that is not vegan (E's slider) is no
        // partial match, nor is D's bean burger, a burger the knowledge here does not call
        // vegan, beside its tofu (D and F, a vegan dish without a burger, match 'vegan').
        let vegan = try ranker.rank("vegan burger", limit: nil)
        #expect(ids(vegan) == [2, 4, 6])
        #expect(vegan.hits[0].allInOnePairing && !vegan.hits[1].allWords && !vegan.hits[2].allWords)
        #expect(vegan.hits[1].matchedWords == ["vegan"])
        #expect(vegan.totalMatches == 3)
        // Nor is the slider named as what "burger" matched: no vegan pairing holds it.
        #expect(vegan.expansions.first { $0.term == "burger" } == nil)
        #expect(try ranker.rank("burger", limit: nil).expansions.first?.members.contains("slider") == true)
        #expect(ids(try ranker.rank("vegan burger", limit: 2)) == [2, 4])
    }

    /// A diet's words held as typed still answer as a diet: "vegan cheese" finds the
    /// pairing that says it, then vegan dishes, never a cheese board or a vegan dish
    /// beside a cheese one.
    @Test func aDietTypedWithAnotherWordKeepsItsCondition() throws {
        let knowledge = FoodKnowledge(text: "vegan: mushroom, tofu, -beef, -cheese\n")
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Cheese board"]),
            Beer(id: 2, name: "B", foodPairing: ["Vegan cheese toastie"]),
            Beer(id: 3, name: "C", foodPairing: ["Tofu salad", "Blue cheese"]),
        ])
        let ranker = FoodRanker(catalogue: catalogue, knowledge: knowledge)
        let hits = try ranker.rank("vegan cheese", limit: nil).hits
        #expect(hits.map { catalogue.beers[$0.index].id } == [2, 3])
        #expect(hits[0].allInOnePairing && hits[1].matchedWords == ["vegan"])
    }

    /// A member matches its word's derived forms (`roast` finds "Roasted"), but not when
    /// the word is written as a plural: fries are chips, never fried.
    @Test func aPluralMemberDoesNotMatchTheDerivedForm() throws {
        let knowledge = FoodKnowledge(text: "snacks: fries\nroast dinner: roast\n")
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Okra fries"]),
            Beer(id: 2, name: "B", foodPairing: ["Pan-fried sole"]),
            Beer(id: 3, name: "C", foodPairing: ["Roasted chicken"]),
            Beer(id: 4, name: "D", foodPairing: ["Roast beef"]),
            Beer(id: 5, name: "E", foodPairing: ["Beef stir fry"]),
        ])
        let ranker = FoodRanker(catalogue: catalogue, knowledge: knowledge)
        func ids(_ query: String) throws -> [Int] {
            try ranker.rank(query, limit: nil).hits.map { catalogue.beers[$0.index].id }
        }
        let snacks = try ids("snacks")
        // "fry" is the singular of "fries" (a stir fry holds it), and "fried" its derived form.
        #expect(Set(snacks) == [1, 5], "\(snacks)")
        let roast = try ids("roast dinner")
        #expect(Set(roast) == [3, 4], "\(roast)")
    }

    /// The bundled knowledge's vegetables and diets, as a cook reads the dishes: green
    /// tea and a green curry hold no greens, vanilla and espresso beans are no vegetable,
    /// a cake, a pie, a Greek salad or carne asada is no vegan dish, and a game terrine or
    /// a French onion soup (beef stock) no vegetarian one for its onions.
    @Test func theBundledDietsAndVegetablesReadDishesAsACookWould() throws {
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Matcha green tea cake"]),
            Beer(id: 2, name: "B", foodPairing: ["Vanilla bean ice cream"]),
            Beer(id: 3, name: "C", foodPairing: ["Chocolate covered espresso beans"]),
            Beer(id: 4, name: "D", foodPairing: ["Thai green curry"]),
            Beer(id: 5, name: "E", foodPairing: ["Spring greens with garlic"]),
            Beer(id: 6, name: "F", foodPairing: ["Fried green beans"]),
            Beer(id: 7, name: "G", foodPairing: ["Carrot cake"]),
            Beer(id: 8, name: "H", foodPairing: ["Greek salad"]),
            Beer(id: 9, name: "I", foodPairing: ["Carne asada with black beans"]),
            Beer(id: 10, name: "J", foodPairing: ["Citrus salad"]),
            Beer(id: 11, name: "K", foodPairing: ["Caesar salad"]),
            Beer(id: 12, name: "L", foodPairing: ["Game terrine with pickled onions"]),
            Beer(id: 13, name: "M", foodPairing: ["French onion soup"]),
        ])
        func ids(_ query: String) throws -> Set<Int> { try Self.found(query, in: catalogue) }
        let vegetables = try ids("vegetables")
        #expect(vegetables == [5, 6, 7, 8, 9, 10, 11, 12, 13], "\(vegetables.sorted())")
        let vegan = try ids("vegan")
        #expect(vegan == [5, 6, 10], "\(vegan.sorted())")
        let vegetarian = try ids("vegetarian")
        #expect(vegetarian == [5, 6, 7, 8, 10], "\(vegetarian.sorted())")
    }

    /// The bundled categories and cuisines keep out dishes that only share a word with
    /// a member: artichoke hearts are no offal, a Thai curry is not Indian, a clootie
    /// dumpling is not Chinese, Parmesan truffles are no sweet, oak chips no bar snack, and
    /// a Goan goat curry is no Caribbean curry goat; a tagine is African; crab cakes are
    /// no dessert.
    @Test func theBundledConceptsKeepOutDishesThatOnlyShareAWord() throws {
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Artichoke hearts and chicken melt"]),
            Beer(id: 2, name: "B", foodPairing: ["Calves' liver with onion relish"]),
            Beer(id: 3, name: "C", foodPairing: ["Green Thai curry"]),
            Beer(id: 4, name: "D", foodPairing: ["Chicken korma"]),
            Beer(id: 5, name: "E", foodPairing: ["Clootie dumpling"]),
            Beer(id: 6, name: "F", foodPairing: ["Pork dumplings with soy"]),
            Beer(id: 7, name: "G", foodPairing: ["Parmesan truffles"]),
            Beer(id: 8, name: "H", foodPairing: ["Dark chocolate truffles"]),
            Beer(id: 9, name: "I", foodPairing: ["Oak chip smoked salmon"]),
            Beer(id: 10, name: "J", foodPairing: ["Ham and mustard crisps"]),
            Beer(id: 11, name: "K", foodPairing: ["Goan goat curry"]),
            Beer(id: 12, name: "L", foodPairing: ["Jamaican curry goat"]),
            Beer(id: 13, name: "M", foodPairing: ["Lamb tagine"]),
            Beer(id: 14, name: "N", foodPairing: ["Spicy crab cakes"]),
            Beer(id: 15, name: "O", foodPairing: ["Lemon drizzle cake"]),
        ])
        func ids(_ query: String) throws -> Set<Int> { try Self.found(query, in: catalogue) }
        let dessert = try ids("dessert")
        #expect(dessert.contains(15) && !dessert.contains(14), "\(dessert.sorted())")
        let offal = try ids("offal")
        #expect(offal == [2], "\(offal.sorted())")
        let indian = try ids("indian")
        #expect(indian == [4, 11], "\(indian.sorted())")
        let chinese = try ids("chinese")
        #expect(chinese == [6], "\(chinese.sorted())")
        let sweets = try ids("sweets")
        #expect(sweets.contains(8) && !sweets.contains(7), "\(sweets.sorted())")
        let snacks = try ids("bar snacks")
        #expect(snacks == [6, 10], "\(snacks.sorted())")
        let caribbean = try ids("caribbean")
        #expect(caribbean == [12], "\(caribbean.sorted())")
        // North African is African.
        let african = try ids("african")
        #expect(african == [13], "\(african.sorted())")
    }

    /// The excluded words' places are kept by the catalogue: a second query reads them
    /// and ranks the same; no more than the cache's capacity are ever kept.
    @Test func excludedPlacesAreKeptByTheCatalogueUpToACap() throws {
        let knowledge = FoodKnowledge(text: "vegan: mushroom, tofu, -beef, -cheese\n")
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Beef and mushroom pie"]),
            Beer(id: 2, name: "B", foodPairing: ["Mushroom risotto"]),
            Beer(id: 3, name: "C", foodPairing: ["Tofu and cheese"]),
        ])
        let ranker = FoodRanker(catalogue: catalogue, knowledge: knowledge)
        #expect(catalogue.absentPlaces.count == 0)
        let first = try ranker.rank("vegan", limit: nil)
        #expect(first.hits.map { catalogue.beers[$0.index].id } == [2])
        #expect(catalogue.absentPlaces.count == 1)
        #expect(try ranker.rank("vegan", limit: nil) == first && catalogue.absentPlaces.count == 1)
        for i in 0..<(AbsentPlaceCache.capacity + 4) {
            let made = catalogue.absentPlaces.places(of: [i..<(i + 1)]) { [UInt64(i)] }
            #expect(made == [UInt64(i)])
        }
        #expect(catalogue.absentPlaces.count == AbsentPlaceCache.capacity)
    }

    @Test func anAbsentWordKeepsAPairingOut() throws {
        #expect(ids(try rank("game")) == [6])  // roast pigeon; pigeon pea dal is a pulse
    }

    @Test func aNameMarkedNotTypedIsNotMatchedAsTyped() throws {
        // "sweets!": the sweet chilli of beer 6 is no sweet; fudge is.
        #expect(ids(try rank("sweets")) == [8])
    }

    @Test func synonymsMatchBelowTheWordTyped() throws {
        let r = try rank("hamburger")
        #expect(ids(r) == [9, 8])
        #expect(r.hits[1].matchedAs == [.init(term: "hamburger", member: "burger")])
    }

    @Test func aConceptWithAnotherWordNeedsBothInOnePairing() throws {
        let r = try rank("grilled shellfish")
        #expect(ids(r).first == 1)
        #expect(r.hits[0].allInOnePairing && r.match == .all)
        // Nothing holds fish and a pie: honest, not the nearest words.
        let none = try rank("shellfish pie")
        #expect(none.match == .partial)
    }

    @Test func filtersAndLimitsApplyAndTheTopKIsTheFullRankingsHead() throws {
        let all = try rank("shellfish")
        for k in 1...4 { #expect(ids(try rank("shellfish", limit: k)) == Array(ids(all).prefix(k))) }
        var some = BeerFilter()
        some.greaterThan[.abv] = 1  // only beers 2 and 4 have an abv
        #expect(ids(try rank("shellfish", filter: some)) == [4, 2])
    }

    @Test func aQueryWithoutConceptsIsRankedAsBefore() throws {
        let with = try rank("fish tacos")
        let without = try FoodRanker(catalogue: Self.catalogue, knowledge: .empty).rank("fish tacos", limit: nil)
        #expect(with == without)
        #expect(with.expansions.isEmpty)
    }

    @Test func aTypoOfAConceptsNameIsThatConceptAndSaidSo() throws {
        let r = try rank("shelfish")
        #expect(r.query.corrections == ["shelfish": "shellfish"])
        #expect(r.expansions.map(\.concept) == ["shellfish"] && ids(r) == [3, 4, 1, 2])
    }

    /// A word the knowledge holds is a real food word: "toffee" is not a typo of the
    /// catalogue's "coffee", though no pairing says toffee (it is read as the sweets).
    @Test func aWordOfTheKnowledgeIsNeverCorrected() throws {
        let r = try rank("toffee")
        #expect(r.query.corrections.isEmpty && r.suggestions.isEmpty && r.unheldWord == "toffee")
        #expect(r.expansions.map(\.concept) == ["sweets"] && ids(r) == [8])
        let guessing = try FoodRanker(catalogue: Self.catalogue, knowledge: .empty).rank("toffee", limit: nil)
        #expect(guessing.query.corrections == ["toffee": "coffee"])
    }

    /// The catalogue's chunks are walked in turn: beers past the first chunk score alike.
    @Test func beersInLaterChunksAreFoundAndOrderedByID() throws {
        let n = FoodRanker.conceptChunk * 2 + 10
        var beers = (0..<n).map { Beer(id: $0 + 1, name: "B\($0)", foodPairing: ["Bread"]) }
        for i in [5, FoodRanker.conceptChunk + 1, n - 1] { beers[i].foodPairing = ["Oysters"] }
        beers[FoodRanker.conceptChunk * 2].foodPairing = ["Shellfish"]
        let c = Catalogue(beers: beers)
        let r = try FoodRanker(catalogue: c, knowledge: Self.knowledge).rank("shellfish", limit: 3)
        #expect(r.hits.map { c.beers[$0.index].id } == [FoodRanker.conceptChunk * 2 + 1, 6, FoodRanker.conceptChunk + 2])
        #expect(r.totalMatches == 4)
    }
}

/// A word of a dish's form ("roll", "sandwich") says less of what a beer goes with than a
/// word of what the dish is made of: with no pairing of both, what it is made of ranks first.
@Suite struct DishFormTests {
    static let knowledge = FoodKnowledge(
        text: """
            ~ roll, sandwich
            sandwich: toastie, wrap
            shellfish: lobster, crab
            """)
    // "roll" and "sandwich" are rarer than "lobster" here, and their beers' ids lower: by
    // rarity, or on a tie, they would lead.
    static let catalogue = Catalogue(beers: [
        Beer(id: 1, name: "A", foodPairing: ["Ham sandwich"]),
        Beer(id: 2, name: "B", foodPairing: ["Haggis spring rolls"]),
        Beer(id: 3, name: "C", foodPairing: ["Lobster bisque"]),
        Beer(id: 4, name: "D", foodPairing: ["Lobster salad"]),
        Beer(id: 5, name: "E", foodPairing: ["Grilled lobster"]),
        Beer(id: 6, name: "F", foodPairing: ["Coffee"]),
    ])

    func ids(_ text: String, knowledge: FoodKnowledge = knowledge) throws -> [Int] {
        try FoodRanker(catalogue: Self.catalogue, knowledge: knowledge).rank(text, limit: nil).hits.map {
            Self.catalogue.beers[$0.index].id
        }
    }

    @Test func theKnowledgeReadsItsFormLines() {
        #expect(Self.knowledge.forms == ["roll", "sandwich"] && Self.knowledge.problems.isEmpty)
    }

    @Test func whatTheDishIsMadeOfRanksBeforeItsForm() throws {
        // Read as typed (no concept named): lobster before the rolls.
        #expect(try ids("lobster rolls") == [3, 4, 5, 2])
        // Read through a concept ("sandwich"): the lobster dishes before the sandwich.
        #expect(try ids("lobster sandwich") == [3, 4, 5, 1])
        // Without the form line, the rarer word, or the lower id, leads.
        let plain = FoodKnowledge(text: "sandwich: toastie, wrap\nshellfish: lobster, crab")
        #expect(try ids("lobster rolls", knowledge: plain).first == 2)
        #expect(try ids("lobster sandwich", knowledge: plain).first == 1)
        // A form alone is what was asked for.
        #expect(try ids("roll") == [2])
    }

    /// Rice, in the knowledge shipped, is a plain staple that says little of a dish's taste:
    /// for "kimchi rice", which no pairing holds whole, the Korean dish ranks before a rice
    /// pudding (the lower id, and rice as typed).
    @Test func riceIsAFormInTheShippedKnowledge() throws {
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Ginger rice pudding"]),
            Beer(id: 2, name: "B", foodPairing: ["Korean style chicken wings"]),
        ])
        let result = try FoodRanker(catalogue: catalogue).rank("kimchi rice", limit: nil)
        #expect(result.hits.map { catalogue.beers[$0.index].id } == [2, 1])
        #expect(FoodKnowledge.standard.forms.contains("rice"))
    }

    /// "Crispy", in the knowledge shipped, is a texture that says little of a dish's taste:
    /// for "crispy duck", which no pairing holds whole, the duck dish ranks before crispy
    /// bacon (the lower id, and the rarer word as typed).
    @Test func crispyIsAFormInTheShippedKnowledge() throws {
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Crispy bacon salad"]),
            Beer(id: 2, name: "B", foodPairing: ["Roast duck with plum sauce"]),
            Beer(id: 3, name: "C", foodPairing: ["Duck confit"]),
            Beer(id: 4, name: "D", foodPairing: ["Pan-fried duck breast"]),
        ])
        let result = try FoodRanker(catalogue: catalogue).rank("crispy duck", limit: nil)
        #expect(result.hits.first.map { catalogue.beers[$0.index].id } != 1)
        #expect(result.hits.last.map { catalogue.beers[$0.index].id } == 1)
        #expect(FoodKnowledge.standard.forms.contains("crispy"))
    }

    /// A form in a pairing of nothing else asked for says nothing of the dish: "Ham
    /// sandwich" beside "Lobster bisque" is no lobster sandwich, and that beer ranks with
    /// the other lobster dishes (by id), not before them as holding every word; with a
    /// limit of one too, where the beers holding every word are scored first.
    @Test func aFormInAPairingOfNothingElseAskedForSaysNothing() throws {
        let catalogue = Catalogue(beers: [
            Beer(id: 1, name: "A", foodPairing: ["Grilled lobster"]),
            Beer(id: 2, name: "B", foodPairing: ["Lobster bisque", "Ham sandwich", "Haggis spring rolls"]),
            Beer(id: 3, name: "C", foodPairing: ["Cheese sandwich", "Sausage rolls"]),
        ])
        let ranker = FoodRanker(catalogue: catalogue, knowledge: Self.knowledge)
        // A word no pairing holds leaves a dish and its form ("leek" is in none).
        for query in ["lobster sandwich", "lobster rolls", "lobster and leek sandwich"] {
            let all = try ranker.rank(query, limit: nil)
            #expect(all.hits.map { catalogue.beers[$0.index].id } == [1, 2, 3], "\(query)")
            #expect(all.hits[1].matchedWords == ["lobster"] && !all.hits[1].allWords, "\(query)")
            #expect(all.hits[0].score == all.hits[1].score, "\(query)")
            let one = try ranker.rank(query, limit: 1)
            #expect(one.hits.map { catalogue.beers[$0.index].id } == [1], "\(query)")
        }
        // A beer with the form alone still matches it.
        #expect(try ranker.rank("lobster sandwich", limit: nil).hits.last?.matchedWords == ["sandwich"])
    }
}

/// Words of a request ("something", "night", "what goes") are no food: a query drops them
/// when it has other words, and keeps them inside a concept's name ("date night").
@Suite struct RequestWordsTests {
    static let knowledge = FoodKnowledge(text: "date night: steak, oysters")
    static let catalogue = Catalogue(beers: [
        Beer(id: 1, name: "A", foodPairing: ["Spicy wings"]),
        Beer(id: 2, name: "B", foodPairing: ["Steak"]),
        Beer(id: 3, name: "C", foodPairing: ["Dates with cheese"]),
    ])

    func rank(_ text: String) throws -> FoodRanker.Result {
        try FoodRanker(catalogue: Self.catalogue, knowledge: Self.knowledge).rank(text, limit: nil)
    }

    @Test func requestWordsAreDroppedBesideFoodWords() throws {
        let plain = try rank("spicy")
        for asked in ["something spicy", "what goes with spicy", "i want something spicy tonight"] {
            let r = try rank(asked)
            #expect(r.match == .all && r.query.unknownWords.isEmpty, "\(asked)")
            #expect(r.hits.map(\.index) == plain.hits.map(\.index), "\(asked)")
        }
        // Inside a concept's name a request word stays: "date night" is no date.
        #expect(try rank("date night").hits.map { Self.catalogue.beers[$0.index].id } == [2])
        // Alone, it is what was asked for, and nothing holds it.
        #expect(try rank("night").match == .none)
    }
}

/// A dish of several words whose top k the concepts' best members settle is ranked
/// walking only them: the same ranking, scores and reasons as walking every member.
@Suite struct BestMembersFirstTests {
    static let catalogue = Catalogue(beers: SyntheticCatalogue.beers(count: 20_000, seed: 11))

    @Test(arguments: [
        "bbq ribs", "korean bbq", "smoked fish", "chocolate dessert", "chinese pork", "spicy seafood", "vegan burger",
        "vegetarian curry", "vegetarian pizza",
    ])
    func theBestMembersFirstRankAsEveryMember(_ dish: String) throws {
        var everyMember = FoodRanker(catalogue: Self.catalogue)
        everyMember.walksBestMembersFirst = false
        var strong = BeerFilter()
        strong.greaterThan[.abv] = 8
        for (filter, limit) in [(BeerFilter(), 10), (BeerFilter(), 3), (strong, 10), (BeerFilter(), 200)] {
            let best = try FoodRanker(catalogue: Self.catalogue).rank(dish, filter: filter, limit: limit)
            let every = try everyMember.rank(dish, filter: filter, limit: limit)
            let same = best == every
            #expect(same, "\(dish) --limit \(limit) \(filter.summary): \(best.hits.map(\.index)) \(every.hits.map(\.index))")
            #expect(best.hits.count == limit && best.match == .all)
        }
    }
}
