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
