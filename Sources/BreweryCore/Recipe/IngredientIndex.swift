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
        // One pass over the beers, read in place; each distinct spelling (and yeast line)
        // is folded once, so a million recipes cost a dictionary look-up per name.
        var builders = Kind.allCases.map { _ in TableBuilder() }
        var yeastLines: [String: [String]] = [:]
        for b in beers.indices {
            let beer = Int32(b)
            guard let ingredients = beers[b].ingredients else { continue }
            for hop in ingredients.hops { if let name = hop.name { builders[Kind.hops.rawValue].add(name, beer: beer) } }
            for malt in ingredients.malt { if let name = malt.name { builders[Kind.malt.rawValue].add(name, beer: beer) } }
            guard let line = ingredients.yeast, !line.isEmpty else { continue }
            let parts: [String]
            if let known = yeastLines[line] {
                parts = known
            } else {
                parts = YeastStrain.names(inLine: line)
                yeastLines[line] = parts
            }
            for name in parts { builders[Kind.yeast.rawValue].add(name, beer: beer) }
        }
        tables = builders.map { $0.table() }
    }

    /// One kind's table while the beers are read.
    private struct TableBuilder {
        /// Each distinct name's spelling in ``tally`` (−1 for a name with an empty key).
        var spellingOf: [String: Int32] = [:]
        var tally = SpellingTally()
        var keyOf: [String: Int32] = [:]
        var keys: [String] = []
        var users: [[Int32]] = []

        mutating func add(_ name: String, beer: Int32) {
            let s: Int32
            if let known = spellingOf[name] {
                s = known
            } else {
                let key = IngredientName.key(name)
                if key.isEmpty {
                    s = -1
                } else {
                    let k: Int32
                    if let knownKey = keyOf[key] {
                        k = knownKey
                    } else {
                        k = Int32(keys.count)
                        keyOf[key] = k
                        keys.append(key)
                        users.append([])
                    }
                    s = tally.spelling(of: k, name)
                }
                spellingOf[name] = s
            }
            guard s >= 0 else { return }
            let k = Int(tally.use(s))
            if users[k].last != beer { users[k].append(beer) }
        }

        /// The table: keys sorted, each shown as its most used spelling.
        func table() -> Table {
            let names = tally.labels(tokenCount: keys.count)
            let order = keys.indices.sorted { keys[$0] < keys[$1] }
            var start: [Int32] = [0]
            var list: [Int32] = []
            for k in order {
                list += users[k]
                start.append(Int32(list.count))
            }
            return Table(keys: order.map { keys[$0] }, names: order.map { names[$0] ?? keys[$0] }, start: start, beers: list)
        }
    }

    /// Tables read back from a snapshot.
    package init(tables: [Table]) { self.tables = tables }
}
