import Algorithms
import Foundation

/// Deterministic synthetic catalogues in the Punk API shape, for benchmarks and tests.
///
/// abv is mostly 4–12 with a long tail to 55; ibu spans 0–1157 with ~1.5% missing;
/// ebc spans 2–600 with ~2% missing; names are unique; each beer has 1–4 food pairings
/// drawn from the project's own word list (`Data/foods.txt`). With `recipes`, each beer also
/// gets a recipe like the DIY Dog ones — one yeast, 1–5 malts, 1–12 hop additions from
/// `Data/hops.txt`, `malts.txt` and `yeasts.txt`, mash and fermentation (cold for a lager
/// yeast), gravities that agree with the abv, a first-brewed date — and text with quotes
/// and accents, as real records have. Same seed, same beers; the recipes draw from a
/// stream of their own, so the rest of a beer is the same with or without them.
package enum SyntheticCatalogue {
    /// The weighted food words compiled in from `Data/foods.txt`.
    package static let bundledFoods: [(word: String, weight: Int)] = {
        String(decoding: PackageResources.foods_txt, as: UTF8.self)
            .split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .map { line in
                let parts = line.split(separator: "|")
                return (String(parts[0]), parts.count > 1 ? Int(parts[1]) ?? 1 : 1)
            }
    }()

    /// Weighted lines `name|weight[|extra]` of a word list compiled in from `Data/`.
    static func weighted(_ bytes: [UInt8]) -> [(name: String, weight: Int, extra: String)] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            let parts = line.split(separator: "|").map(String.init)
            return (parts[0], parts.count > 1 ? Int(parts[1]) ?? 1 : 1, parts.count > 2 ? parts[2] : "")
        }
    }

    static let hops = weighted(PackageResources.hops_txt)
    static let malts = weighted(PackageResources.malts_txt)
    static let yeasts = weighted(PackageResources.yeasts_txt)

    private static let adjectives = [
        "Hazy", "Dark", "Golden", "Wild", "Bitter", "Smoky", "Sour", "Imperial", "Tropical", "Velvet",
        "Rusty", "Electric", "Frozen", "Midnight", "Jolly", "Brave", "Lazy", "Crimson", "Silver", "Hoppy",
    ]
    private static let nouns = [
        "Fox", "Anchor", "Lantern", "Otter", "Harbour", "Comet", "Thistle", "Raven", "Barrel", "Orchard",
        "Storm", "Badger", "Meadow", "Kettle", "Falcon", "Island", "Ember", "Willow", "Compass", "Dog",
    ]
    private static let styles = [
        "IPA", "Stout", "Porter", "Lager", "Saison", "Sour", "Pale Ale", "Barley Wine", "Pilsner", "Wheat",
    ]
    private static let templates = ["%@", "%@ with %@", "Spicy %@", "%@ and %@ salad", "Grilled %@ with %@", "%@ %@"]

    /// Generates `count` beers with ids 1…count.
    /// With `oneMaltOneHop`, each recipe has one malt and one hop addition (a catalogue of
    /// sparse recipes).
    package static func beers(
        count: Int, seed: UInt64 = 42, recipes: Bool = false, oneMaltOneHop: Bool = false,
        foods: [(word: String, weight: Int)] = bundledFoods
    ) -> [Beer] {
        var rng = SplitMix64(seed: seed)
        var recipeRNG = SplitMix64(seed: seed ^ 0x5EED_5EED_5EED_5EED)
        let cumulative = foods.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + max($1.weight, 1)) }
        let totalWeight = cumulative.last ?? 1
        func food() -> String {
            let r = Int(rng.next() % UInt64(totalWeight))
            return foods[min(cumulative.partitioningIndex { $0 > r }, foods.count - 1)].word
        }
        var out: [Beer] = []
        out.reserveCapacity(count)
        for id in 1...max(count, 1) where id <= count {
            let name =
                "\(adjectives[Int(rng.next() % 20)]) \(nouns[Int(rng.next() % 20)]) \(styles[Int(rng.next() % 10)]) No. \(id)"
            let abv = round(clamp(logNormal(&rng, median: 6.3, sigma: 0.38), 0.5, 55) * 10) / 10
            let ibu: Double? = rng.unit() < 0.015 ? nil : round(clamp(logNormal(&rng, median: 45, sigma: 0.75), 0, 1157))
            let ebc: Double? = rng.unit() < 0.02 ? nil : round(clamp(logNormal(&rng, median: 25, sigma: 1.0), 2, 600))
            var pairings: [String] = []
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let t = templates[Int(rng.next() % UInt64(templates.count))]
                let parts = t.components(separatedBy: "%@")
                var s = parts[0]
                for p in parts.dropFirst() { s += food() + p }
                pairings.append(s.prefix(1).uppercased() + s.dropFirst())
            }
            var beer = Beer(
                id: id, name: name, tagline: "Synthetic. Deterministic.", firstBrewed: "2026",
                description: "A synthetic beer for benchmarks.", image: nil, abv: abv, ibu: ibu,
                ebc: ebc, srm: ebc.map { ($0 / 1.97 * 10).rounded() / 10 }, foodPairing: pairings)
            if recipes { addRecipe(to: &beer, &recipeRNG, oneMaltOneHop: oneMaltOneHop) }
            out.append(beer)
        }
        return out
    }

    /// `count` food queries of 1–7 words as people type them, made from the pairing
    /// phrases of `beers` (a synthetic catalogue's): the words of one beer's pairings,
    /// then another's when more are wanted, lower-cased and cut to a length drawn at
    /// random. Same seed, same queries; the performance benchmarks time this mix.
    package static func foodQueries(count: Int, seed: UInt64 = 7, from beers: BeerList) -> [String] {
        guard !beers.isEmpty else { return [] }
        var rng = SplitMix64(seed: seed)
        return (0..<max(count, 0)).map { _ in
            let length = 1 + Int(rng.next() % 7)
            var words: [Substring] = []
            for _ in 0..<8 where words.count < length {
                let beer = beers[Int(rng.next() % UInt64(beers.count))]
                // Start at one of the beer's phrases, so a query does not always begin alike.
                let phrases = beer.foodPairing
                guard !phrases.isEmpty else { continue }
                let first = Int(rng.next() % UInt64(phrases.count))
                for phrase in phrases[first...] { words += phrase.lowercased().split(separator: " ") }
            }
            return words.prefix(length).joined(separator: " ")
        }
    }

    /// Draws a recipe for `beer`, and the dates and text that come with one.
    static func addRecipe(to beer: inout Beer, _ rng: inout SplitMix64, oneMaltOneHop: Bool = false) {
        func pick(_ list: [(name: String, weight: Int, extra: String)]) -> (name: String, weight: Int, extra: String) {
            let total = list.reduce(0) { $0 + max($1.weight, 1) }
            var r = Int(rng.next() % UInt64(max(total, 1)))
            for item in list {
                r -= max(item.weight, 1)
                if r < 0 { return item }
            }
            return list[list.count - 1]
        }
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * rng.unit() }
        let yeast = pick(yeasts)
        let lager = yeast.extra == "lager"
        var malts: [Beer.Malt] = []
        for m in 0..<(oneMaltOneHop ? 1 : 1 + Int(rng.next() % 5)) {
            let name = pick(Self.malts).name
            guard !malts.contains(where: { $0.name == name }) else { continue }
            let kg = m == 0 ? uniform(3, 6.5) : uniform(0.1, 1)
            malts.append(Beer.Malt(name: name, amount: Beer.Amount(value: (kg * 100).rounded() / 100, unit: "kilograms")))
        }
        // 1–12 additions, most recipes 3–7.
        let additions = oneMaltOneHop ? 1 : min(12, max(1, Int(logNormal(&rng, median: 5, sigma: 0.5).rounded())))
        var hops: [Beer.Hop] = []
        for _ in 0..<additions {
            let stage = rng.next() % 100
            let (add, attribute): (String, String) =
                stage < 25
                ? ("start", "bitter")
                : stage < 40
                    ? ("middle", "flavour")
                    : stage < 75
                        ? ("end", rng.next() % 2 == 0 ? "flavour" : "aroma")
                        : ("dry hop", "aroma")
            hops.append(
                Beer.Hop(
                    name: pick(Self.hops).name, amount: Beer.Amount(value: (uniform(5, 100) * 2).rounded() / 2, unit: "grams"),
                    add: add, attribute: attribute))
        }
        beer.ingredients = Beer.Ingredients(malt: malts, hops: hops, yeast: yeast.name)
        let steps = rng.next() % 100 < 85 ? 1 : 2
        beer.method = Beer.Method(
            mashTemp: (0..<steps).map { _ in
                Beer.MashStep(
                    temp: Beer.Amount(value: uniform(63, 69).rounded(), unit: "celsius"),
                    duration: [60, 75, 90][Int(rng.next() % 3)])
            },
            fermentation: Beer.Fermentation(
                temp: Beer.Amount(value: (lager ? uniform(9, 12) : uniform(18, 21)).rounded(), unit: "celsius")),
            twist: rng.next() % 10 == 0 ? "Añejo \"oak\" chips, \(10 * (1 + rng.next() % 9))g at secondary" : nil)
        beer.volume = Beer.Amount(value: 20, unit: "litres")
        beer.boilVolume = Beer.Amount(value: 25, unit: "litres")
        let abv = beer.abv ?? 5
        let og = (1000 + min(abv, 15) * 7.6 + uniform(0, 6)).rounded()
        let fg = max(1002, (og - min(abv, 15) * 7.6).rounded())
        beer.targetOG = og
        beer.targetFG = fg
        beer.attenuationLevel = ((og - fg) / max(og - 1000, 1) * 1000).rounded() / 10
        let year = 2007 + Int(rng.next() % 12)
        beer.firstBrewed = rng.next() % 5 == 0 ? String(year) : String(format: "%02d/%d", 1 + Int(rng.next() % 12), year)
        beer.description =
            "A synthetic \"\(beer.name)\" — brewed with \(hops.first?.name ?? "hops") and \(malts.first?.name ?? "malt"), fermented with \(yeast.name)."
        beer.brewersTips =
            "Keep the mash at \(beer.method?.mashTemp.first?.temp?.value.map { String(Int($0)) } ?? "65") °C; café-style."
    }

    private static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { min(max(x, lo), hi) }

    /// `median` × e^(σz) for a standard normal z; ``ClonedCatalogue`` nudges by it too.
    static func logNormal(_ rng: inout SplitMix64, median: Double, sigma: Double) -> Double {
        // Box–Muller normal, exponentiated.
        let u1 = max(rng.unit(), 1e-12)
        let u2 = rng.unit()
        let z = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return median * exp(sigma * z)
    }
}
