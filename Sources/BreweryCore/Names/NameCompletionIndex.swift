import Algorithms

/// A sorted index of folded beer names for TAB completion.
///
/// Holds one entry per name start and per word start inside a name ("Hello My Name Is
/// Zé" has entries at "hello…", "my…", "name…", "is…", "ze"), sorted by the folded text
/// from there on, so every completion is a binary search plus a walk over the matches —
/// no folding or scanning per name per keystroke.
package struct NameCompletionIndex: Sendable {
    private let bytes: [UInt8]
    private let starts: [Int32]
    /// Sorted entries: beer index << 32 | byte offset inside the folded name.
    private let entries: [UInt64]
    /// Ids as decimal strings, sorted as strings, with their beer indexes.
    private let idStrings: [(String, Int32)]

    /// Builds the index over `foldedNames` (``TextFolding/fold(_:)`` of each name).
    package init(foldedNames: [String], ids: [Int]) {
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
                // A word starts after a non-word byte (space or punctuation).
                if !NameSearch.isWordByte(b[k - 1]) && b[k] != 0x20 {
                    e.append(UInt64(i) << 32 | UInt64(k - base))
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
        let xi = Int(x >> 32)
        let yi = Int(y >> 32)
        var p = Int(s[xi]) + Int(x & 0xFFFF_FFFF)
        var q = Int(s[yi]) + Int(y & 0xFFFF_FFFF)
        let pe = Int(s[xi + 1])
        let qe = Int(s[yi + 1])
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

    /// What a prefix matches: beers whose folded name starts with it, else beers where a
    /// later word does; at most `limit` of them, plus how many there are and the common
    /// prefix of all the name matches.
    package struct Matches: Sendable, Equatable {
        /// Beer indexes whose name starts with the prefix (at most `limit`), in text order.
        package var atNameStart: [Int]
        /// Beer indexes where a later word starts with it (at most `limit`), when no name does.
        package var atWordStart: [Int]
        /// How many names start with the prefix.
        package var nameStartCount: Int
        /// Folded common prefix of every name that starts with the prefix.
        package var commonPrefix: [UInt8]
    }

    /// Finds the names matching `prefix`.
    ///
    /// - Complexity: O(log n + r) integer steps for r matching entries, plus O(limit)
    ///   to build the results; the common prefix comes from the first and last entries
    ///   of the sorted range.
    package func matches(prefix: String, limit: Int = .max) -> Matches {
        let p = Array(prefix.utf8)
        let lo = entries.partitioningIndex { comparePrefix($0, p) >= 0 }
        let end = entries[lo...].partitioningIndex { comparePrefix($0, p) > 0 }
        var nameStart: [Int] = []
        var count = 0
        var first: Int? = nil
        var last: Int? = nil
        for k in lo..<end where entries[k] & 0xFFFF_FFFF == 0 {
            let i = Int(entries[k] >> 32)
            count += 1
            if first == nil { first = i }
            last = i
            if nameStart.count < limit { nameStart.append(i) }
        }
        var wordStart: [Int] = []
        if count == 0 {
            var seen = Set<Int>()
            for k in lo..<end where wordStart.count < limit {
                let i = Int(entries[k] >> 32)
                if seen.insert(i).inserted { wordStart.append(i) }
            }
        }
        var lcp: [UInt8] = []
        if let first, let last {
            let a = bytes[Int(starts[first])..<Int(starts[first + 1])]
            let b = bytes[Int(starts[last])..<Int(starts[last + 1])]
            for (x, y) in zip(a, b) {
                if x != y { break }
                lcp.append(x)
            }
        }
        return Matches(atNameStart: nameStart, atWordStart: wordStart, nameStartCount: count, commonPrefix: lcp)
    }

    /// Beers whose id, written in decimal, starts with `digits`, in string order.
    package func ids(prefix digits: String) -> [Int] {
        var lo = idStrings.partitioningIndex { $0.0 >= digits }
        var out: [Int] = []
        while lo < idStrings.count, idStrings[lo].0.hasPrefix(digits) {
            out.append(Int(idStrings[lo].1))
            lo += 1
        }
        return out
    }
}
