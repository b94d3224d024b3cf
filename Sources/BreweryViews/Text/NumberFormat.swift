import Foundation

/// Brewery's one way of writing numbers, in tables and in JSON.
package enum NumberFormat {
    /// At most `digits` decimals with trailing zeros dropped (`4.5`, `20`), or "-" when
    /// missing: abv, ibu, ebc and other measured values in tables.
    package static func short(_ v: Double?, _ digits: Int = 1) -> String {
        guard let v else { return "-" }
        if v == v.rounded() && abs(v) < 1e12 { return String(Int(v)) }
        var s = fixed(v, digits)
        while s.contains("."), s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// Exactly `digits` decimals (`0.620`): scores in tables.
    package static func fixed(_ v: Double, _ digits: Int) -> String {
        String(format: "%.\(max(0, min(digits, 17)))f", v)
    }

    /// Exactly `digits` decimals with a sign (`+0.25`): differences in explanations.
    package static func signed(_ v: Double, _ digits: Int) -> String {
        String(format: "%+.\(max(0, min(digits, 17)))f", v)
    }

    /// `v` rounded to `places` decimals, for JSON (scores to 4 places).
    package static func rounded(_ v: Double, places: Int) -> Double {
        let p = pow(10, Double(places))
        return (v * p).rounded() / p
    }
}
