/// A sorted index of folded beer names for TAB completion.
///
/// Holds one entry per name start and per word start inside a name ("Hello My Name Is
/// Zé" has entries at "hello…", "my…", "name…", "is…", "ze"), sorted by the folded text
/// from there on, so every completion is a binary search plus a walk over the matches —
/// no folding or scanning per name per keystroke.
public struct NameCompletionIndex: Sendable {
    private let bytes: [UInt8]
    private let starts: [Int32]
    /// Sorted entries: beer index << 32 | byte offset inside the folded name.
    private let entries: [UInt64]
    /// Ids as decimal strings, sorted as strings, with their beer indexes.
    private let idStrings: [(String, Int32)]

    /// Builds the index over `foldedNames` (``TextFolding/fold(_:)`` of each name).
    public init(foldedNames: [String], ids: [Int]) {
        var b: [UInt8] = []
        var s: [Int32] = [0]
        var e: [UInt64] = []
        e.reserveCapacity(foldedNames.count * 3)
        for (i, name) in foldedNames.enumerated() {
            let base = b.count
            b.append(contentsOf: name.utf8)
            s.append(Int32(b.count))
            e.append(UInt64(i) << 32)
            var k = base + 1
            while k < b.count {
                if !NameSearch.isWordByte(b[k - 1]) && b[k] != 0x20 {
                    e.append(UInt64(i) << 32 | UInt64(k - base))
                } else if b[k - 1] == 0x20 {
                    // After punctuation runs the entry above already covers it.
                }
                k += 1
            }
        }
        bytes = b
        starts = s
        e.sort { x, y in Self.compare(x, y, b, s) < 0 }
        entries = e
        idStrings = zip(ids, 0...).map { (String($0.0), Int32($0.1)) }.sorted { $0.0 < $1.0 }
    }

    private static func compare(_ x: UInt64, _ y: UInt64, _ b: [UInt8], _ s: [Int32]) -> Int {
        let xi = Int(x >> 32), yi = Int(y >> 32)
        var p = Int(s[xi]) + Int(x & 0xFFFF_FFFF), q = Int(s[yi]) + Int(y & 0xFFFF_FFFF)
        let pe = Int(s[xi + 1]), qe = Int(s[yi + 1])
        while p < pe && q < qe {
            if b[p] != b[q] { return b[p] < b[q] ? -1 : 1 }
            p += 1
            q += 1
        }
        if p < pe { return 1 }
        if q < qe { return -1 }
        return xi < yi ? -1 : (xi > yi ? 1 : 0)
    }

    /// Compares the text at `entry` with `prefix`, looking only at the first |prefix| bytes.
    private func comparePrefix(_ entry: UInt64, _ prefix: [UInt8]) -> Int {
        let i = Int(entry >> 32)
        var p = Int(starts[i]) + Int(entry & 0xFFFF_FFFF)
        let pe = Int(starts[i + 1])
        for c in prefix {
            if p >= pe { return -1 }
            if bytes[p] != c { return bytes[p] < c ? -1 : 1 }
            p += 1
        }
        return 0
    }

    /// Beers whose folded name starts with `prefix` (`atNameStart`) and beers where a later
    /// word does, each in index order of the sorted text.
    ///
    /// - Complexity: O(log n + r) for r matches.
    public func matches(prefix: String) -> (atNameStart: [Int], atWordStart: [Int]) {
        let p = Array(prefix.utf8)
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if comparePrefix(entries[mid], p) < 0 { lo = mid + 1 } else { hi = mid }
        }
        var nameStart: [Int] = [], wordStart: [Int] = []
        var k = lo
        while k < entries.count, comparePrefix(entries[k], p) == 0 {
            let e = entries[k]
            if e & 0xFFFF_FFFF == 0 { nameStart.append(Int(e >> 32)) } else { wordStart.append(Int(e >> 32)) }
            k += 1
        }
        var seen = Set(nameStart)
        wordStart = wordStart.filter { seen.insert($0).inserted }
        return (nameStart, wordStart)
    }

    /// Beers whose id, written in decimal, starts with `digits`, in string order.
    public func ids(prefix digits: String) -> [Int] {
        var lo = 0, hi = idStrings.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if idStrings[mid].0 < digits { lo = mid + 1 } else { hi = mid }
        }
        var out: [Int] = []
        while lo < idStrings.count, idStrings[lo].0.hasPrefix(digits) {
            out.append(Int(idStrings[lo].1))
            lo += 1
        }
        return out
    }

    /// The longest common prefix of the folded names of `indexes`.
    public func commonFoldedPrefix(_ indexes: [Int]) -> [UInt8] {
        guard let first = indexes.first else { return [] }
        var lcp = Array(bytes[Int(starts[first])..<Int(starts[first + 1])])
        for i in indexes.dropFirst() {
            let other = bytes[Int(starts[i])..<Int(starts[i + 1])]
            var n = 0
            for (a, b) in zip(lcp, other) {
                if a != b { break }
                n += 1
            }
            lcp.removeLast(lcp.count - n)
            if lcp.isEmpty { break }
        }
        return lcp
    }
}
