import Foundation
import Testing

@testable import BreweryCore

/// `list --sort`: beers by a value or name, the missing last, ties in catalogue order.
@Suite struct BeerOrderTests {
    let catalogue = Catalogue(beers: [
        Beer(id: 1, name: "Zed", abv: 5, ibu: nil, ebc: 10),
        Beer(id: 2, name: "#Mashtag", abv: nil, ibu: 40, ebc: 10),
        Beer(id: 3, name: "ale", abv: 12, ibu: 10, ebc: nil),
        Beer(id: 4, name: "Éclair", abv: 5, ibu: 90, ebc: 30),
        Beer(id: 5, name: "Ale", abv: 0.5, ibu: nil, ebc: 10),
    ])

    func ids(_ order: BeerOrder, descending: Bool = false, _ indices: [Int]? = nil) -> [Int] {
        order.sorted(indices ?? Array(catalogue.beers.indices), in: catalogue, descending: descending)
            .map { catalogue.beers[$0].id }
    }

    @Test func numbersLowestOrHighestFirstTheMissingLastTiesInCatalogueOrder() {
        #expect(ids(.abv) == [5, 1, 4, 3, 2])
        #expect(ids(.abv, descending: true) == [3, 1, 4, 5, 2])
        #expect(ids(.ibu) == [3, 2, 4, 1, 5])
        #expect(ids(.ibu, descending: true) == [4, 2, 3, 1, 5])
        #expect(ids(.ebc, descending: true) == [4, 1, 2, 5, 3])
    }

    @Test func namesFoldedByTheirLettersFirst() {
        // "ale" and "Ale" fold alike: catalogue order; "#Mashtag" files under M, "Éclair" under E.
        #expect(ids(.name) == [3, 5, 4, 2, 1])
        #expect(ids(.name, descending: true) == [1, 2, 4, 3, 5])
    }

    @Test func numbersInNamesOrderByValue() {
        let names = ["10 Heads High", "5am Saint", "AB:10", "AB:02", "AB:1", "Punk IPA 2010 - Current", "Punk IPA 2007 - 2010"]
        let c = Catalogue(beers: names.enumerated().map { Beer(id: $0 + 1, name: $1, abv: nil, ibu: nil, ebc: nil) })
        let order = { (first: Int?) in
            BeerOrder.name.sorted(Array(c.beers.indices), in: c, descending: false, first: first).map { c.beers[$0].name }
        }
        #expect(
            order(nil) == [
                "5am Saint", "10 Heads High", "AB:1", "AB:02", "AB:10", "Punk IPA 2007 - 2010", "Punk IPA 2010 - Current",
            ])
        // A short start, found by selection, agrees (here among 1,000 beers, the first 2).
        let many = Catalogue(
            beers: (0..<1000).map { Beer(id: $0 + 1, name: "Zz \(1000 - $0)", abv: nil, ibu: nil, ebc: nil) }
                + [
                    Beer(id: 2001, name: "AB:10", abv: nil, ibu: nil, ebc: nil),
                    Beer(id: 2002, name: "AB:9", abv: nil, ibu: nil, ebc: nil),
                ])
        let first = BeerOrder.name.sorted(Array(many.beers.indices), in: many, descending: false, first: 3)
        #expect(first.map { many.beers[$0].name } == ["AB:9", "AB:10", "Zz 1"])
    }

    @Test func idOrderIsTheCatalogueOrderAndOnlyTheGivenBeersAreOrdered() {
        #expect(ids(.id) == [1, 2, 3, 4, 5])
        #expect(ids(.id, descending: true) == [5, 4, 3, 2, 1])
        #expect(ids(.abv, descending: true, [0, 2, 4]) == [3, 1, 5])
    }

    /// The start of an order, found without ordering every beer, is the start of the
    /// whole order, for every order and direction (ties included: synthetic values repeat).
    @Test func theFirstFewAreTheStartOfTheWholeOrder() {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 800, seed: 3))
        let all = Array(c.beers.indices)
        for order in BeerOrder.allCases {
            for descending in [false, true] {
                let whole = order.sorted(all, in: c, descending: descending)
                #expect(whole.count == all.count && Set(whole).count == all.count)
                for first in [0, 1, 25, 99, 800, 5_000] {
                    #expect(
                        order.sorted(all, in: c, descending: descending, first: first) == Array(whole.prefix(first)),
                        "\(order) \(descending) \(first)")
                }
            }
        }
    }

    /// Each order against a plain sort of the beers' own records, on a subset of a
    /// synthetic catalogue (values and name prefixes repeat) in a shuffled order.
    @Test func ordersAgreeWithASortOfTheRecords() {
        var beers = SyntheticCatalogue.beers(count: 3_000, seed: 5)
        // Names alike but for punctuation, or the same; values missing.
        for i in 0..<90 {
            var b = beers[i]
            b.id = 100_000 + i
            if i % 2 == 1 { b.name = b.name.replacingOccurrences(of: " ", with: "-") }
            if i % 3 == 0 { (b.abv, b.ibu) = (nil, nil) }
            beers.append(b)
        }
        let c = Catalogue(beers: beers)
        var generator = SplitMix64(seed: 9)
        let some = Array(c.beers.indices.filter { $0 % 3 != 1 }.shuffled(using: &generator))
        let place = Dictionary(uniqueKeysWithValues: some.enumerated().map { ($0.element, $0.offset) })
        func folded(_ i: Int) -> [UInt8] { Array(TextFolding.fold(c.beers[i].name).utf8) }
        /// A name as people order it: each run of digits a number (by its count of digits
        /// without leading zeros, then its digits), before any letter; then its letters.
        func natural(_ name: [UInt8]) -> [[Int]] {
            var tokens: [[Int]] = []
            var digits: [UInt8] = []
            func endRun() {
                guard !digits.isEmpty else { return }
                let value = digits.drop { $0 == 0x30 }
                let kept = value.isEmpty ? [0x30] : Array(value)
                tokens.append([0, kept.count] + kept.map(Int.init))
                digits = []
            }
            for b in name {
                if b >= 0x30 && b <= 0x39 {
                    digits.append(b)
                } else {
                    endRun()
                    if NameSearch.isWordByte(b) { tokens.append([1, Int(b)]) }
                }
            }
            endRun()
            return tokens
        }
        for descending in [false, true] {
            let byName = some.sorted { a, b in
                let (x, y) = (folded(a), folded(b))
                let (xl, yl) = (natural(x), natural(y))
                if xl != yl {
                    let before = { (p: [[Int]], q: [[Int]]) in p.lexicographicallyPrecedes(q) { $0.lexicographicallyPrecedes($1) }
                    }
                    return descending ? before(yl, xl) : before(xl, yl)
                }
                if x != y { return descending ? y.lexicographicallyPrecedes(x) : x.lexicographicallyPrecedes(y) }
                return place[a]! < place[b]!
            }
            #expect(BeerOrder.name.sorted(some, in: c, descending: descending) == byName, "name \(descending)")
            for (order, value) in [(BeerOrder.abv, \Beer.abv), (.ibu, \Beer.ibu), (.ebc, \Beer.ebc)] {
                let byValue = some.sorted { a, b in
                    switch (c.beers[a][keyPath: value].map(Float.init), c.beers[b][keyPath: value].map(Float.init)) {
                    case (let x?, let y?) where x != y: descending ? x > y : x < y
                    case (nil, _?): false
                    case (_?, nil): true
                    default: place[a]! < place[b]!
                    }
                }
                #expect(order.sorted(some, in: c, descending: descending) == byValue, "\(order) \(descending)")
            }
        }
    }

    @Test func summariesSayTheOrder() {
        #expect(BeerOrder.id.summary(descending: false) == nil)
        #expect(BeerOrder.abv.summary(descending: true) == "by abv, highest first")
        #expect(BeerOrder.name.summary(descending: true) == "by name, Z to A")
    }
}
