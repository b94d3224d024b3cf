/// For each beer, which characters its folded name holds, as 64 bits: what narrows the
/// Punk API's `beer_name` filter (the text's characters in order, anything between) to the
/// names that can match before each is checked.
///
/// Invariant: a name whose characters hold an ASCII pattern's in order has every bit of
/// the pattern's mask, so the narrowing never drops a match; the check after it is exact.
package struct NameLetters: Sendable {
    private let masks: [UInt64]

    /// The masks of `names`.
    package init(names: NameIndex) {
        masks = (0..<names.count).map { Self.mask(of: names.name($0)) }
    }

    /// Bit 0–25 a letter, 26–35 a digit, 36–62 any other ASCII byte by its value, 63 any
    /// byte beyond ASCII.
    static func mask(of bytes: some Sequence<UInt8>) -> UInt64 {
        var m: UInt64 = 0
        for b in bytes { m |= 1 << bit(b) }
        return m
    }

    @inline(__always)
    private static func bit(_ b: UInt8) -> UInt64 {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(b - UInt8(ascii: "a"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(b - UInt8(ascii: "0")) + 26
        case 0x80...: 63
        default: 36 + UInt64(b) % 27
        }
    }

    /// The beers whose folded names (`names`, and as text `foldedNames`) hold the folded
    /// `text`'s characters in order, ascending.
    package func beers(matching text: String, names: NameIndex, foldedNames: [String]) -> [Int] {
        let folded = TextFolding.fold(text)
        let pattern = Array(folded.utf8)
        let characters = Array(folded)
        guard !pattern.isEmpty else { return Array(masks.indices) }
        guard pattern.allSatisfy({ $0 < 0x80 }) else {
            // Beyond ASCII, characters are compared as characters, name by name.
            return foldedNames.indices.filter { Subsequence.matches(characters, in: foldedNames[$0]) }
        }
        let wanted = Self.mask(of: pattern)
        var out: [Int] = []
        for i in masks.indices where masks[i] & wanted == wanted {
            // An ASCII pattern in an ASCII name: each byte is a character.
            if masks[i] >> 63 != 0 {
                if Subsequence.matches(characters, in: foldedNames[i]) { out.append(i) }
            } else if Self.holds(pattern, in: names.name(i)) {
                out.append(i)
            }
        }
        return out
    }

    /// Whether `name` holds `pattern`'s bytes (at least one) in order.
    @inline(__always)
    private static func holds(_ pattern: [UInt8], in name: UnsafeBufferPointer<UInt8>) -> Bool {
        var next = 0
        for b in name where b == pattern[next] {
            next += 1
            if next == pattern.count { return true }
        }
        return false
    }
}
