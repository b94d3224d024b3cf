import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

/// What is kept of a brewing index between runs is read back only as it was written,
/// under its own key, count and classifier version.
@Suite struct BrewingIndexTests {
    static let fixture = Catalogue(beers: SyntheticCatalogue.beers(count: 2_000, seed: 11, recipes: true))

    @Test func itsBytesAreReadBackUnderTheirKeyAndCountOnly() throws {
        let index = Self.fixture.brewing
        #expect(Set(index.style).count > 10 && index.checks.contains { $0 & 0x7F != 0 })
        let bytes = index.bytes(key: "abc data")
        let n = index.style.count
        #expect(bytes.withUnsafeBytes { BrewingIndex(bytes: $0, key: "abc data", count: n) } == index)
        #expect(bytes.withUnsafeBytes { BrewingIndex(bytes: $0, key: "abd data", count: n) } == nil)
        #expect(bytes.withUnsafeBytes { BrewingIndex(bytes: $0, key: "abc data", count: n + 1) } == nil)
        #expect(bytes.dropLast().withUnsafeBytes { BrewingIndex(bytes: $0, key: "abc data", count: n) } == nil)
        #expect([UInt8]().withUnsafeBytes { BrewingIndex(bytes: $0, key: "", count: 0) } == nil)
        // One byte changed anywhere fails the checksum (a style, a check, the version).
        for at in [4, 30, bytes.count - 9 - n / 2, bytes.count - 1] {
            var changed = bytes
            changed[at] ^= 0x01
            #expect(changed.withUnsafeBytes { BrewingIndex(bytes: $0, key: "abc data", count: n) } == nil, "byte \(at)")
        }
    }

    /// An index whose values are out of range (a style the guide has not, a check no
    /// kind names) is refused even when intact: its values index tables.
    @Test func valuesNoClassifierMakesAreNotRead() {
        let styles = StyleGuide.bjcp2021.styles.count
        for index in [
            BrewingIndex(style: [0, Int16(styles)], checks: [0, 0]), BrewingIndex(style: [0, -2], checks: [0, 0]),
            BrewingIndex(style: [0, 1], checks: [0, 0x40]),
        ] {
            #expect(index.bytes(key: "k").withUnsafeBytes { BrewingIndex(bytes: $0, key: "k", count: 2) } == nil)
        }
        let fine = BrewingIndex(style: [-1, Int16(styles - 1)], checks: [0x80, 0x81])
        #expect(fine.bytes(key: "k").withUnsafeBytes { BrewingIndex(bytes: $0, key: "k", count: 2) } == fine)
    }

    /// A catalogue asks its keeper before building the index, and gives it the index it
    /// built; what the keeper holds is what the catalogue answers.
    @Test func aCatalogueReadsItsKeeperFirstAndKeepsWhatItBuilt() {
        final class Keeper: BrewingIndexKeeper, @unchecked Sendable {
            var held: BrewingIndex?
            var kept = 0
            func kept(count: Int) -> BrewingIndex? { held.flatMap { $0.style.count == count ? $0 : nil } }
            func keep(_ index: BrewingIndex) {
                kept += 1
                held = index
            }
        }
        let empty = Keeper()
        let first = Fixtures.catalogue
        first.keepBrewing(in: empty)
        let built = first.brewing
        _ = first.brewing
        #expect(empty.kept == 1 && empty.held == built)
        let forged = BrewingIndex(style: built.style.map { _ in 0 }, checks: built.checks.map { _ in 0 })
        let full = Keeper()
        full.held = forged
        let second = Fixtures.catalogue
        second.keepBrewing(in: full)
        #expect(second.brewing == forged && full.kept == 0)
    }

    /// Holds ``BrewingIndex/version`` to what the classifier makes of a fixed catalogue:
    /// a change to the code that moves any beer's style or checks must raise the version,
    /// or an index kept by the build before it would be read as this one's. (A change to
    /// the bundled data changes the kept index's key by itself.)
    @Test func theVersionChangesWithWhatTheClassifierMakes() {
        Self.expectRecorded(Self.fixture, (3, "771e2fd12236913b"))
    }

    /// As ``theVersionChangesWithWhatTheClassifierMakes()``, on the real catalogue's beers
    /// (whose recipes reach branches a synthetic one may not).
    @Test(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"))
    func theVersionChangesWithWhatTheClassifierMakesOfTheRealCatalogue() throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.punkAPI("v2")))
        let read = try CatalogueDecoder.decodeLocatedArray(data, source: "v2")
        Self.expectRecorded(Catalogue(beers: read.beers, recipes: read.recipes), (3, "d020df48373d6cd2"))
    }

    static func expectRecorded(
        _ catalogue: Catalogue, _ recorded: (version: UInt32, digest: String),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let index = catalogue.brewing
        var values: [UInt8] = []
        for s in index.style { withUnsafeBytes(of: s.littleEndian) { values.append(contentsOf: $0) } }
        values.append(contentsOf: index.checks)
        let digest = values.withUnsafeBytes { String(Checksum.of($0), radix: 16) }
        #expect(
            BrewingIndex.version == recorded.version && digest == recorded.digest,
            """
            The styles or checks of a fixed catalogue changed (digest \(digest)): if the code that classifies or \
            checks beers changed, raise BrewingIndex.version; then record the version and "\(digest)" here \
            (a change to the beers, to SyntheticCatalogue or to Data/ alone needs only the digest).
            """, sourceLocation: sourceLocation)
    }
}
