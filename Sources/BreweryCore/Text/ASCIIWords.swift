/// Whole-word search for ASCII words in any text, ignoring ASCII case, without folding the
/// text: what a scan over every beer's description can afford. A word counts when no
/// letter or digit is next to it ("brett" in "Brett-fermented", not in "Brettany").
package enum ASCIIWords {
    /// Whether `text` holds one of `words` (lower-case ASCII) as a whole word.
    package static func contains(_ text: String, anyOf words: [StaticString]) -> Bool {
        var text = text
        return text.withUTF8 { t in
            words.contains { w in
                w.withUTF8Buffer { word in find(word, in: t) }
            }
        }
    }

    private static func find(_ word: UnsafeBufferPointer<UInt8>, in t: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = word.count
        guard n > 0, t.count >= n else { return false }
        let first = word[0]
        var i = 0
        while i + n <= t.count {
            if lower(t[i]) == first, i == 0 || !isWordByte(t[i - 1]) {
                var j = 1
                while j < n && lower(t[i + j]) == word[j] { j += 1 }
                if j == n && (i + n == t.count || !isWordByte(t[i + n])) { return true }
            }
            i += 1
        }
        return false
    }

    @inline(__always) private static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

    /// A letter or digit of ASCII, or any byte of a longer UTF-8 character (a letter, in
    /// the texts this reads).
    @inline(__always) private static func isWordByte(_ b: UInt8) -> Bool {
        let l = lower(b)
        return (l >= 0x61 && l <= 0x7A) || (b >= 0x30 && b <= 0x39) || b >= 0x80
    }
}
