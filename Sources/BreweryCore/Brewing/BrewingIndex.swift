import Dispatch
import Foundation

/// Each beer's nearest BJCP 2021 style and the recipe checks it fails, built once for a
/// catalogue, by its first reader (`list --style`, the API's `style=`, `stats`), on every
/// core: each share of the beers has its own memory of ingredient names and yeast lines,
/// so a name is read once per share; the result does not depend on the split. The family
/// a beer's texts name is the one the catalogue read at load.
///
/// Kept beside a catalogue's snapshot (``BrewingIndexKeeper``), it is found again only
/// under the same ``version``: a change to how a beer is classified or checked raises it.
package struct BrewingIndex: Sendable, Equatable {
    /// The classifier's version: raise it with any change that could change a beer's
    /// style or checks (the styles' reading, ``StyleGuide``'s nearest style, a
    /// ``RecipeCheck``), so that an index kept by an older build is not read as this
    /// one's. `BrewingIndexTests` holds it to the index of a fixed catalogue.
    package static let version: UInt32 = 3

    /// The nearest style's index in the guide's ``StyleGuide/styles``; −1 for a beer that
    /// states none of the five numbers.
    package let style: [Int16]
    /// Bit k: the beer fails ``RecipeCheck/Kind/allCases``[k]; bit 7: it has a recipe.
    package let checks: [UInt8]

    /// Bit 7 of ``checks``.
    static let hasRecipe: UInt8 = 0x80

    /// An index of these values, one of each per beer.
    ///
    /// - Precondition: `style` and `checks` have the same count.
    package init(style: [Int16], checks: [UInt8]) {
        precondition(style.count == checks.count, "a style and checks per beer")
        self.style = style
        self.checks = checks
    }

    /// The index of `catalogue`, styles from `guide`.
    package init(_ catalogue: Catalogue, guide: StyleGuide = .bjcp2021) {
        let n = catalogue.count
        let kinds = RecipeCheck.Kind.allCases
        let style = UnsafeMutableBufferPointer<Int16>.allocate(capacity: n)
        let checks = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: n)
        defer {
            style.deallocate()
            checks.deallocate()
        }
        nonisolated(unsafe) let styleOut = style
        nonisolated(unsafe) let checksOut = checks
        let parts = max(1, min(n / 512, 256))
        DispatchQueue.concurrentPerform(iterations: parts) { p in
            var classifier = IngredientClassifier()
            var said = [Int8](repeating: 0, count: guide.styles.count)
            var families: [String: BeerReading.YeastKind.Family?] = [:]
            var origins: [String: UInt8] = [:]
            func origin(_ line: String?) -> UInt8 {
                guard let line else { return 0 }
                if let known = origins[line] { return known }
                let o = BeerReading.origins(ofYeastLine: line)
                origins[line] = o
                return o
            }
            func family(_ line: String?) -> BeerReading.YeastKind.Family? {
                guard let line else { return nil }
                if let known = families[line] { return known }
                let f = BeerReading.family(ofYeastLine: line)
                families[line] = f
                return f
            }
            for i in (n * p / parts)..<(n * (p + 1) / parts) {
                let beer = catalogue.beers[i]
                let reading = BeerReading(
                    beer, namedFamily: catalogue.recipe.namedFamily(ofBeer: i), family: family, origins: origin)
                styleOut[i] = guide.nearestIndex(reading, said: &said).map { Int16($0) } ?? -1
                let recipe = Recipe(beer: beer)
                var bits: UInt8 = 0
                if !recipe.isEmpty {
                    bits = Self.hasRecipe
                    for check in RecipeCheck.checks(beer, recipe, &classifier) {
                        bits |= 1 << UInt8(kinds.firstIndex(of: check.kind)!)
                    }
                }
                checksOut[i] = bits
            }
        }
        self.style = Array(style)
        self.checks = Array(checks)
    }
}
