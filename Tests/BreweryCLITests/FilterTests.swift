import ArgumentParser
import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryCLI

/// Every filter against a plain reference that reads each beer's record.
@Suite(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"))
struct FilterTests {
    static func catalogue() throws -> (Catalogue, [Beer]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.punkAPI("v2")))
        let beers = try CatalogueDecoder.decodeArray(data, source: "v2")
        return (Catalogue(beers: beers), beers)
    }

    static func words(_ s: String) -> [String] { IngredientName.key(s).split(separator: " ").map(String.init) }

    /// The reference: the query's words, in order, at the start of words of a name.
    static func named(_ name: String?, _ query: String) -> Bool {
        guard let name else { return false }
        let w = words(name)
        let q = words(query)
        guard !q.isEmpty, q.count <= w.count else { return false }
        return (0...(w.count - q.count)).contains { s in
            q.indices.allSatisfy { j in j == q.count - 1 ? w[s + j].hasPrefix(q[j]) : w[s + j] == q[j] }
        }
    }

    static func month(_ firstBrewed: String?) -> Int? {
        guard let f = firstBrewed else { return nil }
        let parts = f.split(separator: "/")
        if parts.count == 1, let y = Int(parts[0]) { return y * 12 }
        if parts.count == 2, let m = Int(parts[0]), let y = Int(parts[1]) { return y * 12 + m - 1 }
        return nil
    }

    static let cases: [([String], @Sendable (Beer) -> Bool)] = [
        (["--hops", "nelson"], { b in b.ingredients?.hops.contains { named($0.name, "nelson") } ?? false }),
        (["--hops", "Nelson Sauvin"], { b in b.ingredients?.hops.contains { named($0.name, "Nelson Sauvin") } ?? false }),
        (["--malt", "munich"], { b in b.ingredients?.malt.contains { named($0.name, "munich") } ?? false }),
        (["--yeast", "wyeast 1056"], { b in named(b.ingredients?.yeast, "wyeast 1056") }),
        (["--name", "punk"], { b in TextFolding.fold(b.name).contains("punk") }),
        (["--brewed-before", "01-2012"], { b in month(b.firstBrewed).map { $0 < 2012 * 12 } ?? false }),
        (["--brewed-after", "06-2015"], { b in month(b.firstBrewed).map { $0 > 2015 * 12 + 5 } ?? false }),
        (["--ids", "1,4,29,9999"], { b in [1, 4, 29].contains(b.id) }),
        (["--ids", "#4"], { b in b.id == 4 }),
        (["--ids", "#29|1"], { b in [1, 29].contains(b.id) }),
        (["--abv-gt", "6", "--ibu-lt", "50"], { b in (b.abv ?? -1) > 6 && (b.ibu ?? 1e9) < 50 }),
        (
            ["--hops", "citra", "--brewed-after", "01-2014", "--abv-lt", "7"],
            { b in
                (b.ingredients?.hops.contains { named($0.name, "citra") } ?? false)
                    && (month(b.firstBrewed).map { $0 > 2014 * 12 } ?? false)
                    && (b.abv ?? 99) < 7
            }
        ),
    ]

    @Test func everyFilterAgreesWithTheReference() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let (catalogue, beers) = try Self.catalogue()
        for (args, reference) in Self.cases {
            let filter = try FilterOptions.parse(args).filter(catalogue) { _ in }
            let got = beers.indices.filter { filter.passes($0, catalogue.features) }.map { beers[$0].id }
            let want = beers.filter(reference).map(\.id)
            #expect(got == want, "\(args.joined(separator: " ")): \(got.count) vs \(want.count)")
            #expect(!want.isEmpty, "\(args) selects something")
        }
    }

    /// A strict bound at each value the data holds leaves out the beers of that value, as
    /// the decimals in the file say (`--abv-gt 11.3` does not list a beer of abv 11.3).
    @Test func numericBoundsAtTheDatasOwnValuesAreStrict() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let (catalogue, beers) = try Self.catalogue()
        let axes: [(String, @Sendable (Beer) -> Double?)] = [("abv", { $0.abv }), ("ibu", { $0.ibu }), ("ebc", { $0.ebc })]
        for (name, value) in axes {
            for v in Set(beers.compactMap(value)).sorted() {
                let text = String(v)
                for (option, holds) in [("gt", { (x: Double) in x > v }), ("lt", { (x: Double) in x < v })] {
                    let filter = try FilterOptions.parse(["--\(name)-\(option)", text]).filter(catalogue) { _ in }
                    let got = beers.indices.filter { filter.passes($0, catalogue.features) }.map { beers[$0].id }
                    let want = beers.filter { value($0).map(holds) ?? false }.map(\.id)
                    #expect(got == want, "--\(name)-\(option) \(text): \(got.count) vs \(want.count)")
                }
            }
        }
    }

    @Test func theFoodFilterKeepsBeersWithAPairingHoldingEveryWord() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let (catalogue, beers) = try Self.catalogue()
        let filter = try FilterOptions.parse(["--food", "chicken tacos"]).filter(catalogue) { _ in }
        let got = beers.indices.filter { filter.passes($0, catalogue.features) }
        #expect(!got.isEmpty)
        for i in got {
            #expect(
                beers[i].foodPairing.contains { p in
                    let l = p.lowercased()
                    return l.contains("chicken") && l.contains("taco")
                })
        }
    }

    @Test func whatNamesNothingIsNotedWithWhatATypoMayHaveMeant() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let (catalogue, _) = try Self.catalogue()
        func notes(_ args: [String]) throws -> [String] {
            var said: [String] = []
            _ = try FilterOptions.parse(args).filter(catalogue) { said.append($0) }
            return said
        }
        #expect(try notes(["--ids", "1,4,99999"]) == ["brewery: note: no beer has id 99999"])
        #expect(try notes(["--ids", "0,99999"]) == ["brewery: note: no beers have ids 0, 99999"])
        #expect(try notes(["--ids", "1,4", "--hops", "nelson", "--yeast", "wyeast 1056"]).isEmpty)
        let hop = try notes(["--hops", "nelsen"])
        #expect(hop.count == 1 && hop[0].hasPrefix("brewery: note: no recipe uses a hop named like 'nelsen' (did you mean"))
        #expect(hop.first?.contains("'Nelson Sauvin'") == true)
        #expect(
            try notes(["--malt", "qqqzz"]) == [
                "brewery: note: no recipe uses a malt named like 'qqqzz' (see 'brewery ingredients malt')"
            ])
    }

    @Test(arguments: [
        ["--brewed-before", "13-2014"], ["--brewed-after", "2014"], ["--brewed-before", "1-14"], ["--ids", "4,x"],
        ["--ids", ""], ["--hops", "  "],
    ])
    func badValuesAreUsageErrors(_ args: [String]) {
        #expect(throws: (any Error).self) { try FilterOptions.parse(args) }
    }
}
