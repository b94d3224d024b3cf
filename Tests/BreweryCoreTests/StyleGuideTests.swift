import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

/// The nearest BJCP 2021 style, from a beer's numbers, yeast and words.
@Suite struct StyleGuideTests {
    let guide = StyleGuide.bjcp2021

    static func beer(
        _ name: String, tagline: String? = nil, abv: Double, ibu: Double, srm: Double, og: Double, fg: Double,
        yeast: String? = "Wyeast 1056 - American Ale™", ph: Double? = nil, description: String? = nil
    ) -> Beer {
        var b = Beer(
            id: 1, name: name, tagline: tagline, description: description, abv: abv, ibu: ibu, targetFG: fg, targetOG: og,
            ebc: srm * 1.97, srm: srm, ph: ph)
        b.ingredients = Beer.Ingredients(yeast: yeast)
        return b
    }

    @Test func theGuideReadsWholeWithEveryStylesCategory() {
        #expect(guide.problems.isEmpty, "\(guide.problems)")
        #expect(guide.styles.count >= 90)
        let ipa = guide.styles.first { $0.code == "21A" }
        #expect(ipa?.name == "American IPA" && ipa?.category == "IPA" && ipa?.categoryNumber == 21 && ipa?.letter == "A")
        #expect(ipa?.ranges[.og] == 1.056...1.070)
        #expect(guide.styles.allSatisfy { !$0.category.isEmpty })
        let broken = StyleGuide(
            text: "1A | Odd | lager | 1.0-x | 1-2 | 1-2 | 1-2 | 1-2 | odd\n99Z | Bad | wizard | 1-2 | 1-2 | 1-2 | 1-2 | 1-2 |")
        #expect(broken.problems.count == 2)
    }

    @Test func anIPAInEveryRangeIsThatStyleAndSaysSo() throws {
        let v = try #require(guide.nearest(to: Self.beer("Hop Lamp", abv: 6.5, ibu: 60, srm: 8, og: 1062, fg: 1012)))
        #expect(v.style.code == "21A" && v.fits)
        #expect(v.summary == "American IPA (21A): OG, FG, IBU, SRM, ABV in range")
    }

    @Test func theYeastDecidesBetweenStylesOfLikeNumbers() throws {
        let numbers = (abv: 5.0, ibu: 35.0, srm: 4.0, og: 1048.0, fg: 1010.0)
        let lager = try #require(
            guide.nearest(
                to: Self.beer(
                    "Plain", abv: numbers.abv, ibu: numbers.ibu, srm: numbers.srm, og: numbers.og, fg: numbers.fg,
                    yeast: "Wyeast 2124 - Bohemian Lager™")))
        #expect(lager.style.yeast == .lager, "\(lager.summary)")
        let wit = try #require(
            guide.nearest(
                to: Self.beer(
                    "Plain", abv: numbers.abv, ibu: 15, srm: 3, og: numbers.og, fg: numbers.fg,
                    yeast: "Wyeast 3944 - Belgian Witbier™")))
        #expect(wit.style.yeast == .belgian, "\(wit.summary)")
        // A low pH or the word of a souring says sour.
        let sour = try #require(
            guide.nearest(
                to: Self.beer("Plain", abv: 3.5, ibu: 5, srm: 2.5, og: 1031, fg: 1004, ph: 3.3)))
        #expect(sour.style.yeast == .sour, "\(sour.summary)")
    }

    /// The family a beer's texts name keeps its style within that family's when some of
    /// them are near: a dark, bitter 4.5% Scotch ale is nearest an English Porter by its
    /// numbers alone, and a Scottish Export when it says what it is.
    @Test func theFamilyTheTextsNameKeepsTheStyleInIt() throws {
        let numbers = (abv: 4.5, ibu: 35.0, srm: 22.0, og: 1044.0, fg: 1010.0)
        func style(_ description: String?) throws -> String {
            try #require(
                guide.nearest(
                    to: Self.beer(
                        "Plain", abv: numbers.abv, ibu: numbers.ibu, srm: numbers.srm, og: numbers.og, fg: numbers.fg,
                        description: description))
            ).style.name
        }
        #expect(try style(nil) == "English Porter")
        #expect(try style("A decadent scotch ale brewed with heather honey.") == "Scottish Export")
        // An adjective of origin names no family.
        #expect(try style("Brewed with Scottish heather honey.") == "English Porter")
    }

    /// A beer named for its style is that style when its numbers nearly fit: a 4.5% "Citra
    /// Hopped Pilsner" at SRM 9 is a touch dark for a pils and in an amber lager's ranges;
    /// a 13% "Tripel" is far outside a tripel's, and its numbers decide.
    @Test func aBeerNamedForItsStyleIsThatStyleWhenItsNumbersNearlyFit() throws {
        let lager = "Wyeast 2124 - Bohemian Lager™"
        func style(_ name: String, abv: Double, ibu: Double, srm: Double, og: Double, fg: Double, yeast: String) throws
            -> String
        {
            try #require(guide.nearest(to: Self.beer(name, abv: abv, ibu: ibu, srm: srm, og: og, fg: fg, yeast: yeast)))
                .style.name
        }
        let pils = (abv: 4.5, ibu: 38.0, srm: 9.0, og: 1046.0, fg: 1011.0)
        let pilsners: Set = ["German Pils", "Czech Premium Pale Lager"]
        let plain = try style("Plain", abv: pils.abv, ibu: pils.ibu, srm: pils.srm, og: pils.og, fg: pils.fg, yeast: lager)
        #expect(!pilsners.contains(plain), "\(plain)")
        let named = try style(
            "Citra Hopped Pilsner", abv: pils.abv, ibu: pils.ibu, srm: pils.srm, og: pils.og, fg: pils.fg, yeast: lager)
        #expect(pilsners.contains(named), "\(named)")
        let belgian = "Wyeast 3787 - Trappist High Gravity™"
        #expect(
            try style("Small Batch: Tripel", abv: 13, ibu: 50, srm: 11.6, og: 1110, fg: 1008, yeast: belgian)
                == "Belgian Dark Strong Ale")
    }

    @Test func aBeerOutsideEveryRangeIsNearestAndSaysWhereItMisses() throws {
        let v = try #require(
            guide.nearest(to: Self.beer("Huge", tagline: "Imperial Stout.", abv: 15, ibu: 85, srm: 40, og: 1125, fg: 1025)))
        #expect(v.style.code == "20C")
        #expect(!v.fits && v.above == [.og, .abv])
        #expect(v.summary == "nearest: Imperial Stout (20C); OG, ABV above range")
        // Swapped gravities are read the right way round.
        let swapped = try #require(guide.nearest(to: Self.beer("Swap", abv: 6.5, ibu: 60, srm: 8, og: 1012, fg: 1062)))
        #expect(swapped.style.code == "21A")
    }

    @Test func aBeerWithNoNumbersHasNoStyle() {
        #expect(guide.nearest(to: Beer(id: 1, name: "Nothing")) == nil)
    }

    @Test func stylesAreNamedByCodeOrWordsAndTyposGetSuggestions() {
        #expect(guide.styles(named: "21a").map(\.name) == ["American IPA"])
        #expect(guide.styles(named: "imperial stout").map(\.code) == ["20C"])
        #expect(Set(guide.styles(named: "ipa").map(\.code)).isSuperset(of: ["21A", "21C", "22A", "12C"]))
        // What people call a style the BJCP names otherwise, as its words say.
        #expect(guide.styles(named: "russian imperial stout").map(\.code) == ["20C"])
        #expect(guide.styles(named: "NEIPA").map(\.code) == ["21C"])
        #expect(Set(guide.styles(named: "pilsner").map(\.code)) == ["3B", "5D"])
        #expect(guide.styles(named: "no such").isEmpty)
        #expect(guide.nearestNames(to: "imperal stoot") == ["Imperial Stout"])
    }
}

/// Twenty well-known beers of the real catalogue are named sensibly: an IPA an IPA style,
/// a stout a stout, a lager a lager (never an English IPA).
@Suite(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"))
struct RealCatalogueStyleGuideTests {
    static let families: [String: [String]] = [
        "ipa": ["21A", "21B", "21C", "22A", "12C"],
        "stout": ["15B", "15C", "16A", "16B", "16C", "16D", "20B", "20C"],
        "porter": ["13C", "20A", "9C"],
        "lager": [
            "1A", "1B", "2A", "2B", "2C", "3A", "3B", "3C", "3D", "4A", "4B", "4C", "5A", "5C", "5D", "6A", "6B", "6C",
            "7A", "8A", "8B", "9A", "9B", "9C", "19B",
        ],
        "wheat": ["1D", "10A", "10B", "10C", "24A", "22D"],
        "sour": ["23A", "23B", "23C", "23D", "23E", "23F", "23G", "28A", "28B"],
        "saison": ["25B"],
        "barleywine": ["17D", "22C"],
        "pale": ["18B", "21A", "11B", "11C", "12A"],
    ]

    @Test(arguments: [
        (192, "ipa"), (106, "ipa"), (18, "ipa"), (19, "ipa"), (40, "ipa"), (12, "ipa"), (28, "ipa"),
        (52, "stout"), (58, "stout"), (70, "stout"), (109, "stout"),
        (16, "porter"),
        (4, "lager"), (8, "lager"), (119, "lager"),
        (43, "wheat"), (20, "wheat"),
        (35, "sour"),
        (51, "saison"), (22, "barleywine"),
    ])
    func aWellKnownBeerIsNamedItsKindOfStyle(_ id: Int, _ family: String) throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.punkAPI("v2")))
        let beer = try #require(try CatalogueDecoder.decodeArray(data, source: "v2").first { $0.id == id })
        let v = try #require(StyleGuide.bjcp2021.nearest(to: beer))
        #expect(Self.families[family]!.contains(v.style.code), "\(id) \(beer.name): \(v.summary)")
        if family == "lager" { #expect(v.style.code != "12C") }
    }

    /// The catalogue's style of each beer, built from the family its texts name as read at
    /// load (from the JSON's bytes, or from a snapshot), is the style of the beer read alone.
    @Test func theCataloguesStylesAreThoseOfEachBeerReadAlone() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.punkAPI("v2")))
        let read = try CatalogueDecoder.decodeLocatedArray(data, source: "v2")
        let loaded = Catalogue(beers: read.beers, recipes: read.recipes)
        let snapshot = try CatalogueSnapshot.decode(CatalogueSnapshot.encode(loaded, header: []))
        let guide = StyleGuide.bjcp2021
        let alone = try CatalogueDecoder.decodeArray(data, source: "v2").map { guide.nearest(to: $0).map(\.style.code) }
        for catalogue in [loaded, snapshot] {
            let codes = catalogue.brewing.style.map { $0 < 0 ? nil : guide.styles[Int($0)].code }
            #expect(codes == alone)
        }
        #expect(Set(alone.compactMap { $0 }).count > 20)
    }
}
