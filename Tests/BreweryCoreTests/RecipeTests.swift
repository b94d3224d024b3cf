import BreweryCore
import BreweryTestSupport
import Testing

/// Recipes: ingredient names, hop timing, batch sizes, units and scaling.
@Suite struct RecipeTests {
    @Test(arguments: [
        ("Wyeast 1056 - American Ale™", "wyeast 1056 american ale"),
        ("Nelson Sauvin®", "nelson sauvin"),
        ("  Crème  Brûlée   Malt ", "creme brulee malt"),
        ("Saflager W-34/70", "saflager w 34 70"),
    ])
    func namesFoldToOneKey(_ name: String, _ key: String) {
        #expect(IngredientName.key(name) == key)
    }

    @Test func asciiNamesTakeAFastPathThatAgreesWithTheGeneralOne() {
        // A trailing ™ is dropped by the general path, so the key must not change.
        var rng = SplitMix64(seed: 17)
        let alphabet = Array(" \t\r\n-_/.&'\"()0123456789abcxyzABCXYZ\u{1}\u{7f}")
        for _ in 0..<2_000 {
            let length = Int(rng.next() % 24)
            let name = String((0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            #expect(IngredientName.key(name) == IngredientName.key(name + "™"), "\(name.debugDescription)")
        }
    }

    @Test func queriesMatchWholeWordsInOrderTheLastAsAPrefix() {
        #expect(IngredientName.matches("Wyeast 1056 - American Ale™", query: "wyeast 1056"))
        #expect(IngredientName.matches("NZ Nelson Sauvin", query: "nelson"))
        #expect(IngredientName.matches("Nelson Sauvin", query: "Nelson Sau"))
        #expect(IngredientName.matches("Amarillo", query: "amar"))
        #expect(!IngredientName.matches("Wyeast 1056 - American Ale™", query: "1272"))
        #expect(!IngredientName.matches("Nelson Sauvin", query: "sauvin nelson"))
        #expect(!IngredientName.matches("Nelson Sauvin", query: "elson"))
        #expect(!IngredientName.matches("Nelson Sauvin", query: "  "))
    }

    @Test func hopAdditionsReadTheRecipesWordsAndSortInBrewingOrder() {
        let words: [(String?, String?)] = [
            ("Dry Hop", "Aroma"), ("end", "flavour"), ("60", "Bittering"), ("start", "bitter"), ("Flame Out", "aroma"),
            ("middle", "flavoour"), ("First Wort Hops", "Bitering"), ("Wood Ageing", nil), ("0", "aroma"), (nil, nil),
        ]
        let sorted = words.map { HopAddition(add: $0.0, attribute: $0.1) }.sorted()
        #expect(
            sorted.map(\.label) == [
                "first wort", "60 min", "start", "middle", "flame-out", "flame-out", "end", "dry hop", "wood ageing", "-",
            ])
        // One mapping: the stage orders, the moment the record names is what it reads.
        for (add, stage, label) in [
            ("Flame Out", HopAddition.Stage.end, "flame-out"), ("0", .end, "flame-out"), ("Whirlpool", .end, "whirlpool"),
            ("Kettle", .end, "end"), ("secondary", .dryHop, "secondary"), ("FV", .dryHop, "dry hop"), ("Mash", .mash, "mash"),
        ] {
            let a = HopAddition(add: add, attribute: nil)
            #expect(a.stage == stage && a.label == label, "\(add)")
        }
        #expect(HopAddition(add: "Dry Hop", attribute: "Aroma").purpose == .aroma)
        #expect(HopAddition(add: "x", attribute: "Bitering").purpose == .bitter)
        #expect(HopAddition(add: "x", attribute: "flavouor").purpose == .flavour)
    }

    @Test(arguments: [
        ("10l", 10.0), ("10 L", 10), ("23 litres", 23), ("5gal", 18.92705892), ("2.5 gallons", 9.46352946), ("10hl", 1_000),
        ("7 bbl", 821.43435713), ("1 barrel", 117.34776530),
    ])
    func batchVolumesParse(_ text: String, _ litres: Double) throws {
        let v = try #require(BatchVolume(parsing: text))
        #expect(abs(v.litres - litres) < 1e-6)
    }

    @Test(arguments: ["", "10", "l", "ten litres", "-5l", "0l", "1e9l", "nanl", "5 pints", "10l5", "1001hl"])
    func badBatchVolumesDoNot(_ text: String) {
        #expect(BatchVolume(parsing: text) == nil)
    }

    /// A batch size is a volume or a multiple of the recipe's own batch, which makes a
    /// volume only of a recipe that gives one, and within the volumes taken.
    @Test func batchSizesAreVolumesOrMultiples() {
        #expect(BatchSize(parsing: "5gal") == .volume(BatchVolume(parsing: "5gal")!))
        #expect(BatchSize(parsing: "2x") == .multiple(2) && BatchSize(parsing: " x 0.5 ") == .multiple(0.5))
        #expect(BatchSize(parsing: "2×") == .multiple(2))
        for bad in ["x", "2", "0x", "-2x", "1e3x", "2000x", "nanx", "2xx", "two x", "2x5"] {
            #expect(BatchSize(parsing: bad) == nil, "\(bad)")
        }
        #expect(BatchSize.multiple(2).litres(writtenFor: 20) == 40)
        #expect(BatchSize.multiple(2).litres(writtenFor: nil) == nil)
        #expect(BatchSize.multiple(0.01).litres(writtenFor: 5) == nil)
        #expect(BatchSize.volume(BatchVolume(litres: 10)).litres(writtenFor: nil) == 10)
    }

    /// A recipe scales to a volume or a multiple of its own batch, and says why it cannot.
    @Test func aRecipeScalesToABatchSize() throws {
        let written = Recipe(beer: Fixtures.everyField)
        let litres = try #require(written.batchLitres)
        #expect(try written.scaled(to: .multiple(2)) == written.scaled(toLitres: 2 * litres))
        #expect(try written.scaled(to: .volume(BatchVolume(litres: 7))) == written.scaled(toLitres: 7))
        #expect(throws: RecipeError.outsideVolumesTaken(litres: litres * 0.001)) { try written.scaled(to: .multiple(0.001)) }
        let bare = Recipe(beer: Beer(id: 1, name: "Bare"))
        #expect(throws: RecipeError.noBatchVolume) { try bare.scaled(to: .multiple(2)) }
        #expect(throws: RecipeError.noBatchVolume) { try bare.scaled(to: .volume(BatchVolume(litres: 7))) }
    }

    /// A refused batch says what a batch is; a bare number, that it lacks a unit.
    @Test func aRefusedBatchSaysWhy() {
        #expect(
            BatchSize.complaint(about: " 23 ")
                == "'23' has no unit: write 23l, 23gal, 23hl or 23bbl (0.1 l to 100,000 l), or 23x for 23 times the recipe's batch"
        )
        #expect(BatchSize.complaint(about: "5 pints") == "'5 pints' is not a batch size: \(BatchSize.expected)")
        #expect(BatchSize.expected.contains("100,000 l") && BatchSize.expected.contains("2x"))
        // A size past those taken says which sizes are.
        #expect(BatchSize.complaint(about: "200000l") == "'200000l' is outside the batch sizes taken, 0.1 l to 100,000 l")
        #expect(BatchSize.complaint(about: "2000x") == "'2000x' is outside the multiples taken, 0.01x to 1,000x")
        #expect(BatchSize.complaint(about: "x0").hasSuffix("(a batch has some beer in it)"))
        // A huge line stays one short line.
        #expect(BatchSize.complaint(about: String(repeating: "9", count: 10_000)).count < 300)
    }

    @Test func unitsRoundAsAKitchenScaleReads() {
        #expect(UnitSystem.metric.weight(grams: 17.5).description == "18 g")
        #expect(UnitSystem.metric.weight(grams: 5_304).description == "5.3 kg")
        #expect(UnitSystem.metric.weight(grams: 1_234.5).description == "1.23 kg")
        #expect(UnitSystem.us.weight(grams: 17.5).description == "0.62 oz")
        #expect(UnitSystem.us.weight(grams: 5_300).description == "11.68 lb")
        #expect(UnitSystem.us.volume(litres: 20).description == "5.28 gal")
        #expect(UnitSystem.metric.volume(litres: 18.927).description == "18.9 l")
        #expect(UnitSystem.us.temperature(celsius: 65).description == "149 °F")
        #expect(UnitSystem.metric.temperature(celsius: 19).description == "19 °C")
        // A small addition keeps two significant digits: never "0 oz".
        #expect(UnitSystem.us.weight(grams: 0.946).description == "0.033 oz")
        #expect(UnitSystem.metric.weight(grams: 0.946).description == "0.95 g")
        #expect(UnitSystem.metric.weight(grams: 4.73).description == "4.7 g")
    }

    @Test func amountsInOtherUnitsAreKeptAndScaled() throws {
        var beer = Fixtures.everyField
        beer.ingredients?.hops += [
            Beer.Hop(name: "Cold Brew Coffee", amount: Beer.Amount(value: 160, unit: "ml"), add: "dry hop", attribute: "flavour"),
            Beer.Hop(name: "Lemon drop chilli", amount: Beer.Amount(value: 1, unit: "total"), add: "end", attribute: "flavour"),
        ]
        let recipe = Recipe(beer: beer)
        let coffee = try #require(recipe.hops.first { $0.name == "Cold Brew Coffee" })
        #expect(coffee.grams == nil && coffee.asWritten == Quantity(value: 160, unit: "ml"))
        let half = try recipe.scaled(toLitres: 10)
        #expect(half.hops.first { $0.name == "Lemon drop chilli" }?.asWritten == Quantity(value: 0.5, unit: "total"))
        #expect(half.hops.first { $0.name == "Cold Brew Coffee" }?.asWritten == Quantity(value: 80, unit: "ml"))
    }

    @Test func scalingMovesMaltsHopsAndVolumesOnly() throws {
        let recipe = Recipe(beer: Fixtures.everyField)
        #expect(recipe.batchLitres == 20 && recipe.boilLitres == 25)
        #expect(recipe.malts.first?.grams == 4_500 && recipe.hops.first?.grams == 25)
        let half = try recipe.scaled(toLitres: 10)
        #expect(half.scale == 0.5 && half.batchLitres == 10 && half.boilLitres == 12.5)
        #expect(half.malts.first?.grams == 2_250 && half.hops.first?.grams == 12.5)
        #expect(half.mash == recipe.mash && half.fermentationCelsius == recipe.fermentationCelsius)
        #expect(half.yeast == recipe.yeast && half.originalGravity == recipe.originalGravity)
    }

    @Test func missingValuesStayMissing() throws {
        let recipe = Recipe(beer: Beer(id: 1, name: "Bare"))
        #expect(recipe.batchLitres == nil && recipe.malts.isEmpty && recipe.hops.isEmpty && recipe.yeast == nil)
        #expect(throws: RecipeError.noBatchVolume) { try recipe.scaled(toLitres: 10) }
        var odd = Fixtures.everyField
        odd.ingredients?.malt = [Beer.Malt(name: nil, amount: Beer.Amount(value: 3, unit: "total"))]
        #expect(Recipe(beer: odd).malts.map(\.name) == ["-"] && Recipe(beer: odd).malts.first?.grams == nil)
    }
}

/// The ingredient index: distinct ingredients by key, their usual spelling, their beers.
@Suite struct IngredientIndexTests {
    static let beers: [Beer] = {
        func beer(_ id: Int, hops: [String], malt: [String], yeast: String?) -> Beer {
            var b = Beer(id: id, name: "Beer \(id)")
            b.ingredients = Beer.Ingredients(
                malt: malt.map { Beer.Malt(name: $0, amount: nil) },
                hops: hops.map { Beer.Hop(name: $0, amount: nil, add: "end", attribute: "aroma") }, yeast: yeast)
            return b
        }
        return [
            beer(
                1, hops: ["Nelson Sauvin", "Citra", "Nelson Sauvin"], malt: ["Extra Pale"], yeast: "Wyeast 1056 - American Ale™"),
            beer(2, hops: ["NZ Nelson Sauvin"], malt: ["Extra Pale", "Munich"], yeast: "wyeast 1056 american ale"),
            beer(3, hops: ["citra"], malt: [], yeast: "Wyeast 1056 - American Ale™ & Wyeast 3711 - French Saison™"),
            Beer(id: 4, name: "No recipe"),
        ]
    }()

    @Test func ingredientsAreCountedOncePerBeerUnderTheirUsualSpelling() {
        let index = IngredientIndex(beers: Self.beers)
        let hops = index[.hops]
        #expect(hops.names == ["Citra", "Nelson Sauvin", "NZ Nelson Sauvin"] || hops.names.count == 3)
        let citra = hops.keys.firstIndex(of: "citra")
        #expect(citra.map { hops.beerCount($0) } == 2)
        let yeast = index[.yeast]
        let w1056 = yeast.keys.firstIndex(of: "wyeast 1056 american ale")
        #expect(w1056.map { yeast.beerCount($0) } == 3)
        #expect(w1056.map { yeast.names[$0] } == "Wyeast 1056 - American Ale™")
        #expect(yeast.keys.contains("wyeast 3711 french saison"))
    }

    @Test func aQueryFindsEverySpellingsBeers() {
        let index = IngredientIndex(beers: Self.beers)
        var found: [Int] = []
        found += index[.hops].beerSet(matching: "nelson", count: 4).members
        #expect(found == [0, 1])
        found = []
        found += index[.malt].beerSet(matching: "munich", count: 4).members
        #expect(found == [1])
        #expect(index[.yeast].beerSet(matching: "wyeast 1056", count: 4).count == 3)
        #expect(index[.yeast].beerSet(matching: "lager", count: 4).count == 0)
    }

    @Test func aMistypedNameGetsTheIngredientsItMayHaveMeant() {
        let index = IngredientIndex(beers: Self.beers)
        func nearest(_ kind: IngredientIndex.Kind, _ query: String) -> [String] {
            index[kind].nearest(to: query).map { index[kind].names[$0] }
        }
        // Both Nelsons are a typo away; the one more beers use first.
        #expect(Set(nearest(.hops, "nelsen")) == ["Nelson Sauvin", "NZ Nelson Sauvin"])
        #expect(nearest(.hops, "nelsen sauv").count == 2)
        #expect(nearest(.hops, "citar") == ["Citra"])
        #expect(nearest(.yeast, "wyest 1056") == ["Wyeast 1056 - American Ale™"])
        #expect(nearest(.yeast, "wyeast 3771 french") == ["Wyeast 3711 - French Saison™"])
        // Short words must be exact; far words and words out of order find nothing.
        #expect(nearest(.malt, "mnu").isEmpty)
        #expect(nearest(.malt, "munchkin").isEmpty)
        #expect(nearest(.hops, "sauvin nelsen").isEmpty)
        #expect(nearest(.hops, "").isEmpty)
    }
}
