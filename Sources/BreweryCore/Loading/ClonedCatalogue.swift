import Foundation

/// A second kind of synthetic catalogue for benchmarks: each beer is a whole record of a
/// seed catalogue (name, texts, pairings, recipe) copied and nudged, where
/// ``SyntheticCatalogue`` draws every field on its own.
///
/// So the texts, the recipes and the numbers agree as they do in the seed (a stout's
/// description beside its roasted malts and its colour), and a million beers are a few
/// hundred recipes many times over: the shape that the real catalogue cloned gives, from
/// any seed the user has (the data itself is never kept in the project). abv, ibu, ebc and
/// every amount are multiplied by e^(σz), σ = 0.05 for abv and gravities, 0.1 for the
/// others; srm follows ebc; names get " No. <id>" so they stay unique; ids run 1…count.
/// With `oneMaltOneHop`, each recipe keeps only its first malt and first hop addition (a
/// catalogue of sparse recipes). Same seed catalogue and seed, same beers.
package enum ClonedCatalogue {
    /// `count` beers cloned from `seeds` (which must not be empty).
    package static func beers(count: Int, seed: UInt64 = 42, from seeds: [Beer], oneMaltOneHop: Bool = false) -> [Beer] {
        precondition(!seeds.isEmpty, "no seed beers to clone")
        var rng = SplitMix64(seed: seed)
        var out: [Beer] = []
        out.reserveCapacity(max(count, 0))
        for id in 1...max(count, 1) where id <= count {
            var beer = seeds[Int(rng.next() % UInt64(seeds.count))]
            beer.id = id
            beer.name = "\(beer.name) No. \(id)"
            let strength = factor(&rng, sigma: 0.05)
            beer.abv = beer.abv.map { rounded($0 * strength, places: 1) }
            beer.targetOG = beer.targetOG.map { rounded(1000 + ($0 - 1000) * strength, places: 0) }
            beer.targetFG = beer.targetFG.map { rounded(1000 + ($0 - 1000) * strength, places: 0) }
            beer.ibu = beer.ibu.map { rounded($0 * factor(&rng, sigma: 0.1), places: 0) }
            if let ebc = beer.ebc {
                let nudged = max(rounded(ebc * factor(&rng, sigma: 0.1), places: 0), 1)
                beer.ebc = nudged
                beer.srm = rounded(nudged / 1.97, places: 1)
            }
            if var ingredients = beer.ingredients {
                if oneMaltOneHop {
                    ingredients.malt = Array(ingredients.malt.prefix(1))
                    ingredients.hops = Array(ingredients.hops.prefix(1))
                }
                for m in ingredients.malt.indices {
                    ingredients.malt[m].amount = nudged(ingredients.malt[m].amount, &rng, places: 2)
                }
                for h in ingredients.hops.indices {
                    ingredients.hops[h].amount = nudged(ingredients.hops[h].amount, &rng, places: 1)
                }
                beer.ingredients = ingredients
            }
            out.append(beer)
        }
        return out
    }

    /// e^(σz) for a standard normal z.
    private static func factor(_ rng: inout SplitMix64, sigma: Double) -> Double {
        SyntheticCatalogue.logNormal(&rng, median: 1, sigma: sigma)
    }

    private static func rounded(_ x: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (x * scale).rounded() / scale
    }

    private static func nudged(_ amount: Beer.Amount?, _ rng: inout SplitMix64, places: Int) -> Beer.Amount? {
        guard var amount, let value = amount.value else { return amount }
        amount.value = rounded(value * factor(&rng, sigma: 0.1), places: places)
        return amount
    }
}
