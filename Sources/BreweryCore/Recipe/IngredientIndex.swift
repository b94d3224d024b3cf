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
                parts = Self.yeastNames(line)
                yeastLines[line] = parts
            }
            for name in parts { builders[Kind.yeast.rawValue].add(name, beer: beer) }
        }
        tables = builders.map { $0.table() }
    }

    /// One kind's table while the beers are read.
    private struct TableBuilder {
        /// Each distinct spelling: its key's number (−1 for an empty key) and its uses.
        var spellingOf: [String: Int] = [:]
        var spellings: [(name: String, key: Int, uses: Int)] = []
        var keyOf: [String: Int] = [:]
        var keys: [String] = []
        var users: [[Int32]] = []

        mutating func add(_ name: String, beer: Int32) {
            let s: Int
            if let known = spellingOf[name] {
                s = known
            } else {
                let key = IngredientName.key(name)
                var k = -1
                if !key.isEmpty {
                    if let knownKey = keyOf[key] {
                        k = knownKey
                    } else {
                        k = keys.count
                        keyOf[key] = k
                        keys.append(key)
                        users.append([])
                    }
                }
                s = spellings.count
                spellingOf[name] = s
                spellings.append((name, k, 0))
            }
            let k = spellings[s].key
            guard k >= 0 else { return }
            spellings[s].uses += 1
            if users[k].last != beer { users[k].append(beer) }
        }

        /// The table: keys sorted, each shown as its most used spelling (the smallest on a tie).
        func table() -> Table {
            var best = [Int](repeating: -1, count: keys.count)
            for (i, s) in spellings.enumerated() where s.key >= 0 {
                let b = best[s.key]
                if b < 0 || s.uses > spellings[b].uses || (s.uses == spellings[b].uses && s.name < spellings[b].name) {
                    best[s.key] = i
                }
            }
            let order = keys.indices.sorted { keys[$0] < keys[$1] }
            var start: [Int32] = [0]
            var list: [Int32] = []
            for k in order {
                list += users[k]
                start.append(Int32(list.count))
            }
            return Table(
                keys: order.map { keys[$0] }, names: order.map { spellings[best[$0]].name }, start: start, beers: list)
        }
    }

    /// Tables read back from a snapshot.
    package init(tables: [Table]) { self.tables = tables }

    /// The strains a yeast line names ("A & B" names two).
    static func yeastNames(_ line: String) -> [String] {
        line.components(separatedBy: " & ").filter { !$0.isEmpty }
    }
}
