import BreweryCore
import BreweryTestSupport
import Testing

/// One filter specification, resolved by one piece of code, whichever front end built it.
@Suite struct FilterSpecificationTests {
    static let catalogue = Catalogue(beers: Fixtures.beers)

    func passing(_ s: FilterSpecification) throws -> [Int] {
        let f = try s.resolve(in: Self.catalogue).filter
        return Self.catalogue.beers.indices.filter { f.passes($0, Self.catalogue.features) }.map {
            Self.catalogue.idIndex.ids[$0]
        }
    }

    @Test func eachClauseMatchesByItsOwnRule() throws {
        var words = FilterSpecification()
        words.add(.name("lntrn", .words), described: "name lntrn")
        #expect(try passing(words) == [])
        var loose = FilterSpecification()
        loose.add(.name("lntrn", .subsequence), described: "beer_name lntrn")
        #expect(try passing(loose) == [1, 2])

        var tacos = FilterSpecification()
        tacos.add(.food("taco", .pairingWords), described: "food taco")  // the ranker's words: plural and singular
        #expect(try passing(tacos) == [1, 2])
        var substring = FilterSpecification()
        substring.add(.food("CHICKEN TACOS", .substring), described: "food chicken tacos")
        #expect(try passing(substring) == [2])
    }

    /// A style keeps the beers nearest it and those whose names say it is: a 13% "Tripel"
    /// is nearest a Belgian dark strong ale by its numbers and a tripel by its brewer's
    /// word; an "India Pale Ale" says an IPA, not a pale ale.
    @Test func aStyleKeepsTheBeersNamedForIt() throws {
        func beer(_ id: Int, _ name: String, abv: Double, ibu: Double, ebc: Double, og: Double, fg: Double) -> Beer {
            var b = Beer(id: id, name: name, abv: abv, ibu: ibu, targetFG: fg, targetOG: og, ebc: ebc, srm: ebc / 1.97)
            b.ingredients = Beer.Ingredients(yeast: "Wyeast 1056 - American Ale™")
            return b
        }
        let catalogue = Catalogue(beers: [
            beer(1, "Small Batch: Tripel", abv: 13, ibu: 50, ebc: 23, og: 1110, fg: 1008),
            beer(2, "Dock Pale Ale", abv: 5, ibu: 40, ebc: 14, og: 1050, fg: 1012),
            beer(3, "Russian Doll – India Pale Ale", abv: 6, ibu: 70, ebc: 25, og: 1060, fg: 1012),
        ])
        func kept(_ style: String) throws -> [Int] {
            var s = FilterSpecification()
            s.add(.style(style), described: "style \(style)")
            let f = try s.resolve(in: catalogue).filter
            return catalogue.beers.indices.filter { f.passes($0, catalogue.features) }.map { catalogue.idIndex.ids[$0] }
        }
        #expect(StyleGuide.bjcp2021.nearest(to: catalogue.beers[0])?.style.name != "Belgian Tripel")
        #expect(try kept("tripel") == [1])
        #expect(try kept("pale ale").contains(2))
        #expect(try !kept("pale ale").contains(3))
        #expect(try kept("ipa").contains(3))
    }

    @Test func clausesCombineAreSaidInOrderAndNoteWhatNamesNothing() throws {
        var s = FilterSpecification()
        s.greaterThan[.abv] = 5
        s.add(.ids([7, 3, 99_999]), described: "ids 7,3,99999")
        s.add(.ingredient(.hops, "zzqx", .words), described: "hops zzqx")
        let (filter, notes) = try s.resolve(in: Self.catalogue)
        #expect(filter.summary == "abv>5, ids 7,3,99999, hops zzqx")
        #expect(notes.count == 2)
        #expect(notes.first == .unknownIDs([99_999]))
        var ids = FilterSpecification()
        ids.greaterThan[.abv] = 5
        ids.add(.ids([7, 3, 1]), described: "ids")
        #expect(try passing(ids) == [3, 7])
    }

    /// Name clauses left out as tests of one beer pass the same beers as the filter that
    /// holds them, alone and combined with other clauses.
    @Test func deferredNameTestsPassTheBeersTheFilterPasses() throws {
        let c = FilterTextsTests.catalogue
        let cases: [(name: String, abv: Double?, second: Bool)] = [
            ("punk", nil, false), ("punk", nil, true), ("lntrn", 5.0, false), ("lntrn", 5.0, true), ("ünï", nil, false),
            ("", nil, true), ("", nil, false), ("zzz", nil, false), ("a", 4.0, false), ("a", 4.0, true), ("r", nil, false),
        ]
        for (name, abv, second) in cases {
            var s = FilterSpecification()
            s.add(.name(name, .subsequence), described: "beer_name \(name)")
            if second { s.add(.name("a", .subsequence), described: "beer_name a") }
            if let abv { s.greaterThan[.abv] = abv }
            let whole = try s.resolve(in: c).filter
            let paged = try s.resolveDeferringNames(in: c)
            #expect(paged.names.count == (second ? 2 : 1))
            let passing = (0..<c.count).filter { whole.passes($0, c.features) }
            for i in 0..<c.count {
                #expect(paged.passes(i, c.features) == whole.passes(i, c.features), "\(name), beer \(i)")
            }
            let order = (0..<Int32(c.count)).reversed().map { $0 }
            #expect(paged.page(of: order, skipping: 0, limit: .max, c.features) == passing.reversed())
            #expect(paged.page(of: order, skipping: 1, limit: 1, c.features) == Array(passing.reversed().dropFirst().prefix(1)))
        }
    }
}
