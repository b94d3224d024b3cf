import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The catalogue's distinct food pairings in lower case, as one byte buffer (each ends with
/// a newline), with the beers of each: for the Punk API's `food` filter, a case-insensitive
/// substring of one pairing. A query is one pass over the distinct pairings' bytes, then
/// the beers of those that hold it; no beer is decoded.
package struct PairingText: Sendable {
    /// The distinct lower-cased pairings, each followed by "\n".
    private let bytes: [UInt8]
    /// Where each distinct pairing starts in `bytes` (one more entry than pairings).
    private let start: [Int]
    /// Pairing `p`'s beers are `beers[beerStart[p]..<beerStart[p + 1]]`, ascending.
    private let beerStart: [Int]
    private let beers: [Int32]
    /// The number of beers.
    private let count: Int

    package init(pairings: (Int) -> [String], count: Int) {
        // Pairings are the same when their lower-cased bytes are (a substring is of bytes).
        var distinct = TextInterner()
        // (pairing, beer) pairs in beer order, then grouped by pairing.
        var pairing: [Int32] = []
        var beer: [Int32] = []
        for i in 0..<count {
            for p in pairings(i) {
                pairing.append(distinct.number(of: p.lowercased()))
                beer.append(Int32(i))
            }
        }
        var bytes: [UInt8] = []
        var start: [Int] = []
        for text in distinct.texts {
            start.append(bytes.count)
            bytes += text.utf8.filter { $0 != UInt8(ascii: "\n") }
            bytes.append(UInt8(ascii: "\n"))
        }
        start.append(bytes.count)
        var beerStart = [Int](repeating: 0, count: start.count)
        for p in pairing { beerStart[Int(p) + 1] += 1 }
        for p in 1..<beerStart.count { beerStart[p] += beerStart[p - 1] }
        var next = beerStart
        var grouped = [Int32](repeating: 0, count: beer.count)
        for (p, b) in zip(pairing, beer) {
            grouped[next[Int(p)]] = b
            next[Int(p)] += 1
        }
        self.bytes = bytes
        self.start = start
        self.beerStart = beerStart
        self.beers = grouped
        self.count = count
    }

    /// The beers with a pairing that contains `text` (any case), ascending.
    package func beers(containing text: String) -> [Int] {
        let needle = Array(text.lowercased().utf8)
        guard !needle.isEmpty, !needle.contains(UInt8(ascii: "\n")), !bytes.isEmpty else { return [] }
        var found = BeerSet(capacity: count)
        bytes.withUnsafeBytes { hay in
            needle.withUnsafeBytes { n in
                var offset = 0
                while offset < hay.count {
                    guard let at = Self.find(n, in: hay, from: offset) else { break }
                    // The pairing whose range holds `at`: the last start ≤ at.
                    var lo = 0
                    var hi = start.count - 1
                    while lo < hi {
                        let mid = (lo + hi + 1) / 2
                        if start[mid] <= at { lo = mid } else { hi = mid - 1 }
                    }
                    found.insert(beers: beers[beerStart[lo]..<beerStart[lo + 1]])
                    // Next pairing: one hit per pairing is enough.
                    offset = start[lo + 1]
                }
            }
        }
        return Array(found.members)
    }

    /// The first offset at or after `from` where `needle` starts in `hay`: `memchr` to the
    /// needle's first byte, then `memcmp`.
    private static func find(_ needle: UnsafeRawBufferPointer, in hay: UnsafeRawBufferPointer, from: Int) -> Int? {
        let first = Int32(needle[0])
        var i = from
        let last = hay.count - needle.count
        while i <= last {
            guard let p = memchr(hay.baseAddress! + i, first, last - i + 1) else { return nil }
            let at = hay.baseAddress!.distance(to: UnsafeRawPointer(p))
            if memcmp(hay.baseAddress! + at, needle.baseAddress!, needle.count) == 0 { return at }
            i = at + 1
        }
        return nil
    }
}
