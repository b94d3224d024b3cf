import Algorithms

/// An order to list beers in: by id (the catalogue's own), by name, or by abv, ibu or ebc.
public enum BeerOrder: String, CaseIterable, Sendable {
    case id, name, abv, ibu, ebc

    /// The beer indexes `indices` (in catalogue order) in this order: lowest first, or
    /// highest first when `descending`. Beers missing the value come last either way, and
    /// beers with equal values (or both missing) keep their catalogue order, so a page
    /// is the same every time. Names compare case-, accent- and dash-folded, by their
    /// letters and digits first ("#Mashtag" under M).
    ///
    /// With `first`, only that many from the start of the order: a first page without
    /// ordering every beer.
    ///
    /// - Complexity: O(n log n) comparisons of the beers' numbers or folded names;
    ///   O(n log `first`) for a short `first`.
    public func sorted(_ indices: [Int], in catalogue: Catalogue, descending: Bool = false, first: Int? = nil) -> [Int] {
        let less: ((place: Int, beer: Int), (place: Int, beer: Int)) -> Bool
        switch self {
        case .id:
            // The catalogue's own order: nothing to compare.
            let all = descending ? indices.reversed() : indices
            return first.map { Array(all.prefix(max($0, 0))) } ?? all
        case .name: less = Self.byName(catalogue, descending: descending)
        case .abv: less = Self.byValue(0, catalogue, descending: descending)
        case .ibu: less = Self.byValue(1, catalogue, descending: descending)
        case .ebc: less = Self.byValue(2, catalogue, descending: descending)
        }
        // Each beer with its place in `indices`, the tie-break.
        let entries = indices.enumerated().map { (place: $0.offset, beer: $0.element) }
        if let first, first < entries.count / 8 {
            return entries.min(count: max(first, 0), sortedBy: less).map(\.beer)
        }
        let all = entries.sorted(by: less).map(\.beer)
        return first.map { Array(all.prefix(max($0, 0))) } ?? all
    }

    /// Whether beer `a` comes before `b` by name (each with its place in the list).
    private static func byName(
        _ catalogue: Catalogue, descending: Bool
    ) -> ((place: Int, beer: Int), (place: Int, beer: Int)) -> Bool {
        let names = catalogue.names
        return { a, b in
            let x = names.name(a.beer)
            let y = names.name(b.beer)
            let xl = x.lazy.filter(NameSearch.isWordByte)
            let yl = y.lazy.filter(NameSearch.isWordByte)
            let less: Bool
            if !xl.elementsEqual(yl) {
                less = xl.lexicographicallyPrecedes(yl)
            } else if !x.elementsEqual(y) {
                less = x.lexicographicallyPrecedes(y)
            } else {
                return a.place < b.place
            }
            return descending ? !less : less
        }
    }

    /// Whether beer `a` comes before `b` by the value on `axis` (0 abv, 1 ibu, 2 ebc), the
    /// beers missing it last.
    private static func byValue(
        _ axis: Int, _ catalogue: Catalogue, descending: Bool
    ) -> ((place: Int, beer: Int), (place: Int, beer: Int)) -> Bool {
        let f = catalogue.features
        let values = f.raw[axis]
        let bit = UInt8(1 << axis)
        return { a, b in
            let hasA = f.mask[a.beer] & bit != 0
            let hasB = f.mask[b.beer] & bit != 0
            guard hasA && hasB else { return hasA != hasB ? hasA : a.place < b.place }
            let x = values[a.beer]
            let y = values[b.beer]
            if x == y { return a.place < b.place }
            return descending ? x > y : x < y
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
