import BreweryCore
import BreweryTestSupport
import Testing

@Suite struct BeerMapTests {
    @Test func colourFollowsTheSRMChartBlendedBetweenWholeSRMs() throws {
        #expect(BeerColour(ebc: 0)?.hex == "#ffe699")  // below SRM 1: straw
        #expect(BeerColour(ebc: 1.97 * 10)?.hex == "#de7c00")  // SRM 10
        #expect(BeerColour(ebc: 1.97 * 10.5)?.hex == "#db7700")  // halfway to SRM 11 (#d77200)
        #expect(BeerColour(ebc: 5_000)?.hex == "#36080a")  // above SRM 40: black
        #expect(BeerColour(ebc: nil) == nil && BeerColour(ebc: -1) == nil && BeerColour(ebc: .nan) == nil)
    }

    @Test func aSmallCatalogueIsEveryBeerAsAPointTheFilterMarked() {
        let catalogue = Fixtures.catalogue
        let map = BeerMap(catalogue: catalogue) { catalogue.ids[$0] == 4 }
        #expect(!map.isDensity && map.points.count == catalogue.count && map.placed == catalogue.count)
        // Beer 3 has no ibu: drawn, with its ibu nil.
        #expect(map.missing == 1 && map.points[2].ibu == nil && abs((map.points[2].abv ?? 0) - 8.2) < 1e-5)
        #expect(map.matching == 1 && map.points.filter(\.match).map(\.index) == [3])
        // Sink The Ship (41%, 1000 IBU) sits on the capped edges.
        #expect(map.abvMax == BeerMap.abvCap && map.ibuMax == BeerMap.ibuCap)
        #expect(map.points[5].abv == BeerMap.abvCap && map.points[5].ibu == BeerMap.ibuCap)
        #expect(map.points[4].colour == nil)  // no EBC
    }

    @Test func axesEndAtATopFourRoundStepsReach() {
        #expect(BeerMap.axisTop(17.7, cap: 20) == 20 && BeerMap.axisTop(8.2, cap: 20) == 10)
        #expect(BeerMap.axisTop(163, cap: 200) == 200 && BeerMap.axisTop(55, cap: 200) == 80)
        #expect(BeerMap.axisTop(41, cap: 20) == 20 && BeerMap.axisTop(20, cap: 20) == 20)
        #expect(BeerMap.axisTop(0, cap: 20) == 4 && BeerMap.axisTop(3.2, cap: 20) == 4 && BeerMap.axisTop(5, cap: 20) == 8)
        #expect(BeerMap.axisTop(12, cap: 200) == 20 && BeerMap.axisTop(9.6, cap: 20) == 10)
    }

    @Test func aLargeCatalogueIsADensityThatCountsEveryBeerWithBothValues() {
        let beers = (0..<(BeerMap.pointLimit + 1)).map {
            Beer(id: $0 + 1, name: "B\($0)", abv: Double($0 % 10), ibu: $0 % 7 == 0 ? nil : Double($0 % 100), ebc: 10)
        }
        let catalogue = Catalogue(beers: beers)
        let map = BeerMap(catalogue: catalogue) { $0 % 2 == 0 }
        #expect(map.isDensity && map.points.isEmpty)
        let withIBU = beers.filter { $0.ibu != nil }.count
        #expect(map.placed == withIBU && map.missing == beers.count - withIBU)
        #expect(map.cells.reduce(0) { $0 + $1.count } == withIBU)
        #expect(map.cells.reduce(0) { $0 + $1.matches } == map.matching)
        #expect(map.matching == beers.indices.filter { $0 % 2 == 0 && beers[$0].ibu != nil }.count)
        #expect(map.cells.allSatisfy { $0.column < BeerMap.columns && $0.row < BeerMap.rows })
    }
}
