import BreweryCore
import Foundation

/// Small invented beers for unit tests (never records of the DIY Dog data).
public enum Fixtures {
    /// Eight invented beers with awkward names, missing values and overlapping pairings.
    public static let beers: [Beer] = [
        Beer(
            id: 1, name: "Lantern Lager", tagline: "Crisp. Clean. Bright.", abv: 4.5, ibu: 20, ebc: 8,
            foodPairing: ["Fish tacos with lime", "Salted pretzels"]),
        Beer(
            id: 2, name: "Lantern Lager Reserve", tagline: "Crisp. Older.", abv: 4.5, ibu: 20, ebc: 8,
            foodPairing: ["Chicken tacos", "Lemon tart"]),
        Beer(
            id: 3, name: "Hello My Name Is Zoë", abv: 8.2, ibu: nil, ebc: 30,
            foodPairing: ["Roasted duck with cherries", "Dark chocolate cake"]),
        Beer(
            id: 4, name: "AB:99", abv: 12.5, ibu: 80, ebc: 150,
            foodPairing: ["Chocolate mousse", "Blue cheese with honey", "Venison stew"]),
        Beer(
            id: 5, name: "#Hashtag 2031", abv: 6, ibu: 60, ebc: nil,
            foodPairing: ["Spicy chicken wings", "Mango salsa"]),
        Beer(
            id: 6, name: "Sink The Ship!", abv: 41, ibu: 1000, ebc: 400,
            foodPairing: ["Cheesecake", "Roast beef sandwich"]),
        Beer(
            id: 7, name: "Tokyo* Dreams", abv: 6.1, ibu: 58, ebc: 18,
            foodPairing: ["Chicken", "Cake with chocolate icing"]),
        Beer(
            id: 8, name: "This.Is.Porter.", abv: 5.5, ibu: 35, ebc: 120,
            foodPairing: ["Chocloate brownie", "Chocolate truffles", "Chocolate torte", "Beef stew"]),
    ]

    /// An invented beer with every field set, nested ones included, so a codec that
    /// forgets a field loses something a test can see.
    public static let everyField: Beer = {
        var b = Beer(
            id: 9_002, name: "Every Field Éxtra – \"Stout\"", tagline: "All. Of. It.", firstBrewed: "2031",
            description: "Tab\there, newline\nthere, emoji 🍺, quote \"q\".", image: "https://example.invalid/9002.png",
            imageKey: .imageURL, abv: 7.25, ibu: 45.5, targetFG: 1012, targetOG: 1068.5, ebc: 80, srm: 40, ph: 4.2,
            attenuationLevel: 82.4, volume: Beer.Amount(value: 20, unit: "litres"),
            boilVolume: Beer.Amount(value: 25, unit: "litres"), foodPairing: ["Smoked brisket", "Crème brûlée"],
            brewersTips: "Mash low.", contributedBy: "Invented <test>")
        b.method = Beer.Method(
            mashTemp: [Beer.MashStep(temp: Beer.Amount(value: 66, unit: "celsius"), duration: 60)],
            fermentation: Beer.Fermentation(temp: Beer.Amount(value: 18.5, unit: "celsius")), twist: "Cocoa nibs, 100g")
        b.ingredients = Beer.Ingredients(
            malt: [Beer.Malt(name: "Maris Otter", amount: Beer.Amount(value: 4.5, unit: "kilograms"))],
            hops: [
                Beer.Hop(
                    name: "Nelson Sauvin™", amount: Beer.Amount(value: 25, unit: "grams"), add: "dry hop", attribute: "aroma")
            ],
            yeast: "Wyeast 1056 - American Ale™")
        return b
    }()

    /// The fixture beers as a catalogue.
    public static var catalogue: Catalogue { Catalogue(beers: beers) }

    /// The API tests' catalogue: the fixture beers with brewed dates of each form the data
    /// has (`MM/YYYY`, `YYYY`) and a first beer with its ingredients named.
    public static let served: Catalogue = {
        var served = Fixtures.beers
        served[4].firstBrewed = "09/2007"
        served[6].firstBrewed = "2012"
        served[0].ingredients = Beer.Ingredients(
            malt: [Beer.Malt(name: "Extra Pale", amount: nil)],
            hops: [Beer.Hop(name: "Nelson Sauvin", amount: nil, add: "dry hop", attribute: "aroma")], yeast: "Wyeast 1056")
        return Catalogue(beers: served)
    }()

    /// JSON of the fixture beers, as a Punk API array.
    public static func json(_ beers: [Beer] = beers) -> Data {
        (try? CatalogueDecoder.encode(beers)) ?? Data()
    }
}

/// The real DIY Dog catalogue in `../shared/punkapi/` beside the repository.
///
/// In CI (`CI` set) a missing file is a failure with a clear message; elsewhere tests
/// that need it are skipped with a clear reason.
public enum SharedData {
    /// The repository root.
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `../shared/punkapi/<version>/beers.json`.
    public static func punkAPI(_ version: String) -> String {
        repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/punkapi/\(version)/beers.json").path
    }

    /// Whether the file for `version` exists.
    public static func available(_ version: String) -> Bool { FileManager.default.fileExists(atPath: punkAPI(version)) }

    /// Whether tests that need the shared data should run: yes when present, and yes in
    /// CI (where they then fail loudly if it is missing).
    public static func shouldRun(_ version: String) -> Bool {
        available(version) || isCI
    }

    /// True under CI.
    public static var isCI: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    /// The message for a missing shared file.
    public static func missingMessage(_ version: String) -> String {
        "the real catalogue \(punkAPI(version)) is missing; CI must provide ../shared/punkapi beside the repository"
    }
}
