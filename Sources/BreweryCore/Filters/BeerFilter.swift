/// Range filters as the Punk API had them (`abv_gt`, `ibu_lt`, …), with decimals.
///
/// Bounds are strict. A beer whose value is missing fails any filter on that field.
public struct BeerFilter: Sendable, Equatable {
    /// Lower (exclusive) bound per axis.
    public var greaterThan: [Axis: Double] = [:]
    /// Upper (exclusive) bound per axis.
    public var lessThan: [Axis: Double] = [:]
    /// The only beers that pass, when other filters (ingredients, names, dates, ids) were
    /// resolved against the catalogue into a set; nil for no such filter.
    package var allowed: BeerSet?
    /// Those filters in words, for ``summary`` ("hops nelson", "brewed before 01-2012").
    package var described: [String] = []

    /// No filtering.
    public init() {}

    /// True when nothing is filtered.
    public var isEmpty: Bool { greaterThan.isEmpty && lessThan.isEmpty && allowed == nil }

    /// Keeps only the beers of `set` (and those of any set given before).
    package mutating func restrict(to set: BeerSet, _ description: String) {
        if allowed == nil {
            allowed = set
        } else {
            allowed?.formIntersection(set)
        }
        described.append(description)
    }

    /// Whether beer `i` of `features` passes every bound.
    ///
    /// A beer's values are kept as the `Float` nearest the decimal the data holds, so a
    /// bound is compared as the `Float` nearest it: a value equal to the bound typed (abv
    /// 11.3 against `--abv-gt 11.3`) is equal, not a rounding above or below it.
    @inline(__always)
    package func passes(_ i: Int, _ features: NumericFeatures) -> Bool {
        if isEmpty { return true }
        if let allowed, !allowed.contains(i) { return false }
        for (axis, bound) in greaterThan {
            guard features.mask[i] & UInt8(1 << axis.rawValue) != 0, features.raw[axis.rawValue][i] > Float(bound)
            else { return false }
        }
        for (axis, bound) in lessThan {
            guard features.mask[i] & UInt8(1 << axis.rawValue) != 0, features.raw[axis.rawValue][i] < Float(bound)
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
        return (parts + described).joined(separator: ", ")
    }
}

extension Double {
    /// The shortest plain rendering: `6`, `5.5`, `0.25`.
    public var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}
