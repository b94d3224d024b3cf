import Foundation

/// Folds text the way people type it: case-, accent-, dash- and quote-insensitive.
///
/// `"Hello My Name Is Zé"` and `"hello my name is ze"` fold to the same string, as do
/// `"Punk IPA 2007 – 2010"` (en dash) and `"punk ipa 2007 - 2010"`. Runs of white space
/// become one space and the ends are trimmed. ASCII input takes a fast path with no
/// Foundation call, which matters when a million names are folded at load.
package enum TextFolding {
    /// Returns the folded form of `text`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func fold(_ text: some StringProtocol) -> String {
        // ASCII in contiguous UTF-8 (nearly every name): one pass into the result.
        let ascii = text.utf8.withContiguousStorageIfAvailable { utf8 -> String? in
            for b in utf8 where b >= 0x80 { return nil }
            return foldedASCII(utf8)
        }
        if let ascii = ascii ?? nil { return ascii }
        var isASCII = true
        for b in text.utf8 where b >= 0x80 {
            isASCII = false
            break
        }
        if isASCII { return foldedASCII(text.utf8) }
        let decomposed = String(text).decomposedStringWithCompatibilityMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark:
                continue
            default:
                break
            }
            switch scalar.value {
            case 0x2010...0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D:
                scalars.append("-")
            case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032:
                scalars.append("'")
            case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033:
                scalars.append("\"")
            case 0x00A0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
                scalars.append(" ")
            default:
                scalars.append(scalar)
            }
        }
        return foldedASCII(String(scalars).lowercased().utf8)
    }

    /// Lower-cases ASCII letters, collapses white space and trims; other bytes pass through.
    private static func foldedASCII(_ utf8: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: utf8.count) { out in
            var n = 0
            var pendingSpace = false
            for var b in utf8 {
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                    pendingSpace = n > 0
                    continue
                }
                if pendingSpace {
                    out[n] = 0x20
                    n += 1
                    pendingSpace = false
                }
                if b >= 0x41 && b <= 0x5A { b += 0x20 }
                out[n] = b
                n += 1
            }
            return n
        }
    }
}
