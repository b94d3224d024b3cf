import BreweryCore
import Foundation

/// The NOTES of an exported recipe: where it comes from, the beer's own texts, and every
/// estimate and correction the export made, so a brewer reading it in an app knows what
/// the record said and what to check.
package enum BrewingNotes {
    /// The notes of `recipe`, paragraphs separated by blank lines.
    package static func text(_ recipe: BrewingRecipe) -> String {
        var parts = ["BrewDog DIY Dog recipe, Brewery id \(recipe.beerID) (brewery show \(recipe.beerID))."]
        if let d = recipe.description { parts.append(d) }
        if let t = recipe.tips { parts.append("Brewer's tips: " + t) }
        if !recipe.foodPairing.isEmpty { parts.append("Food pairing: " + recipe.foodPairing.joined(separator: "; ")) }
        if let t = recipe.twist { parts.append("Twist: " + t) }
        if !recipe.corrections.isEmpty {
            parts.append("Corrected by Brewery:\n" + recipe.corrections.map { "- " + $0 }.joined(separator: "\n"))
        }
        if !recipe.estimates.isEmpty {
            parts.append("Estimated by Brewery (check these):\n" + recipe.estimates.map { "- " + $0 }.joined(separator: "\n"))
        }
        return parts.joined(separator: "\n\n")
    }

    /// A number rounded to `places` decimals, so exports do not show float noise.
    static func rounded(_ v: Double, _ places: Int = 4) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (v * scale).rounded() / scale
    }
}

extension BrewingNotes {
    /// `v` as a plain decimal with at most four places ("1.05", "60", "0.0115").
    package static func decimal(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        var s = String(format: "%.4f", rounded(v))
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    /// A specific gravity as brewers write it ("1.050").
    package static func gravityText(_ v: Double) -> String { String(format: "%.3f", v) }

    /// An amount as the record writes it ("160 ml").
    package static func amountText(_ q: Quantity) -> String { decimal(q.value) + " " + q.unit }
}
