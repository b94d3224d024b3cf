/// An ingredient's name as matching sees it: folded like beer names (case, accents,
/// dashes), with trademark signs and punctuation dropped and spaces collapsed, so
/// "Wyeast 1056 - American Ale™" and "wyeast 1056 american ale" are one yeast.
public enum IngredientName {
    /// The matching key of `name`.
    public static func key(_ name: some StringProtocol) -> String {
        // ASCII (nearly every name, unit and addition in the recipes): one pass over the
        // bytes, with what the general path below gives for ASCII. A million recipes call
        // this tens of millions of times at load.
        var ascii = true
        for b in name.utf8 where b >= 0x80 {
            ascii = false
            break
        }
        if ascii { return asciiKey(name.utf8) }
        var kept = String.UnicodeScalarView()
        for u in name.unicodeScalars {
            switch u.value {
            case 0x2122, 0x00AE, 0x00A9, 0x2120: continue  // ™ ® © ℠
            default: kept.append(u)
            }
        }
        let folded = TextFolding.fold(String(kept))
        var out = ""
        var space = false
        for ch in folded {
            if ch.isLetter || ch.isNumber {
                if space && !out.isEmpty { out.append(" ") }
                out.append(ch)
                space = false
            } else {
                space = true
            }
        }
        return out
    }

    /// ``key(_:)`` of ASCII bytes: letters lower-cased and digits kept, every run of
    /// anything else one space between words.
    private static func asciiKey(_ utf8: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: utf8.count) { out in
            var n = 0
            var space = false
            for var b in utf8 {
                if b >= 0x41 && b <= 0x5A { b += 0x20 }
                if (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) {
                    if space && n > 0 {
                        out[n] = 0x20
                        n += 1
                    }
                    out[n] = b
                    n += 1
                    space = false
                } else {
                    space = true
                }
            }
            return n
        }
    }

    /// Whether the ingredient named `name` matches what someone typed, `query`: every word
    /// of the query starts a word of the name, in order ("nelson" matches "NZ Nelson
    /// Sauvin", "wyeast 1056" matches "Wyeast 1056 - American Ale™").
    public static func matches(_ name: some StringProtocol, query: some StringProtocol) -> Bool {
        matches(key: key(name), queryKey: key(query))
    }

    /// ``matches(_:query:)`` on keys already made.
    public static func matches(key: String, queryKey: String) -> Bool {
        let words = key.split(separator: " ")
        let wanted = queryKey.split(separator: " ")
        guard !wanted.isEmpty, wanted.count <= words.count else { return false }
        // The query's words at some place in the name, one after the other; the last may
        // be the start of a word.
        return (0...(words.count - wanted.count)).contains { s in
            wanted.indices.allSatisfy { j in
                j == wanted.count - 1 ? words[s + j].hasPrefix(wanted[j]) : words[s + j] == wanted[j]
            }
        }
    }
}
