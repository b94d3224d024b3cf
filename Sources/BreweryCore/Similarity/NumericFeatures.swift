import Foundation

/// abv, ibu and ebc of every beer as structure-of-arrays, robustly scaled.
///
/// Each value `x` becomes `(log1p(x) − median) / spread`, where median and spread
/// (interquartile range / 1.349, a robust standard deviation) are computed over the
/// catalogue's present values. A missing value is stored as 0 with its bit cleared in
/// ``mask``, so the scoring loop never sees a NaN and never treats "missing" as 0.
package struct NumericFeatures: Sendable {
    /// Scaled values per axis (abv, ibu, ebc).
    package let scaled: [AlignedBuffer<Float>]
    /// Raw values per axis, for filters (`--abv-gt 5.5`); 0 where missing.
    package let raw: [AlignedBuffer<Float>]
    /// Bit `axis.rawValue` set when that value is present.
    package let mask: AlignedBuffer<UInt8>
    /// Median of log1p(value) per axis.
    package let median: [Double]
    /// Robust spread of log1p(value) per axis.
    package let spread: [Double]
    /// Number of beers.
    package let count: Int

    /// Computes the features of `beers`, in order.
    package init(beers: [Beer]) {
        count = beers.count
        var med: [Double] = []
        var spr: [Double] = []
        var scaledBufs: [AlignedBuffer<Float>] = []
        var rawBufs: [AlignedBuffer<Float>] = []
        let m = AlignedBuffer<UInt8>(count: beers.count, repeating: 0)
        for axis in Axis.allCases {
            // One read per beer (by index: iterating would copy every beer and its strings).
            let r = AlignedBuffer<Float>(count: beers.count, repeating: 0)
            var logs = [Double](repeating: .nan, count: beers.count)
            var present: [Double] = []
            present.reserveCapacity(beers.count)
            for i in beers.indices {
                if let v = axis.value(of: beers[i]), v.isFinite, v >= 0 {
                    logs[i] = log1p(v)
                    present.append(logs[i])
                    r[i] = Float(v)
                    m[i] |= UInt8(1 << axis.rawValue)
                }
            }
            let (md, sp) = Self.robustCentre(present)
            med.append(md)
            spr.append(sp)
            let s = AlignedBuffer<Float>(count: beers.count, repeating: 0)
            for i in beers.indices where !logs[i].isNaN { s[i] = Float((logs[i] - md) / sp) }
            scaledBufs.append(s)
            rawBufs.append(r)
        }
        scaled = scaledBufs
        raw = rawBufs
        mask = m
        median = med
        spread = spr
    }

    /// Median and IQR/1.349 of `values`; spread falls back to 1 when it would be 0.
    static func robustCentre(_ values: [Double]) -> (Double, Double) {
        guard !values.isEmpty else { return (0, 1) }
        let s = values.sorted()
        func q(_ p: Double) -> Double {
            let pos = p * Double(s.count - 1)
            let lo = Int(pos.rounded(.down))
            let hi = Int(pos.rounded(.up))
            return s[lo] + (s[hi] - s[lo]) * (pos - Double(lo))
        }
        let spread = (q(0.75) - q(0.25)) / 1.349
        return (q(0.5), spread > 1e-9 ? spread : 1)
    }
}
