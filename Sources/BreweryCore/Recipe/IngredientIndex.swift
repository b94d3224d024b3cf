import Foundation

/// The hops, malts and yeasts of a catalogue: each distinct ingredient (by
/// ``IngredientName`` key) with the name most beers spell it with and the beers that use
/// it, built once at load and kept in the snapshot, so ingredient filters and
/// `ingredients` read no beer records.
package struct IngredientIndex: Sendable {
    /// The kinds of ingredient.
    package enum Kind: Int, CaseIterable, Sendable {
        case hops, malt, yeast
    }

    /// One kind's ingredients.
    package struct Table: Sendable, Equatable {
        /// Matching keys, sorted; an index into these is an *ingredient*.
        package let keys: [String]
        /// The most common spelling of each ingredient.
        package let names: [String]
        /// Where each ingredient's beers start in ``beers``.
        package let start: [Int32]
        /// The beers using each ingredient, ascending, once each.
        package let beers: [Int32]

        /// Number of beers using ingredient `i`.
        package func beerCount(_ i: Int) -> Int { Int(start[i + 1] - start[i]) }

        /// The beers using ingredient `i`.
        package func beers(of i: Int) -> ArraySlice<Int32> { beers[Int(start[i])..<Int(start[i + 1])] }

        /// The ingredients whose names match `query` (``IngredientName/matches(key:queryKey:)``).
        package func matching(_ query: String) -> [Int] {
            let q = IngredientName.key(query)
            return keys.indices.filter { IngredientName.matches(key: keys[$0], queryKey: q) }
        }

        /// The beers using any ingredient whose name matches `query`, as a set over
        /// `count` beers.
        package func beerSet(matching query: String, count: Int) -> BeerSet {
            var set = BeerSet(capacity: count)
            for i in matching(query) { set.insert(beers: beers(of: i)) }
            return set
        }
    }

    /// The tables, by kind.
    package let tables: [Table]

    package subscript(kind: Kind) -> Table { tables[kind.rawValue] }

    /// Indexes the ingredients of `beers`.
    package init(beers: [Beer]) {
        tables = Kind.allCases.map { kind in
            // key → (spelling → uses), beers
            var spellings: [String: [String: Int]] = [:]
            var users: [String: [Int32]] = [:]
            for (b, beer) in beers.enumerated() {
                for name in Self.names(of: beer, kind) {
                    let key = IngredientName.key(name)
                    guard !key.isEmpty else { continue }
                    spellings[key, default: [:]][name, default: 0] += 1
                    if users[key]?.last != Int32(b) { users[key, default: []].append(Int32(b)) }
                }
            }
            let keys = spellings.keys.sorted()
            var start: [Int32] = [0]
            var list: [Int32] = []
            for k in keys {
                list += users[k] ?? []
                start.append(Int32(list.count))
            }
            let names = keys.map { k in
                (spellings[k] ?? [:]).max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key ?? k
            }
            return Table(keys: keys, names: names, start: start, beers: list)
        }
    }

    /// Tables read back from a snapshot.
    package init(tables: [Table]) { self.tables = tables }

    /// The names of `kind` in `beer`'s recipe (a yeast line naming two strains counts each).
    static func names(of beer: Beer, _ kind: Kind) -> [String] {
        switch kind {
        case .hops: beer.ingredients?.hops.compactMap(\.name) ?? []
        case .malt: beer.ingredients?.malt.compactMap(\.name) ?? []
        case .yeast:
            (beer.ingredients?.yeast ?? "").components(separatedBy: " & ").filter { !$0.isEmpty }
        }
    }
}
