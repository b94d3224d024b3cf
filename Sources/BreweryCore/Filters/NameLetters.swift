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
        let test = matcher(for: text, names: names, foldedNames: foldedNames)
        return masks.indices.filter { test.matches($0) }
    }

    /// The test ``beers(matching:names:foldedNames:)`` makes of each beer, prepared once
    /// for `text`: for a caller that tests beers one at a time and stops early (a page in
    /// id order), paying only for the beers it asks about.
    package func matcher(for text: String, names: NameIndex, foldedNames: [String]) -> Matcher {
        let folded = TextFolding.fold(text)
        let pattern = Array(folded.utf8)
        return Matcher(
            masks: masks, names: names, foldedNames: foldedNames, pattern: pattern, characters: Array(folded),
            wanted: Self.mask(of: pattern), ascii: pattern.allSatisfy { $0 < 0x80 })
    }

    /// Whether one beer's name holds a text's characters in order.
    package struct Matcher: Sendable {
        let masks: [UInt64]
        let names: NameIndex
        let foldedNames: [String]
        let pattern: [UInt8]
        let characters: [Character]
        let wanted: UInt64
        let ascii: Bool

        /// Whether beer `i`'s folded name holds the text's characters in order (every
        /// name holds the empty text).
        @inline(__always)
        package func matches(_ i: Int) -> Bool {
            guard !pattern.isEmpty else { return true }
            // Beyond ASCII, characters are compared as characters.
            guard ascii else { return Subsequence.matches(characters, in: foldedNames[i]) }
            guard masks[i] & wanted == wanted else { return false }
            // An ASCII pattern in an ASCII name: each byte is a character.
            if masks[i] >> 63 != 0 { return Subsequence.matches(characters, in: foldedNames[i]) }
            return NameLetters.holds(pattern, in: names.name(i))
        }
    }

    /// Whether `name` holds `pattern`'s bytes (at least one) in order.
    @inline(__always)
    fileprivate static func holds(_ pattern: [UInt8], in name: UnsafeBufferPointer<UInt8>) -> Bool {
        var next = 0
        for b in name where b == pattern[next] {
            next += 1
            if next == pattern.count { return true }
        }
        return false
    }
}
