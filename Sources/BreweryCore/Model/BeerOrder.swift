import Algorithms
import Foundation

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
    /// - Complexity: a sort of one integer per beer, or of the beers' folded names;
    ///   O(n log `first`) comparisons for a `first` up to 1/128 of the beers.
    public func sorted(_ indices: [Int], in catalogue: Catalogue, descending: Bool = false, first: Int? = nil) -> [Int] {
        let count = first.map { min(max($0, 0), indices.count) } ?? indices.count
        switch self {
        case .id:
            // The catalogue's own order: nothing to compare.
            let all = descending ? indices.reversed() : indices
            return Array(all.prefix(count))
        case .name:
            return Self.byName(indices, catalogue.names, descending: descending, first: count)
        case .abv, .ibu, .ebc:
            let axis = self == .abv ? 0 : self == .ibu ? 1 : 2
            return Self.byValue(indices, axis, catalogue.features, descending: descending, first: count)
        }
    }

    /// The first `count` of `indices` in order by name: each name's ``NameKey``, then its
    /// whole folded name, then its place in `indices`. A short start reads two names' keys
    /// as it compares them; a longer one lays every name's key out once, so that each of a
    /// sort's comparisons is a `memcmp`.
    private static func byName(_ indices: [Int], _ names: NameIndex, descending: Bool, first count: Int) -> [Int] {
        /// The order of two names whose keys are the same: whole names, then places.
        func tie(_ a: Int, _ b: Int) -> Bool {
            let c = compare(names.name(indices[a]), names.name(indices[b]))
            return c == 0 ? a < b : descending ? c > 0 : c < 0
        }
        guard !selectsPartially(count, of: indices.count) else {
            return (0..<indices.count).min(count: count) { a, b in
                var x = NameKey(names.name(indices[a]))
                var y = NameKey(names.name(indices[b]))
                var c = 0
                while c == 0 {
                    switch (x.next(), y.next()) {
                    case (nil, nil): return tie(a, b)
                    case (nil, _): c = -1
                    case (_, nil): c = 1
                    case (let p?, let q?): c = Int(p) - Int(q)
                    }
                }
                return descending ? c > 0 : c < 0
            }.map { indices[$0] }
        }
        var keys: [UInt8] = []
        keys.reserveCapacity(indices.reduce(0) { $0 + names.nameLength($1) })
        var from = [Int](repeating: 0, count: indices.count + 1)
        for (place, beer) in indices.enumerated() {
            nameKey(names.name(beer), into: &keys)
            from[place + 1] = keys.count
        }
        return keys.withUnsafeBufferPointer { keys in
            (0..<indices.count).sorted { a, b in
                let c = compare(
                    UnsafeBufferPointer(rebasing: keys[from[a]..<from[a + 1]]),
                    UnsafeBufferPointer(rebasing: keys[from[b]..<from[b + 1]]))
                return c == 0 ? tie(a, b) : descending ? c > 0 : c < 0
            }.prefix(count).map { indices[$0] }
        }
    }

    /// Appends `name`'s ``NameKey`` to `key`.
    static func nameKey(_ name: UnsafeBufferPointer<UInt8>, into key: inout [UInt8]) {
        var bytes = NameKey(name)
        while let b = bytes.next() { key.append(b) }
    }

    /// Negative, zero or positive as `x` comes before, with or after `y` byte by byte.
    private static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(x.count, y.count)
        let c = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
        return c != 0 ? c : x.count - y.count
    }

    /// The first `count` of `indices` in order by the value on `axis` (0 abv, 1 ibu, 2
    /// ebc), the beers missing it last, ties by place. Each beer's order is one integer:
    /// missing, then the value's bits in an order that sorts as the numbers do, then the
    /// place.
    private static func byValue(
        _ indices: [Int], _ axis: Int, _ features: NumericFeatures, descending: Bool, first count: Int
    ) -> [Int] {
        // Places fit in 31 bits: a catalogue's ids are distinct and at most Int32.max, so it
        // holds fewer than 2^31 beers.
        assert(indices.count < 1 << 31)
        let values = features.raw[axis]
        let bit = UInt8(1 << axis)
        let keys = indices.enumerated().map { place, beer -> UInt64 in
            guard features.mask[beer] & bit != 0 else { return 1 << 63 | UInt64(place) }
            let pattern = (values[beer] + 0).bitPattern  // -0 as 0
            var key = pattern & 0x8000_0000 != 0 ? ~pattern : pattern | 0x8000_0000
            if descending { key = ~key }
            return UInt64(key) << 31 | UInt64(place)
        }
        let placeMask: UInt64 = (1 << 31) - 1
        let ordered = selectsPartially(count, of: keys.count) ? keys.min(count: count) : Array(keys.sorted().prefix(count))
        return ordered.map { indices[Int($0 & placeMask)] }
    }

    /// Whether the first `count` of `n` are found by a partial selection rather than a
    /// sort: only for a short start. Its cost grows with `count` much faster than a
    /// sort's.
    private static func selectsPartially(_ count: Int, of n: Int) -> Bool { count <= n / 128 }

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
