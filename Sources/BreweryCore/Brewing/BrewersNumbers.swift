import Foundation

/// What a recipe gives by the formulas brewing apps use, beside what the record states:
/// ABV from the gravities, IBU by Tinseth and by Rager, colour by Morey. Estimates — the
/// hops' alpha acids and the malts' colours come from ``BrewingTables`` — and labelled so.
public struct BrewersNumbers: Sendable, Equatable {
    /// ABV in percent, (OG − FG) × 131.25; nil without both gravities.
    public var abv: Double?
    /// IBU by Tinseth's formula (boil additions only; flame-out and dry hops give none).
    public var ibuTinseth: Double?
    /// IBU by Rager's formula (boil additions, flame-out included; dry hops give none).
    public var ibuRager: Double?
    /// Colour in SRM by Morey's formula from the grain bill; nil without one.
    public var srm: Double?

    /// The ABV of a beer of `og` and `fg` (specific gravities, 1.050), percent.
    public static func abv(og: Double, fg: Double) -> Double { (og - fg) * 131.25 }

    /// Tinseth's IBU of `grams` of hops at `alphaPercent` boiled `minutes` in `litres` of wort
    /// of gravity `boilGravity`.
    public static func tinseth(grams: Double, alphaPercent: Double, minutes: Double, litres: Double, boilGravity: Double)
        -> Double
    {
        guard litres > 0, minutes > 0 else { return 0 }
        let bigness = 1.65 * pow(0.000125, boilGravity - 1)
        let time = (1 - exp(-0.04 * minutes)) / 4.15
        return bigness * time * alphaPercent / 100 * grams * 1000 / litres
    }

    /// Rager's IBU of the same addition (utilisation by tanh of the minutes, less above 1.050).
    public static func rager(grams: Double, alphaPercent: Double, minutes: Double, litres: Double, boilGravity: Double)
        -> Double
    {
        guard litres > 0, minutes >= 0 else { return 0 }
        let utilisation = (18.11 + 13.86 * tanh((minutes - 31.32) / 18.27)) / 100
        let adjustment = max(0, (boilGravity - 1.050) / 0.2)
        return grams * utilisation * alphaPercent / 100 * 1000 / (litres * (1 + adjustment))
    }

    /// Morey's SRM of a grain bill of (kilograms, °Lovibond) in `litres`.
    public static func morey(_ bill: [(kilograms: Double, lovibond: Double)], litres: Double) -> Double? {
        guard litres > 0, !bill.isEmpty else { return nil }
        let poundsPerKilogram = 2.204_622_62
        let gallons = litres / BatchVolume.litresPerGallon
        let mcu = bill.reduce(0) { $0 + $1.kilograms * poundsPerKilogram * $1.lovibond } / gallons
        return 1.4922 * pow(mcu, 0.6859)
    }
}
