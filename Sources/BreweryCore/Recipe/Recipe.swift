import Foundation

/// A beer's homebrew recipe as numbers a brewer can use — grams, litres, °C — read from
/// the DIY Dog record, with hops in brewing order, and scaled to another batch size.
///
/// Missing values stay nil (shown as a dash), never 0.
public struct Recipe: Sendable, Equatable {
    /// A grain bill entry.
    public struct Malt: Sendable, Equatable {
        /// The malt as written.
        public var name: String
        /// The weight; nil when the record gives none, or in a unit that is no weight.
        public var grams: Double?
        /// The amount in its own unit when that is no weight (`160 ml`, `1 total`).
        public var asWritten: Quantity?
    }

    /// A hop addition.
    public struct Hop: Sendable, Equatable {
        /// The hop variety as written.
        public var name: String
        /// The weight; nil when the record gives none, or in a unit that is no weight.
        public var grams: Double?
        /// The amount in its own unit when that is no weight (`160 ml`, `1 total`).
        public var asWritten: Quantity?
        /// When it goes in and what for.
        public var addition: HopAddition
    }

    /// A mash rest.
    public struct MashStep: Sendable, Equatable {
        /// The rest's temperature, °C.
        public var celsius: Double?
        /// Its length, minutes.
        public var minutes: Double?
    }

    /// The batch the amounts are for, in litres.
    public var batchLitres: Double?
    /// The volume at the start of the boil, in litres.
    public var boilLitres: Double?
    /// Target original gravity as specific gravity (1.056).
    public var originalGravity: Double?
    /// Target final gravity as specific gravity (1.010).
    public var finalGravity: Double?
    /// Attenuation, in percent.
    public var attenuation: Double?
    /// The mash rests, in order.
    public var mash: [MashStep]
    /// Fermentation temperature, °C.
    public var fermentationCelsius: Double?
    /// What is unusual in the brew, as written.
    public var twist: String?
    /// The grain bill, as the record lists it.
    public var malts: [Malt]
    /// In brewing order (the record's order among additions at the same time).
    public var hops: [Hop]
    /// The yeast as written.
    public var yeast: String?
    /// How much the amounts were multiplied by (1 as written).
    public var scale: Double = 1

    /// The recipe of `beer`, as written.
    public init(beer: Beer) {
        batchLitres = Self.litres(beer.volume)
        boilLitres = Self.litres(beer.boilVolume)
        originalGravity = beer.targetOG
        finalGravity = beer.targetFG
        attenuation = beer.attenuationLevel
        mash = (beer.method?.mashTemp ?? []).map { MashStep(celsius: Self.celsius($0.temp), minutes: $0.duration) }
        fermentationCelsius = Self.celsius(beer.method?.fermentation?.temp)
        twist = beer.method?.twist.flatMap { $0.isEmpty ? nil : $0 }
        malts = (beer.ingredients?.malt ?? []).map {
            Malt(name: $0.name ?? "-", grams: Self.grams($0.amount), asWritten: Self.unweighed($0.amount))
        }
        let hops = (beer.ingredients?.hops ?? []).map {
            Hop(
                name: $0.name ?? "-", grams: Self.grams($0.amount), asWritten: Self.unweighed($0.amount),
                addition: HopAddition(add: $0.add, attribute: $0.attribute))
        }
        // A stable sort: additions at the same time keep the record's order.
        self.hops = hops.enumerated().sorted { a, b in
            a.element.addition != b.element.addition ? a.element.addition < b.element.addition : a.offset < b.offset
        }.map(\.element)
        yeast = beer.ingredients?.yeast.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the record gives any of a recipe (a volume, a method, ingredients).
    public var isEmpty: Bool {
        batchLitres == nil && boilLitres == nil && mash.isEmpty && fermentationCelsius == nil && twist == nil
            && malts.isEmpty && hops.isEmpty && yeast == nil
    }

    /// This recipe for a batch of `litres`: malts, hops and volumes scale; yeast,
    /// temperatures, times and gravities do not.
    ///
    /// - Throws: ``RecipeError/noBatchVolume`` when the recipe gives no batch size to
    ///   scale from.
    /// - Parameter litres: the batch wanted, in litres.
    /// - Returns: the recipe with ``scale`` set to `litres` over the batch as written.
    public func scaled(toLitres litres: Double) throws(RecipeError) -> Recipe {
        guard let batch = batchLitres, batch > 0 else { throw .noBatchVolume }
        let factor = litres / batch
        var r = self
        r.scale = scale * factor
        r.batchLitres = litres
        r.boilLitres = boilLitres.map { $0 * factor }
        func times(_ q: Quantity?) -> Quantity? { q.map { Quantity(value: $0.value * factor, unit: $0.unit) } }
        r.malts = malts.map { Malt(name: $0.name, grams: $0.grams.map { $0 * factor }, asWritten: times($0.asWritten)) }
        r.hops = hops.map {
            Hop(name: $0.name, grams: $0.grams.map { $0 * factor }, asWritten: times($0.asWritten), addition: $0.addition)
        }
        return r
    }

    /// This recipe for `batch`: a volume, or a multiple of the batch as written.
    ///
    /// - Throws: ``RecipeError/noBatchVolume`` when the recipe gives no batch size to
    ///   scale from; ``RecipeError/outsideVolumesTaken(litres:)`` for a multiple that
    ///   makes a batch outside ``BatchVolume/litresTaken``.
    public func scaled(to batch: BatchSize) throws(RecipeError) -> Recipe {
        if case .multiple = batch, batchLitres == nil { throw .noBatchVolume }
        guard let litres = batch.litres(writtenFor: batchLitres) else {
            if case .multiple(let m) = batch, let written = batchLitres { throw .outsideVolumesTaken(litres: written * m) }
            throw .noBatchVolume
        }
        return try scaled(toLitres: litres)
    }

    /// An amount whose unit is no weight, as written; nil for a weight or no amount.
    static func unweighed(_ a: Beer.Amount?) -> Quantity? {
        guard let a, let v = a.value, v.isFinite, v >= 0, gramsPerUnit(a.unit) == nil,
            let unit = a.unit?.trimmingCharacters(in: .whitespaces), !unit.isEmpty
        else { return nil }
        return Quantity(value: v, unit: unit)
    }

    static func grams(_ a: Beer.Amount?) -> Double? {
        grams(value: a?.value ?? .nan, gramsPerUnit: gramsPerUnit(a?.unit))
    }

    /// What one of `unit` weighs in grams; nil if it is not a weight.
    static func gramsPerUnit(_ unit: String?) -> Double? {
        switch IngredientName.key(unit ?? "") {
        case "grams", "gram", "g": 1
        case "kilograms", "kilogram", "kg": 1000
        default: nil
        }
    }

    /// `value` of a unit weighing `gramsPerUnit` grams, in grams; nil unless both are
    /// known and the value is a finite weight (NaN: none).
    @inline(__always)
    static func grams(value: Double, gramsPerUnit: Double?) -> Double? {
        guard value.isFinite, value >= 0, let gramsPerUnit else { return nil }
        return gramsPerUnit == 1 ? value : value * gramsPerUnit
    }

    static func litres(_ a: Beer.Amount?) -> Double? {
        guard let v = a?.value, v.isFinite, v >= 0 else { return nil }
        switch IngredientName.key(a?.unit ?? "") {
        case "litres", "litre", "liters", "liter", "l": return v
        case "gallons", "gallon": return v * BatchVolume.litresPerGallon
        default: return nil
        }
    }

    static func celsius(_ a: Beer.Amount?) -> Double? {
        guard let v = a?.value, v.isFinite else { return nil }
        switch IngredientName.key(a?.unit ?? "") {
        case "celsius", "c": return v
        case "fahrenheit", "f": return (v - 32) * 5 / 9
        default: return nil
        }
    }
}
