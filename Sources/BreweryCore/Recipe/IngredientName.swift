/// An ingredient's name as matching sees it: folded like beer names (case, accents,
/// dashes), with trademark signs and punctuation dropped and spaces collapsed, so
/// "Wyeast 1056 - American Ale™" and "wyeast 1056 american ale" are one yeast.
public enum IngredientName {
    /// The matching key of `name`.
    public static func key(_ name: some StringProtocol) -> String {
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
