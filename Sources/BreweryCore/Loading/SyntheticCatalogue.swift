import Algorithms
import Foundation

/// Deterministic synthetic catalogues in the Punk API shape, for benchmarks and tests.
///
/// abv is mostly 4–12 with a long tail to 55; ibu spans 0–1157 with ~1.5% missing;
/// ebc spans 2–600 with ~2% missing; names are unique; each beer has 1–4 food pairings
/// drawn from the project's own word list (`Data/foods.txt`). Same seed, same beers.
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
    package static func beers(count: Int, seed: UInt64 = 42, foods: [(word: String, weight: Int)] = bundledFoods) -> [Beer] {
        var rng = SplitMix64(seed: seed)
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
            out.append(
                Beer(
                    id: id, name: name, tagline: "Synthetic. Deterministic.", firstBrewed: "2026",
                    description: "A synthetic beer for benchmarks.", image: nil, abv: abv, ibu: ibu,
                    ebc: ebc, srm: ebc.map { ($0 / 1.97 * 10).rounded() / 10 }, foodPairing: pairings))
        }
        return out
    }

    private static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { min(max(x, lo), hi) }

    private static func logNormal(_ rng: inout SplitMix64, median: Double, sigma: Double) -> Double {
        // Box–Muller normal, exponentiated.
        let u1 = max(rng.unit(), 1e-12)
        let u2 = rng.unit()
        let z = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return median * exp(sigma * z)
    }
}
