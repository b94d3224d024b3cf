import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryCore

/// A beer's fields are declared once (``BeerField``), and the codecs — Codable (the Punk
/// API JSON), the fast JSON reader and the snapshot record — walk that table. A beer with
/// every field set must come back whole from each, and each field must reach its own
/// property, so a new field cannot be forgotten or crossed in one of them.
@Suite struct BeerCodecTests {
    /// Paths of the values in `value` that are nil or empty.
    static func unset(_ value: Any, path: String = "beer") -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let child = mirror.children.first else { return [path] }
            return unset(child.value, path: path)
        }
        if mirror.displayStyle == .collection {
            return mirror.children.isEmpty
                ? [path] : mirror.children.enumerated().flatMap { unset($0.element.value, path: "\(path)[\($0.offset)]") }
        }
        guard mirror.displayStyle == .struct else { return [] }
        return mirror.children.flatMap { unset($0.value, path: path + "." + ($0.label ?? "?")) }
    }

    @Test func theFixtureSetsEveryField() {
        #expect(Self.unset(Fixtures.everyField).isEmpty, "add the new field to Fixtures.everyField")
    }

    @Test func everyCodecKeepsEveryField() throws {
        let beer = Fixtures.everyField
        let json = try CatalogueDecoder.encode([beer])
        #expect(try JSONDecoder().decode([Beer].self, from: json) == [beer], "Codable")
        #expect(json.withUnsafeBytes { BeerJSONReader.read($0) } == [beer], "the fast JSON reader")
        let snapshot = try CatalogueSnapshot.decode(CatalogueSnapshot.encode(Catalogue(beers: [beer]), header: []))
        #expect(Array(snapshot.beers) == [beer], "the snapshot record")
    }

    @Test func eachFieldReachesItsOwnProperty() {
        let blank = Beer(id: 0, name: "")
        var rebuilt = blank
        for field in BeerField.allCases {
            var one = blank
            one[field] = Fixtures.everyField[field]
            #expect(one != blank, "setting \(field) changes nothing")
            #expect(one[field] == Fixtures.everyField[field], "\(field) reads back another property")
            rebuilt[field] = Fixtures.everyField[field]
        }
        #expect(rebuilt == Fixtures.everyField, "a property no field reaches")
        #expect(Set(BeerField.allCases.map(\.key)).count == BeerField.allCases.count, "two fields share a key")
    }

    @Test func writtenKeysAreInCodeUnitOrderWhicheverImageKey() {
        var v2 = Fixtures.everyField
        (v2.method, v2.ingredients) = (nil, nil)  // their keys would be found first
        var v3 = v2
        v3.imageKey = .image
        for beer in [v2, v3] {
            let object = String(decoding: BeerJSONWriter.bytes(beer) ?? [], as: UTF8.self)
            let keys = BeerField.keyOrder.map { $0 == .image ? beer.imageKey.rawValue : $0.key }
            #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            let positions = keys.compactMap { object.range(of: "\"\($0)\":")?.lowerBound }
            #expect(positions.count == keys.count && positions == positions.sorted(), "\(object)")
        }
    }
}
