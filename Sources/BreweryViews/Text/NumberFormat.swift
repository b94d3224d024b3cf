import Foundation

/// Brewery's one way of writing numbers, in tables and in JSON.
package enum NumberFormat {
    /// At most `digits` decimals with trailing zeros dropped (`4.5`, `20`), or "-" when
    /// missing: abv, ibu, ebc and other measured values in tables.
    package static func short(_ v: Double?, _ digits: Int = 1) -> String {
        guard let v else { return "-" }
        if v == v.rounded() && abs(v) < 1e12 { return String(Int(v)) }
        var s = fixed(v, digits)
        // On the bytes: `String.contains(_:)` with a string goes through Foundation's
        // search, a few microseconds a cell.
        guard s.utf8.contains(UInt8(ascii: ".")) else { return s }
        while s.utf8.last == UInt8(ascii: "0") { s.removeLast() }
        if s.utf8.last == UInt8(ascii: ".") { s.removeLast() }
        return s
    }

    /// `v` exactly as the data has it, without a trailing `.0` (`60`, `4.55`), or ""
    /// when missing: numbers in CSV records.
    package static func exact(_ v: Double?) -> String {
        guard let v else { return "" }
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// A specific gravity as brewers write it, `1.056`: the data's `1056` (gravity × 1000)
    /// and `1.056` alike; a value in neither form is shown as it is.
    package static func gravity(_ v: Double?) -> String {
        guard let v else { return "-" }
        if (900...1200).contains(v) { return fixed(v / 1000, 3) }
        if (0.9...1.2).contains(v) { return fixed(v, 3) }
        return short(v, 1)
    }

    /// Exactly `digits` decimals (`0.620`): scores in tables.
    package static func fixed(_ v: Double, _ digits: Int) -> String {
        decimal(v, digits, plus: false) ?? printf("%.*f", v, digits)
    }

    /// Exactly `digits` decimals with a sign (`+0.25`): differences in explanations.
    package static func signed(_ v: Double, _ digits: Int) -> String {
        decimal(v, digits, plus: true) ?? printf("%+.*f", v, digits)
    }

    /// `v` with `digits` decimals as printf writes it, worked out in integers, or nil
    /// when that could round otherwise than printf (a value too large, or too near
    /// halfway between two results for the product by 10^digits to tell) — printf then
    /// writes it. Tables write a number per cell; this takes a fraction of printf's time.
    private static func decimal(_ v: Double, _ digits: Int, plus: Bool) -> String? {
        guard v.isFinite, (0...9).contains(digits) else { return nil }
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let x = v.magnitude * Double(scale)
        guard x < 1e15 else { return nil }
        let fraction = x - x.rounded(.down)
        guard abs(fraction - 0.5) > 1e-6 else { return nil }
        let n = UInt64(x.rounded())
        var text = v.sign == .minus ? "-" : (plus ? "+" : "")
        text += String(n / scale)
        if digits > 0 {
            let decimals = String(n % scale)
            text += "." + String(repeating: "0", count: digits - decimals.count) + decimals
        }
        return text
    }

    /// `v` in the C library's `format` (a `*` precision and one double) with `digits`
    /// decimals (0–17), written on the stack: `String(format:)` is ten times slower, and a
    /// table writes a number per cell. Brewery never calls `setlocale`, so the decimal
    /// point is the C locale's ".".
    private static func printf(_ format: StaticString, _ v: Double, _ digits: Int) -> String {
        let precision = Int32(max(0, min(digits, 17)))
        let cFormat = UnsafeRawPointer(format.utf8Start).assumingMemoryBound(to: CChar.self)
        func write(capacity: Int) -> (text: String, needed: Int) {
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                let needed = Int(withVaList([precision, v]) { vsnprintf(buffer.baseAddress, capacity, cFormat, $0) })
                return (needed < capacity ? String(cString: buffer.baseAddress!) : "", needed)
            }
        }
        let first = write(capacity: 64)
        // Only a huge value (1e300 has 301 digits) needs more than the first buffer.
        return first.needed < 64 ? first.text : write(capacity: first.needed + 1).text
    }

    /// `v` rounded to `places` decimals, for JSON (scores to 4 places).
    package static func rounded(_ v: Double, places: Int) -> Double {
        let p = pow(10, Double(places))
        return (v * p).rounded() / p
    }
}
