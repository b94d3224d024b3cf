import Algorithms
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

        /// The names of the `limit` ingredients most beers use, most used first (ties by
        /// name): what a form suggests.
        package func mostUsed(limit: Int) -> [String] {
            keys.indices.max(count: limit) { a, b in
                (beerCount(a), names[b]) < (beerCount(b), names[a])
            }.reversed().map { names[$0] }
        }

        /// Number of beers using ingredient `i`.
        package func beerCount(_ i: Int) -> Int { Int(start[i + 1] - start[i]) }

        /// The beers using ingredient `i`.
        package func beers(of i: Int) -> ArraySlice<Int32> { beers[Int(start[i])..<Int(start[i + 1])] }

        /// The ingredients whose names match `query` (``IngredientName/matches(key:queryKey:)``).
        package func matching(_ query: String) -> [Int] {
            let q = IngredientName.key(query)
            return keys.indices.filter { IngredientName.matches(key: keys[$0], queryKey: q) }
        }

        /// Up to `limit` ingredients a mistyped `query` may have meant, when none matches it:
        /// its words at some place in the name, one after the other, each within a typo or two
        /// of the name's word (the last of a word's start), as "nelsen" is of Nelson Sauvin.
        /// Closest first, then most used. Words of three letters or fewer must be exact.
        package func nearest(to query: String, limit: Int = 3) -> [Int] {
            let wanted = IngredientName.key(query).split(separator: " ").map { Array($0.utf8) }
            guard !wanted.isEmpty else { return [] }
            var scored: [(ingredient: Int, distance: Int)] = []
            for (i, key) in keys.enumerated() {
                let words = key.split(separator: " ").map { Array($0.utf8) }
                guard wanted.count <= words.count else { continue }
                var best: Int?
                for s in 0...(words.count - wanted.count) {
                    var total = 0
                    for (j, w) in wanted.enumerated() {
                        let allowed = w.count <= 3 ? 0 : w.count <= 7 ? 1 : 2
                        var word = words[s + j]
                        if j == wanted.count - 1 && word.count > w.count + allowed { word = Array(word.prefix(w.count)) }
                        guard let d = EditDistance.distance(w, word, limit: allowed) else {
                            total = -1
                            break
                        }
                        total += d
                    }
                    if total >= 0 && total < (best ?? .max) { best = total }
                }
                if let best { scored.append((i, best)) }
            }
            scored.sort {
                ($0.distance, -beerCount($0.ingredient), names[$0.ingredient])
                    < ($1.distance, -beerCount($1.ingredient), names[$1.ingredient])
            }
            return scored.prefix(limit).map(\.ingredient)
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
    package init(beers: [Beer]) { self.init(columns: RecipeColumns(beers: beers)) }

    /// Indexes the ingredients in `columns`.
    package init(columns: RecipeColumns) {
        // One pass over the beers; each distinct text (and yeast line) is folded once,
        // so a million recipes cost an array read per name.
        let texts = columns.texts
        var builders = Kind.allCases.map { _ in TableBuilder(texts: texts.count) }
        // The yeasts named in the lines, numbered apart from the columns' texts.
        var yeastNames = TextInterner()
        var yeastNumbers = [[Int32]?](repeating: nil, count: texts.count)
        for b in 0..<columns.count {
            let beer = Int32(b)
            for h in columns.hops(of: b) where columns.hopName[h] >= 0 {
                builders[Kind.hops.rawValue].add(columns.hopName[h], texts, beer: beer)
            }
            for m in columns.malts(of: b) where columns.maltName[m] >= 0 {
                builders[Kind.malt.rawValue].add(columns.maltName[m], texts, beer: beer)
            }
            let line = columns.yeast[b]
            guard line >= 0 else { continue }
            let numbers: [Int32]
            if let known = yeastNumbers[Int(line)] {
                numbers = known
            } else {
                let parts = YeastStrain.names(inLine: texts[Int(line)])
                numbers = parts.map { yeastNames.number(of: $0) }
                yeastNumbers[Int(line)] = numbers
            }
            for n in numbers { builders[Kind.yeast.rawValue].add(n, yeastNames.texts, beer: beer) }
        }
        tables = builders.map { $0.table() }
    }

    /// One kind's table while the beers are read.
    private struct TableBuilder {
        /// Each distinct name's spelling in ``tally`` by the name's text number (−1 for a
        /// name with an empty key, −2 not met yet).
        var spellingOf: [Int32]
        var tally = SpellingTally()
        var keyOf: [String: Int32] = [:]
        var keys: [String] = []
        var users: [[Int32]] = []

        init(texts: Int) { spellingOf = Array(repeating: -2, count: texts) }

        /// Adds a use by `beer` of the name numbered `text` in `texts`.
        mutating func add(_ text: Int32, _ texts: [String], beer: Int32) {
            if Int(text) >= spellingOf.count { spellingOf += repeatElement(-2, count: Int(text) + 1 - spellingOf.count) }
            var s = spellingOf[Int(text)]
            if s == -2 {
                let name = texts[Int(text)]
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
                spellingOf[Int(text)] = s
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
