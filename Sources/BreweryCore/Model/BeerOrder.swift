/// An order to list beers in: by id (the catalogue's own), by name, or by abv, ibu or ebc.
public enum BeerOrder: String, CaseIterable, Sendable {
    case id, name, abv, ibu, ebc

    /// The beer indexes `indices` (in catalogue order) in this order: lowest first, or
    /// highest first when `descending`. Beers missing the value come last either way, and
    /// beers with equal values (or both missing) keep their catalogue order, so a page
    /// is the same every time. Names compare case-, accent- and dash-folded, by their
    /// letters and digits first ("#Mashtag" under M).
    ///
    /// - Complexity: O(n log n) comparisons of the beers' numbers or folded names.
    public func sorted(_ indices: [Int], in catalogue: Catalogue, descending: Bool = false) -> [Int] {
        switch self {
        case .id:
            return descending ? indices.reversed() : indices
        case .name:
            // By letters and digits first, so "#Mashtag" files under M; then by the whole
            // folded name.
            let names = catalogue.names
            return indices.enumerated().sorted { a, b in
                let x = names.name(a.element)
                let y = names.name(b.element)
                let xl = x.lazy.filter(NameSearch.isWordByte)
                let yl = y.lazy.filter(NameSearch.isWordByte)
                let less: Bool
                if !xl.elementsEqual(yl) {
                    less = xl.lexicographicallyPrecedes(yl)
                } else if !x.elementsEqual(y) {
                    less = x.lexicographicallyPrecedes(y)
                } else {
                    return a.offset < b.offset
                }
                return descending ? !less : less
            }.map(\.element)
        case .abv, .ibu, .ebc:
            let axis = self == .abv ? 0 : self == .ibu ? 1 : 2
            let f = catalogue.features
            let values = f.raw[axis]
            let bit = UInt8(1 << axis)
            return indices.enumerated().sorted { a, b in
                let hasA = f.mask[a.element] & bit != 0
                let hasB = f.mask[b.element] & bit != 0
                guard hasA && hasB else { return hasA != hasB ? hasA : a.offset < b.offset }
                let x = values[a.element]
                let y = values[b.element]
                if x == y { return a.offset < b.offset }
                return descending ? x > y : x < y
            }.map(\.element)
        }
    }

    /// How a listing says it is ordered ("by abv, highest first"), or nil for id order
    /// ascending (the default, said by nothing).
    public func summary(descending: Bool) -> String? {
        switch self {
        case .id: descending ? "by id, highest first" : nil
        case .name: descending ? "by name, Z to A" : "by name"
        case .abv, .ibu, .ebc: "by \(rawValue), \(descending ? "highest" : "lowest") first"
        }
    }
}
