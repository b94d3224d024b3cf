/// Range filters as the Punk API had them (`abv_gt`, `ibu_lt`, …), with decimals.
///
/// Bounds are strict. A beer whose value is missing fails any filter on that field.
public struct BeerFilter: Sendable, Equatable {
    /// Lower (exclusive) bound per axis.
    public var greaterThan: [Axis: Double] = [:]
    /// Upper (exclusive) bound per axis.
    public var lessThan: [Axis: Double] = [:]

    /// No filtering.
    public init() {}

    /// True when no bound is set.
    public var isEmpty: Bool { greaterThan.isEmpty && lessThan.isEmpty }

    /// Whether beer `i` of `features` passes every bound.
    @inline(__always)
    package func passes(_ i: Int, _ features: NumericFeatures) -> Bool {
        if isEmpty { return true }
        for (axis, bound) in greaterThan {
            guard features.mask[i] & UInt8(1 << axis.rawValue) != 0, Double(features.raw[axis.rawValue][i]) > bound
            else { return false }
        }
        for (axis, bound) in lessThan {
            guard features.mask[i] & UInt8(1 << axis.rawValue) != 0, Double(features.raw[axis.rawValue][i]) < bound
            else { return false }
        }
        return true
    }

    /// A short description such as `abv>5.5, ibu<40`.
    public var summary: String {
        var parts: [String] = []
        for axis in Axis.allCases {
            if let v = greaterThan[axis] { parts.append("\(axis.name)>\(v.formatted)") }
            if let v = lessThan[axis] { parts.append("\(axis.name)<\(v.formatted)") }
        }
        return parts.joined(separator: ", ")
    }
}

extension Double {
    /// The shortest plain rendering: `6`, `5.5`, `0.25`.
    public var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}
