import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryCore

/// The Beer schema is spelled out in three codecs — Codable (the Punk API JSON), the fast
/// JSON reader and the snapshot record. A beer with every field set must come back whole
/// from each, so a new field cannot be forgotten in one of them.
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
}
