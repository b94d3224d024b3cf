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

    @Test func summariesSayTheOrder() {
        #expect(BeerOrder.id.summary(descending: false) == nil)
        #expect(BeerOrder.abv.summary(descending: true) == "by abv, highest first")
        #expect(BeerOrder.name.summary(descending: true) == "by name, Z to A")
    }
}
