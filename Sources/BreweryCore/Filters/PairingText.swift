import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Every beer's food pairings in lower case, as one byte buffer (pairings end with a
/// newline), for the Punk API's `food` filter: a case-insensitive substring of one
/// pairing. One pass over the buffer finds every beer, without decoding beers per
/// request.
package struct PairingText: Sendable {
    /// The lower-cased pairings, each followed by "\n".
    private let bytes: [UInt8]
    /// Where each beer's pairings start in `bytes` (one more entry than beers).
    private let start: [Int]

    package init(pairings: (Int) -> [String], count: Int) {
        var bytes: [UInt8] = []
        var start: [Int] = []
        start.reserveCapacity(count + 1)
        for i in 0..<count {
            start.append(bytes.count)
            for p in pairings(i) {
                bytes += p.lowercased().utf8.filter { $0 != UInt8(ascii: "\n") }
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        start.append(bytes.count)
        self.bytes = bytes
        self.start = start
    }

    /// The beers with a pairing that contains `text` (any case), ascending.
    package func beers(containing text: String) -> [Int] {
        let needle = Array(text.lowercased().utf8)
        guard !needle.isEmpty, !needle.contains(UInt8(ascii: "\n")), !bytes.isEmpty else { return [] }
        var out: [Int] = []
        bytes.withUnsafeBytes { hay in
            needle.withUnsafeBytes { n in
                var offset = 0
                while offset < hay.count {
                    guard let at = Self.find(n, in: hay, from: offset) else { break }
                    // The beer whose range holds `at`: the last start ≤ at.
                    var lo = 0
                    var hi = start.count - 1
                    while lo < hi {
                        let mid = (lo + hi + 1) / 2
                        if start[mid] <= at { lo = mid } else { hi = mid - 1 }
                    }
                    out.append(lo)
                    // Next beer: one hit per beer is enough.
                    offset = start[lo + 1]
                }
            }
        }
        return out
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

/// ``PairingText``, built the first time the `food` filter needs it (a server's start need
/// not wait for it); requests that arrive while it is being built wait for it.
package final class LazyPairingText: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var built: PairingText?
    private let make: @Sendable () -> PairingText

    package init(_ make: @escaping @Sendable () -> PairingText) { self.make = make }

    package var value: PairingText {
        lock.withLock {
            if let built { return built }
            let made = make()
            built = made
            return made
        }
    }
}
