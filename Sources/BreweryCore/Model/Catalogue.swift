import Dispatch
import Foundation
import Synchronization

/// A validated catalogue of beers with everything queries need, built once at load.
///
/// Holds the beers in source order, an id index, folded names for name matching,
/// the numeric features and the food index. Pure: it is given beers and does no I/O.
public final class Catalogue: Sendable {
    /// The beers, in source order; an index into this list is a *beer index*.
    public let beers: BeerList
    /// Folded names (``TextFolding``), by beer index.
    package let foldedNames: [String]
    /// The folded names' bytes and words, for name search.
    package let names: NameIndex
    /// abv/ibu/ebc as structure-of-arrays.
    package let features: NumericFeatures
    /// Food pairings indexed by concept.
    package let food: FoodIndex
    /// The features in blocks of nearby beers, for `recommend like`.
    package let blocks: FeatureBlocks
    /// The food concepts of each block's beers, in the order of ``blocks``.
    package let conceptBlocks: ConceptBlocks
    /// Beer ids, and beer indexes in id order.
    package let idIndex: IDIndex
    /// Beer ids as Int32, by beer index (the tie-breaker in scoring loops).
    package let ids: AlignedBuffer<Int32>
    /// The hops, malts and yeasts, with the beers using each.
    package let ingredients: IngredientIndex
    /// First-brewed months, by beer index.
    package let brewDates: BrewDates
    /// Counts, missing values and ranges, for `stats`.
    package let stats: CatalogueStats
    /// How each beer is brewed, for `recommend like`.
    package let recipe: RecipeFeatures
    /// The recipe features in the order of ``blocks``.
    package let recipeBlocks: RecipeBlocks
    /// Each beer's nearest style and failed recipe checks, built by the first query that
    /// needs them (``brewing``).
    private let brewingCache = BuiltOnce<BrewingIndex>()
    /// Where ``brewing`` is looked for before it is built, and kept once built.
    private let brewingKeeper = Mutex<(any BrewingIndexKeeper)?>(nil)
    /// The mean similarity on each part over a fixed sample of pairs, built by the first
    /// query that fits weights (``typicalPartSimilarities``).
    private let typicalPartsCache = BuiltOnce<[Float?]>()
    /// What ``stylesSaidByNames`` holds, once built.
    private let stylesSaidCache = BuiltOnce<(first: [Int16], second: [Int16])>()
    /// The places of food concepts' excluded words, for ``FoodRanker`` (kept as queries
    /// need them).
    package let absentPlaces = AbsentPlaceCache()

    /// Each beer's nearest BJCP style and failed recipe checks (built on first use, or
    /// read from the keeper given to ``keepBrewing(in:)``).
    package var brewing: BrewingIndex {
        brewingCache.value {
            let keeper = brewingKeeper.withLock { $0 }
            if let kept = keeper?.kept(count: count) { return kept }
            let built = BrewingIndex(self)
            keeper?.keep(built)
            return built
        }
    }

    /// Per beer, up to two BJCP styles its name says it is (``NameIndex/stylesSaid(_:)``),
    /// for `--style`: built on first use.
    package var stylesSaidByNames: (first: [Int16], second: [Int16]) {
        stylesSaidCache.value { names.stylesSaid(.bjcp2021) }
    }

    /// Looks for ``brewing`` in `keeper` before building it, and keeps it there once
    /// built; given before the first read of ``brewing``.
    package func keepBrewing(in keeper: any BrewingIndexKeeper) {
        brewingKeeper.withLock { $0 = keeper }
    }

    /// What ``TasteWeights`` compares liked beers with: the mean similarity on each part
    /// (by ``SimilarityPart`` raw value) over a fixed sample of this catalogue's pairs
    /// (built on first use).
    package var typicalPartSimilarities: [Float?] { typicalPartsCache.value { TasteWeights.catalogueMeans(self) } }

    /// Builds the catalogue's indexes.
    ///
    /// - Precondition: ids are unique (``CatalogueDecoder/validate(_:source:allowEmpty:)``).
    public convenience init(beers: [Beer]) { self.init(beers: beers, recipes: nil) }

    /// Builds the catalogue's indexes, with the beers' ingredients read from `recipes`
    /// when given (the columns of the same beers, as ``CatalogueDecoder`` reads them:
    /// such beers may hold no ingredients of their own).
    ///
    /// - Precondition: ids are unique (``CatalogueDecoder/validate(_:source:allowEmpty:)``).
    package init(beers: [Beer], recipes: RecipeColumns?) {
        self.beers = BeerList(beers)
        // The food index and the rest are independent: a large catalogue builds them on
        // two threads.
        var builtFood: FoodIndex?
        var builtNames: [String] = []
        var builtNameIndex: NameIndex?
        var builtFeatures: NumericFeatures?
        var builtIDs: IDIndex?
        var builtIngredients: IngredientIndex?
        var builtDates: BrewDates?
        var builtRecipe: RecipeFeatures?
        var builtStats: CatalogueStats?
        // Beers are read by index, field by field: `beers.map` would hand each closure a
        // copy of its beer, retaining and releasing every text and list in it.
        // Two halves of about the same work: the food index with the statistics,
        // numbers and names; the recipe features and the ingredient index.
        Concurrently.run(
            parallel: beers.count >= Self.parallelBuildThreshold,
            {
                let food = FoodIndex(pairings: beers.indices.map { beers[$0].foodPairing })
                builtFood = food
                var stats = CatalogueStats(beers: beers, foodWords: 0, foodConcepts: 0)
                stats.foodWords = food.vocabulary.words.count
                stats.foodConcepts = food.vocabulary.conceptCount
                builtStats = stats
                builtFeatures = NumericFeatures(beers: beers)
                builtIDs = IDIndex(ids: beers.indices.map { beers[$0].id })
                builtDates = BrewDates(beers: beers)
                builtNames = beers.indices.map { TextFolding.fold(beers[$0].name) }
                builtNameIndex = NameIndex(foldedNames: builtNames)
            },
            {
                let columns = recipes ?? RecipeColumns(beers: beers)
                builtRecipe = RecipeFeatures(beers: beers, columns: columns)
                builtIngredients = IngredientIndex(columns: columns)
            })
        // Both closures have run, so every part is set.
        food = builtFood.unsafelyUnwrapped
        foldedNames = builtNames
        names = builtNameIndex.unsafelyUnwrapped
        features = builtFeatures.unsafelyUnwrapped
        idIndex = builtIDs.unsafelyUnwrapped
        ingredients = builtIngredients.unsafelyUnwrapped
        brewDates = builtDates.unsafelyUnwrapped
        recipe = builtRecipe.unsafelyUnwrapped
        stats = builtStats.unsafelyUnwrapped
        ids = Self.tieBreakers(idIndex.ids)
        blocks = FeatureBlocks(
            features: features, inverseNorm: food.inverseNorm,
            classes: recipe.yeastClasses(minimumBeers: FeatureBlocks.width))
        var builtConcepts: ConceptBlocks?
        var builtRecipeBlocks: RecipeBlocks?
        Concurrently.run(
            parallel: beers.count >= Self.parallelBuildThreshold,
            { [food, blocks] in builtConcepts = ConceptBlocks(food: food, blocks: blocks) },
            { [recipe, blocks] in builtRecipeBlocks = RecipeBlocks(recipe: recipe, blocks: blocks) })
        conceptBlocks = builtConcepts.unsafelyUnwrapped
        recipeBlocks = builtRecipeBlocks.unsafelyUnwrapped
    }

    /// A catalogue from indexes built before (read back from a snapshot).
    init(
        beers: BeerList, foldedNames: [String], names: NameIndex, features: NumericFeatures, food: FoodIndex,
        blocks: FeatureBlocks, conceptBlocks: ConceptBlocks, idIndex: IDIndex, ingredients: IngredientIndex,
        brewDates: BrewDates, recipe: RecipeFeatures, recipeBlocks: RecipeBlocks, stats: CatalogueStats
    ) {
        self.beers = beers
        self.foldedNames = foldedNames
        self.names = names
        self.features = features
        self.food = food
        self.blocks = blocks
        self.conceptBlocks = conceptBlocks
        self.idIndex = idIndex
        self.ingredients = ingredients
        self.brewDates = brewDates
        self.recipe = recipe
        self.stats = stats
        self.recipeBlocks = recipeBlocks
        ids = Self.tieBreakers(idIndex.ids)
    }

    /// This catalogue with its beers read through `source` instead of kept decoded:
    /// `located` are its beers as located records (``CatalogueSnapshot/EncodedBeers``
    /// made with spans); the catalogue is returned as it is if they are not.
    package func readingBeers(from source: BeerSource, located: CatalogueSnapshot.EncodedBeers) -> Catalogue {
        guard located.located, located.offsets.count == count + 1 else { return self }
        let records = BeerList.Records(
            bytes: AlignedBuffer(copying: located.bytes), offsets: AlignedBuffer(copying: located.offsets),
            strings: located.strings, source: source)
        return Catalogue(
            beers: BeerList(records: records), foldedNames: foldedNames, names: names, features: features, food: food,
            blocks: blocks, conceptBlocks: conceptBlocks, idIndex: idIndex, ingredients: ingredients,
            brewDates: brewDates, recipe: recipe, recipeBlocks: recipeBlocks, stats: stats)
    }

    private static func tieBreakers(_ ids: [Int]) -> AlignedBuffer<Int32> {
        let buffer = AlignedBuffer<Int32>(count: ids.count, repeating: 0)
        for i in ids.indices { buffer[i] = Int32(truncatingIfNeeded: ids[i]) }
        return buffer
    }

    /// From this many beers on, the indexes are built on two threads.
    static let parallelBuildThreshold = 32_768

    /// Number of beers.
    public var count: Int { beers.count }

    /// The beer index of an id.
    /// - Parameter id: a Punk API id.
    /// - Returns: its index, or nil when no beer has it.
    public func index(ofID id: Int) -> Int? { idIndex.index(of: id) }

    /// Finds one beer by id (all digits) or by name, as a user types it.
    ///
    /// A name matches case-, accent- and dash-insensitively; a name shared by several
    /// beers is ambiguous; a name that is the start of exactly one beer's name matches it;
    /// last, a name that is one beer's spacing and punctuation aside matches it.
    /// - Throws: ``CatalogueError/unknownID(_:nearest:)``, ``CatalogueError/unknownName(_:suggestions:)``,
    ///   ``CatalogueError/ambiguousName(_:candidates:)`` or ``CatalogueError/ambiguousStart(_:count:examples:)``.
    /// - Parameter text: an id or a name, as typed.
    /// - Returns: the beer's index.
    public func lookup(_ text: String) throws(CatalogueError) -> Int {
        let trimmed = Whitespace.trimmed(text)
        if let id = Self.id(typed: trimmed) {
            if let i = idIndex.index(of: id) { return i }
            throw CatalogueError.unknownID(id, nearest: idIndex.nearest(to: id, count: 3))
        }
        let folded = TextFolding.fold(trimmed)
        if !folded.isEmpty, let exact = names.beers(named: Array(folded.utf8)), exact.count == 1 { return exact[0] }
        let (exact, prefixed) = names(matching: folded)
        if exact.count == 1 { return exact[0] }
        if exact.count > 1 {
            throw CatalogueError.ambiguousName(trimmed, candidates: exact.map { (beers[$0].id, beers[$0].name) })
        }
        if prefixed.count == 1, !folded.isEmpty { return prefixed[0] }
        if prefixed.count > 1, !folded.isEmpty {
            throw CatalogueError.ambiguousStart(
                trimmed, count: prefixed.count, examples: prefixed.prefix(3).map { (beers[$0].id, beers[$0].name) })
        }
        // Spacing and punctuation aside ("5 AM Saint" for "5am Saint", "punk ipa 2007
        // 2010"): the one beer whose name has the text's letters and digits. A pass over
        // every name, for a name nothing else found.
        let letters = names.beers(containingLetters: Array(folded.utf8)) ?? []
        let whole = letters.filter(\.whole)
        if whole.count == 1 { return whole[0].beer }
        let hits = NameSearch(catalogue: self).search(trimmed, limit: 3, where: { _ in true }, letters: letters).hits
        throw CatalogueError.unknownName(trimmed, suggestions: hits.map { beers[$0.index].name })
    }

    /// The beer that `text` names as ``lookup(_:)`` finds one by name, or nil when no beer
    /// or several do — without working out the suggestions an error would give (a search
    /// over every name).
    package func index(named text: String) -> Int? {
        let folded = TextFolding.fold(Whitespace.trimmed(text))
        guard !folded.isEmpty else { return nil }
        // A full name first, from its rarest word; then the names it starts.
        if let exact = self.names.beers(named: Array(folded.utf8)), !exact.isEmpty {
            return exact.count == 1 ? exact[0] : nil
        }
        let (exact, prefixed) = names(matching: folded)
        if exact.count == 1 { return exact[0] }
        return exact.isEmpty && prefixed.count == 1 ? prefixed[0] : nil
    }

    /// The beers whose folded name is `folded`, and those whose folded name starts with it
    /// (ascending): the beers of the names' first words that fit
    /// (``NameIndex/forEachName(startingWith:_:)``), not a string comparison per name.
    private func names(matching folded: String) -> (exact: [Int], prefixed: [Int]) {
        let needle = Array(folded.utf8)
        var exact: [Int] = []
        var prefixed: [Int] = []
        guard !needle.isEmpty else {
            return (beers.indices.filter { self.names.nameLength($0) == 0 }, Array(beers.indices))
        }
        self.names.forEachName(startingWith: needle) { i, name in
            prefixed.append(i)
            if name.count == needle.count { exact.append(i) }
        }
        return (exact, prefixed)
    }
}
