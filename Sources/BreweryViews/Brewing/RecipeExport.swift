import BreweryCore
import Dispatch

/// Many beers' recipes as one document for a brewing app (`export`): each beer's
/// ``BrewingFormat/element(_:)``, made on every core a run of beers at a time, to write
/// between the format's head and tail; what is written is the format's document of them
/// all, in order.
package enum RecipeExport {
    /// How many beers are made together before they are written: enough to keep every
    /// core busy, few enough that a Ctrl-C is heard soon and memory stays small.
    package static let run = 4_096

    /// The element of each beer of `beers` (indexes into `catalogue`), its recipe scaled
    /// to `batch` if given (``Recipe/scaled(to:)``), in their order; nil for a beer with
    /// no recipe, or none that scales so. The beers are shared out over the cores; the
    /// result does not depend on it.
    package static func elements(
        _ beers: ArraySlice<Int>, of catalogue: Catalogue, as format: BrewingFormat, scaledTo batch: BatchSize?
    ) -> [String?] {
        var out = [String?](repeating: nil, count: beers.count)
        let parts = max(1, min(64, beers.count / 32))
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let made = buffer
            DispatchQueue.concurrentPerform(iterations: parts) { p in
                for k in (beers.count * p / parts)..<(beers.count * (p + 1) / parts) {
                    let beer = catalogue.beers[beers[beers.startIndex + k]]
                    var recipe = Recipe(beer: beer)
                    guard !recipe.isEmpty else { continue }
                    if let batch {
                        guard let scaled = try? recipe.scaled(to: batch) else { continue }
                        recipe = scaled
                    }
                    made[k] = format.element(BrewingRecipe(beer: beer, recipe: recipe))
                }
            }
        }
        return out
    }
}
