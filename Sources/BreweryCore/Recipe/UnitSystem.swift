import Foundation

/// How a recipe's amounts are written: kilograms, grams, litres and °C, or pounds,
/// ounces, gallons and °F.
public enum UnitSystem: String, Sendable, CaseIterable {
    case metric, us

    static let gramsPerOunce = 28.349_523_125
    static let gramsPerPound = 453.592_37

    /// A weight in grams, rounded as a kitchen scale reads it: under 1 kg to the gram,
    /// from 1 kg to 10 g; under a pound to 0.1 oz, from a pound to 0.01 lb. An amount of
    /// under ten of those steps keeps two significant digits (`0.95 g`, `0.034 oz`): a
    /// small addition never reads as none.
    public func weight(grams: Double) -> Quantity {
        switch self {
        case .metric:
            grams < 999.5
                ? Quantity(value: Self.rounded(grams, step: 1), unit: "g")
                : Quantity(value: (grams / 10).rounded() / 100, unit: "kg")
        case .us:
            grams < Self.gramsPerPound
                ? Quantity(value: Self.rounded(grams / Self.gramsPerOunce, step: 0.1), unit: "oz")
                : Quantity(value: (grams / Self.gramsPerPound * 100).rounded() / 100, unit: "lb")
        }
    }

    /// `value` to a multiple of `step`, or, under ten steps, to two significant digits.
    package static func rounded(_ value: Double, step: Double) -> Double {
        guard value > 0, value < 10 * step else { return (value / step).rounded() * step }
        return significant(value, digits: 2)
    }

    /// `value` to `digits` significant digits.
    package static func significant(_ value: Double, digits: Int) -> Double {
        guard value > 0, value.isFinite else { return value }
        let magnitude = Int((log10(value)).rounded(.down))
        let scale = pow(10, Double(digits - 1 - magnitude))
        return (value * scale).rounded() / scale
    }

    /// A volume in litres, to 0.1 l or 0.01 gal.
    public func volume(litres: Double) -> Quantity {
        switch self {
        case .metric: Quantity(value: (litres * 10).rounded() / 10, unit: "l")
        case .us: Quantity(value: (litres / BatchVolume.litresPerGallon * 100).rounded() / 100, unit: "gal")
        }
    }

    /// A temperature in °C, to half a degree, or °F to the degree.
    public func temperature(celsius: Double) -> Quantity {
        switch self {
        case .metric: Quantity(value: (celsius * 2).rounded() / 2, unit: "°C")
        case .us: Quantity(value: (celsius * 9 / 5 + 32).rounded(), unit: "°F")
        }
    }

    /// `v` with at most `digits` decimals, trailing zeros dropped (more for a value under
    /// 1, so that its first two significant digits show: `0.034`).
    package static func decimal(_ v: Double, _ digits: Int) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        let digits = abs(v) < 1 && v != 0 ? max(digits, 1 - Int(log10(abs(v)).rounded(.down))) : digits
        var s = String(v)
        if let dot = s.firstIndex(of: "."), s.distance(from: dot, to: s.endIndex) > digits + 1 {
            s = String(s[..<s.index(dot, offsetBy: digits + 1)])
        }
        while s.contains("."), s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
