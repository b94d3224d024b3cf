import Benchmark
import BreweryAPI
import BreweryCompletion
import BreweryCore
import BreweryStore
import BreweryWeb
import Foundation

// Benchmarks for Brewery's hot paths at 325 (the real v2 catalogue when ../shared is
// there, else synthetic), 10k, 100k and 1M beers (synthetic, built once per process in
// `setup`, outside the measured closure).
//
//   swift package --disable-sandbox benchmark
//   BREWERY_BENCH_SIZES=325,10000 swift package --disable-sandbox benchmark   # a quick subset

/// Catalogues built once per benchmark process.
final class Catalogues: @unchecked Sendable {
    static let shared = Catalogues()
    private let lock = NSLock()
    private var built: [Int: Catalogue] = [:]
    private var completers: [Int: Completer] = [:]
    private var withRecipes: [Int: Catalogue] = [:]
    private var sites: [Int: WebSite] = [:]
    private var turn = 0

    /// 0, 1, 2, … across calls (the closures run once per sample, so a local would not do).
    func nextTurn() -> Int {
        lock.lock()
        defer { lock.unlock() }
        turn += 1
        return turn
    }

    static var sizes: [Int] {
        let env = ProcessInfo.processInfo.environment["BREWERY_BENCH_SIZES"] ?? ""
        let parsed = env.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return parsed.isEmpty ? [325, 10_000, 100_000, 1_000_000] : parsed
    }

    /// The real v2 catalogue beside the repository, if present.
    static var realV2: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/punkapi/v2/beers.json").path
    }

    static func beers(_ n: Int) -> [Beer] {
        if n == 325, let loaded = try? CatalogueStore(path: realV2).load() { return Array(loaded.catalogue.beers) }
        return SyntheticCatalogue.beers(count: n, seed: 42)
    }

    func catalogue(_ n: Int) -> Catalogue {
        lock.lock()
        defer { lock.unlock() }
        if let c = built[n] { return c }
        let c = Catalogue(beers: Self.beers(n))
        built[n] = c
        return c
    }

    /// Catalogue `n` with recipes (the real one at 325), for the ingredient filters.
    func recipeCatalogue(_ n: Int) -> Catalogue {
        if n == 325 { return catalogue(n) }
        lock.lock()
        defer { lock.unlock() }
        if let c = withRecipes[n] { return c }
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: n, seed: 42, recipes: true))
        withRecipes[n] = c
        return c
    }

    /// The web page over catalogue `n` (with recipes), its API built once.
    func site(_ n: Int) -> WebSite {
        let c = recipeCatalogue(n)
        lock.lock()
        defer { lock.unlock() }
        if let done = sites[n] { return done }
        let made = WebSite(api: BreweryAPI(catalogue: c))
        sites[n] = made
        return made
    }

    /// A completer over catalogue `n`, its name index built once.
    func completer(_ n: Int) -> Completer {
        let c = catalogue(n)
        lock.lock()
        defer { lock.unlock() }
        if let done = completers[n] { return done }
        let made = Completer(grammar: CommandGrammar(commands: [.init("show", argument: .beer)]), catalogue: c)
        _ = made.complete("show a")  // waits for the name index, built on another thread
        completers[n] = made
        return made
    }
}

let benchmarks: @Sendable () -> Void = {
    let fast = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
        maxDuration: .seconds(2), maxIterations: 5_000)
    // Every query of a 200-query mix ten times over (the turn counter goes on across
    // samples, so each query is met in turn).
    let mix = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
        maxDuration: .seconds(30), maxIterations: 2_000)
    let slow = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .milliseconds,
        maxDuration: .seconds(10), maxIterations: 5)

    for n in Catalogues.sizes {
        let label = n >= 1_000_000 ? "\(n / 1_000_000)M" : (n >= 1000 ? "\(n / 1000)k" : "\(n)")
        let setup: Benchmark.BenchmarkSetupHook = { _ = Catalogues.shared.catalogue(n) }

        let recipeSetup: Benchmark.BenchmarkSetupHook = { _ = Catalogues.shared.recipeCatalogue(n) }

        // A `like` benchmark: 16 query beers spread over the catalogue, in turn (the search
        // skips more or less depending on the query, so one beer would not be typical).
        // `search` is given the scorer, the 16 beers and the turn.
        func likeBenchmark(
            _ name: String, recipes: Bool, search: @escaping @Sendable (SimilarityScorer, [Int], Int) -> Void
        ) {
            Benchmark(
                name, configuration: fast,
                closure: { benchmark in
                    let c = recipes ? Catalogues.shared.recipeCatalogue(n) : Catalogues.shared.catalogue(n)
                    let scorer = SimilarityScorer(catalogue: c)
                    let queries = (1...16).map { c.count * $0 / 17 }
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations { search(scorer, queries, Catalogues.shared.nextTurn()) }
                }, setup: recipes ? recipeSetup : setup)
        }

        for (mode, execution) in [("serial", SimilarityScorer.Execution.serial), ("parallel", .automatic)] {
            for (kind, weights) in [
                ("combined", ScoringWeights.standard), ("numeric", ScoringWeights(abv: 1, ibu: 1, ebc: 1, food: 0)),
                ("card", ScoringWeights(abv: 1, ibu: 1, ebc: 1, food: 0.5)),
            ] {
                likeBenchmark("like \(kind) \(mode) n=\(label)", recipes: false) {
                    scorer, queries, turn in
                    let q = queries[turn & 15]
                    blackHole(scorer.topK(like: q, weights: weights, k: 11, excluding: q, execution: execution))
                }
            }
        }

        // The default `like` on a catalogue with recipes (yeast, hops, malts and method
        // scored too), for one beer and for three liked beers, as the CLI runs it (the
        // query made by the use case: several beers get weights fitted to what they share);
        // also on one thread (" serial"), to say what the parallel search gains.
        for liked in [1, 3] {
            for (mode, execution) in [("", SimilarityScorer.Execution.automatic), (" serial", .serial)] {
                likeBenchmark(
                    "like default \(liked == 1 ? "1 beer" : "\(liked) beers")\(mode) n=\(label)", recipes: true
                ) { scorer, queries, turn in
                    let beers = (0..<liked).map { queries[(turn + 5 * $0) & 15] }
                    let query = LikeRecommender(catalogue: scorer.catalogue).query(liked: beers, weights: nil)
                    blackHole(scorer.topK(query, k: 10, excluding: beers, execution: execution))
                }
            }
        }

        // `recommend like N` as a user meets it: 200 query beers drawn at random (fixed seed),
        // each in turn, through the use case the shell and the server call (a page of 10,
        // the query beer and its exact twins left out).
        Benchmark(
            "like random 1 beer n=\(label)", configuration: mix,
            closure: { benchmark in
                let c = Catalogues.shared.recipeCatalogue(n)
                var rng = SplitMix64(seed: 200)
                let queries = (0..<200).map { _ in Int(rng.next() % UInt64(c.count)) }
                let recommender = LikeRecommender(catalogue: c)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    let q = queries[Catalogues.shared.nextTurn() % 200]
                    blackHole(recommender.page(LikeQuery(liked: [q]), window: PageWindow(limit: 10)))
                }
            }, setup: recipeSetup)

        // `recommend for me` with 20 ratings (14 of 3.5 and up, 4 of 2 and below, 2 between),
        // drawn at random (fixed seed) for each of 16 users taken in turn, as the CLI runs it.
        Benchmark(
            "for me 20 ratings n=\(label)", configuration: mix,
            closure: { benchmark in
                let c = Catalogues.shared.recipeCatalogue(n)
                var rng = SplitMix64(seed: 20)
                let scores: [Double] = [5, 5, 4.5, 4.5, 4.5, 4, 4, 4, 4, 4, 3.5, 3.5, 3.5, 3.5, 2, 1.5, 1, 1, 3, 2.5]
                let users = (0..<16).map { _ in
                    TasteProfile(
                        ratings: scores.map {
                            BeerRating(
                                beer: TastedBeer(Int(rng.next() % UInt64(c.count)), in: c), score: $0,
                                ratedAt: "2026-01-01T00:00:00Z")
                        })
                }
                let recommender = ForMeRecommender(catalogue: c)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    let user = users[Catalogues.shared.nextTurn() & 15]
                    blackHole(recommender.page(TasteSignals(user, catalogue: c), window: PageWindow(limit: 10)))
                }
            }, setup: recipeSetup)

        // The web page's first page (`/`: 25 cards, the filter form and its suggestions) and
        // the map's answer (points up to 20,000 beers, else the density), as the server
        // renders them, without HTTP.
        for (name, path) in [("web first page", "/"), ("web map", "/v2/map")] {
            Benchmark(
                "\(name) n=\(label)", configuration: fast,
                closure: { benchmark in
                    let site = Catalogues.shared.site(n)
                    let query = QueryParameters()
                    let page = WebSite.routes.first { $0.path == path }
                    let map = BreweryAPI.endpoints.first { $0.path == path }
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations {
                        if let page { blackHole(site.answer(page, id: nil, query: query)) }
                        if let map { blackHole(site.api.answer(map, id: nil, query: query)) }
                    }
                }, setup: { _ = Catalogues.shared.site(n).answer(WebSite.routes[0], id: nil, query: QueryParameters()) })
        }

        for (kind, words) in [
            ("1 common", "chicken"), ("1 rare", "venison"), ("2 words", "chicken tacos"), ("3 words", "spicy chicken tacos"),
        ] {
            Benchmark(
                "food \(kind) n=\(label)", configuration: fast,
                closure: { benchmark in
                    let ranker = FoodRanker(catalogue: Catalogues.shared.catalogue(n))
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations { blackHole(try? ranker.rank(words, limit: 10)) }
                }, setup: setup)
        }

        // A mix of 200 queries of 1–7 words made from the catalogue's own pairing phrases
        // (fixed seed), one per iteration in turn, so the percentiles are the mix's: long
        // queries where no beer holds every word are the slow ones.
        // Also on one thread (" serial"), to say what walking in stripes gains.
        for (mode, execution) in [("", SearchExecution.automatic), (" serial", .serial)] {
            Benchmark(
                "food mix\(mode) n=\(label)", configuration: mix,
                closure: { benchmark in
                    let c = Catalogues.shared.catalogue(n)
                    let ranker = FoodRanker(catalogue: c)
                    let queries = SyntheticCatalogue.foodQueries(count: 200, from: c.beers)
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations {
                        let query = queries[Catalogues.shared.nextTurn() % queries.count]
                        blackHole(try? ranker.rank(query, limit: 10, execution: execution))
                    }
                }, setup: setup)
        }

        // Food concepts (`shellfish`, `indian`, `sunday roast`): every name of the food
        // knowledge in turn, each expanding to many members' words.
        Benchmark(
            "food concepts n=\(label)", configuration: mix,
            closure: { benchmark in
                let c = Catalogues.shared.catalogue(n)
                let ranker = FoodRanker(catalogue: c)
                let queries = FoodKnowledge.standard.concepts.map(\.name)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(try? ranker.rank(queries[Catalogues.shared.nextTurn() % queries.count], limit: 10))
                }
            }, setup: setup)

        // Dishes of a concept and another word (`bbq ribs`, `chocolate dessert`, `vegan
        // burger`), as people type them, in turn: each word's members walked together.
        Benchmark(
            "food concept dishes n=\(label)", configuration: mix,
            closure: { benchmark in
                let c = Catalogues.shared.catalogue(n)
                let ranker = FoodRanker(catalogue: c)
                let queries = [
                    "bbq ribs", "korean bbq", "spicy seafood", "indian curry", "vegan burger", "smoked fish",
                    "grilled chicken", "thai curry", "italian pasta", "chinese pork", "bbq chicken", "spicy chicken wings",
                    "sunday roast beef", "fried fish", "chocolate dessert", "mexican tacos", "seafood pasta", "roast lamb",
                    "pulled pork sandwich", "bbq pulled pork", "spicy shellfish", "smoked cheese", "grilled fish tacos",
                    "game pie",
                ]
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(try? ranker.rank(queries[Catalogues.shared.nextTurn() % queries.count], limit: 10))
                }
            }, setup: setup)

        // Ingredient filters, as `list --hops citra` and `recommend food chicken --hops
        // citra` run them: the filter resolved through the ingredient index, then the page
        // or the ranking.
        Benchmark(
            "list --hops citra n=\(label)", configuration: fast,
            closure: { benchmark in
                let c = Catalogues.shared.recipeCatalogue(n)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    var filter = BeerFilter()
                    filter.restrict(to: c.ingredients[.hops].beerSet(matching: "citra", count: c.count), "hops citra")
                    var page: [Int] = []
                    for i in 0..<c.count where filter.passes(i, c.features) {
                        page.append(i)
                        if page.count == 25 { break }
                    }
                    blackHole(page.map { c.beers.name(at: $0) })
                }
            }, setup: recipeSetup)
        Benchmark(
            "food chicken --hops citra n=\(label)", configuration: fast,
            closure: { benchmark in
                let c = Catalogues.shared.recipeCatalogue(n)
                let ranker = FoodRanker(catalogue: c)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    var filter = BeerFilter()
                    filter.restrict(to: c.ingredients[.hops].beerSet(matching: "citra", count: c.count), "hops citra")
                    blackHole(try? ranker.rank("chicken", filter: filter, limit: 10))
                }
            }, setup: recipeSetup)

        Benchmark(
            "complete name prefix n=\(label)", configuration: fast,
            closure: { benchmark in
                let c = Catalogues.shared.catalogue(n)
                let completer = Catalogues.shared.completer(n)
                let prefix = "show " + String(c.beers[c.count / 3].name.prefix(7))
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations { blackHole(completer.complete(prefix)) }
            }, setup: { _ = Catalogues.shared.completer(n) })

        // `search`: a word many names hold (one pass over the names' bytes, then the hits
        // ranked), and a typo no name holds (the typo-tolerant pass over the distinct words).
        for (kind, query) in [("word", "amber"), ("typo", "zzqx")] {
            Benchmark(
                "search \(kind) n=\(label)", configuration: fast,
                closure: { benchmark in
                    let search = NameSearch(catalogue: Catalogues.shared.catalogue(n))
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations { blackHole(search.search(query, limit: 10)) }
                }, setup: setup)
        }

        // Snapshot bytes (the reload path) to a ready-to-query catalogue.
        Benchmark(
            "load snapshot n=\(label)", configuration: slow,
            closure: { benchmark in
                let bytes = CatalogueSnapshot.encode(Catalogue(beers: Catalogues.beers(n)), header: [])
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(try! CatalogueSnapshot.decode(bytes))
                }
            })

        // JSON bytes to a ready-to-query catalogue.
        Benchmark(
            "load json n=\(label)", configuration: slow,
            closure: { benchmark in
                let data = try! CatalogueDecoder.encode(Catalogues.beers(n))
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(Catalogue(beers: try! CatalogueDecoder.decodeArray(data, source: "bench")))
                }
            })

        // JSON bytes of beers with recipes to a ready-to-query catalogue, read as the
        // commands read a catalogue file: for the indexes only, the ingredients into
        // columns (the beers are then shown from the file).
        Benchmark(
            "load json indexed n=\(label)", configuration: slow,
            closure: { benchmark in
                let beers = SyntheticCatalogue.beers(count: n, seed: 42, recipes: true)
                let data = Data(BeerJSONWriter.bytes(beers)!)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    let read = try! CatalogueDecoder.decodeLocatedArray(data, source: "bench", indexedOnly: true)
                    blackHole(Catalogue(beers: read.beers, recipes: read.recipes))
                }
            })
    }
}
