import Foundation

/// The colour a beer is in the glass, from its EBC: its SRM (EBC / 1.97, as the brewing
/// apps convert) looked up in the SRM colour chart (`Data/srm-colours.txt`), blended
/// between whole SRMs; below SRM 1 it is SRM 1's straw, above 40 SRM 40's black.
public struct BeerColour: Sendable, Equatable {
    /// Red, green and blue, 0–255.
    public let red: UInt8, green: UInt8, blue: UInt8

    /// The colour of a beer of `ebc`; nil for no EBC or one that is not a number ≥ 0.
    public init?(ebc: Double?) {
        guard let ebc, ebc.isFinite, ebc >= 0 else { return nil }
        let chart = Self.chart
        let srm = min(max(ebc / 1.97, 1), Double(chart.count))
        let low = Int(srm.rounded(.down))
        let high = min(low + 1, chart.count)
        let t = srm - Double(low)
        let (a, b) = (chart[low - 1], chart[high - 1])
        func blend(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
        red = blend(a.0, b.0)
        green = blend(a.1, b.1)
        blue = blend(a.2, b.2)
    }

    /// `#rrggbb`, as HTML and SVG write a colour.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        var out = "#"
        for c in [red, green, blue] {
            out.append(digits[Int(c >> 4)])
            out.append(digits[Int(c & 15)])
        }
        return out
    }

    /// The chart's colours for SRM 1, 2, … 40, in order.
    static let chart: [(UInt8, UInt8, UInt8)] = {
        var out: [(UInt8, UInt8, UInt8)] = []
        let text = String(decoding: PackageResources.srm_colours_txt, as: UTF8.self)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let srm = Int(parts[0]), srm == out.count + 1, parts[1].count == 7,
                let rgb = UInt32(parts[1].dropFirst(), radix: 16)
            else { preconditionFailure("Data/srm-colours.txt: bad line '\(line)'") }
            out.append((UInt8(rgb >> 16), UInt8(rgb >> 8 & 255), UInt8(rgb & 255)))
        }
        return out
    }()
}
