import BreweryCore
import BreweryTestSupport
import Testing

@Suite struct CatalogueSnapshotTests {
    /// An invented beer with every field set, nested values included.
    static let full: Beer = {
        var b = Beer(
            id: 9_001, name: "Ünïcode Ale – “quoted”", tagline: "Tag.", firstBrewed: "03/2031",
            description: "Line one\nline two", image: "9001.png", imageKey: .image, abv: 5.25, ibu: nil,
            targetFG: 1010, targetOG: 1055.5, ebc: 0, srm: -1, ph: 4.4, attenuationLevel: 81.8,
            volume: Beer.Amount(value: 20, unit: "litres"), boilVolume: Beer.Amount(value: nil, unit: nil),
            foodPairing: ["Tacos 🌮", ""], brewersTips: "Chill.", contributedBy: nil)
        b.method = Beer.Method(
            mashTemp: [Beer.MashStep(temp: Beer.Amount(value: 65, unit: "celsius"), duration: 75), Beer.MashStep(temp: nil, duration: nil)],
            fermentation: Beer.Fermentation(temp: Beer.Amount(value: 19, unit: "celsius")), twist: nil)
        b.ingredients = Beer.Ingredients(
            malt: [Beer.Malt(name: "Extra Pale", amount: Beer.Amount(value: 5.3, unit: "kilograms"))],
            hops: [Beer.Hop(name: "Simcoe", amount: nil, add: "end", attribute: "aroma")], yeast: "Wyeast 1056")
        return b
    }()

    @Test func roundTripKeepsEveryField() throws {
        let beers = Fixtures.beers + [Self.full, Beer(id: 0, name: "")]
        let bytes = CatalogueSnapshot.encode(beers, header: [1, 2, 3])
        #expect(try CatalogueSnapshot.decode(bytes) == beers)
        #expect(try CatalogueSnapshot.header(of: bytes) == [1, 2, 3])
    }

    @Test func everyTruncationIsAnErrorNotACrash() {
        let bytes = CatalogueSnapshot.encode([Self.full], header: [7])
        for n in 0..<bytes.count {
            #expect(throws: CatalogueSnapshot.ReadError.self) { try CatalogueSnapshot.decode(Array(bytes.prefix(n))) }
        }
        #expect(throws: CatalogueSnapshot.ReadError.notASnapshot) { try CatalogueSnapshot.decode(Array("[{\"id\": 1}]".utf8)) }
        var flipped = bytes
        flipped[7] &+= 1  // another format version
        #expect(throws: CatalogueSnapshot.ReadError.notASnapshot) { try CatalogueSnapshot.decode(flipped) }
    }
}
