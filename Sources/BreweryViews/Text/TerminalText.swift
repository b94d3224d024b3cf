/// Text from data or a server made safe to print on a terminal: it can no longer move
/// the cursor, retitle the window, recolour the screen or fake a line. Tabs and line
/// breaks become spaces; other control characters (C0, DEL) are shown in caret notation
/// (`^[` for ESC), and C1 controls and the bidirectional formatting characters (which
/// can reorder what follows them on the line, as in "Trojan Source" text) as U+FFFD.
/// JSON and CSV output keep the text exact.
package enum TerminalText {
    /// `text`, safe to print.
    package static func safe(_ text: String) -> String {
        // Bytes first: a control character is a byte below 0x20, 0x7F, or a sequence that
        // starts 0xC2 (U+0080–U+009F), 0xD8 (U+061C) or 0xE2 (U+200E–U+2069); text without
        // those bytes is safe as it is.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }),
            text.unicodeScalars.contains(where: isControl)
        else { return text }
        var out = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            switch u.value {
            case 0x09, 0x0A, 0x0D: out.append(" ")
            case 0x00...0x1F: out.append(contentsOf: ("^" + String(UnicodeScalar(UInt8(u.value + 0x40)))).unicodeScalars)
            case 0x7F: out.append(contentsOf: "^?".unicodeScalars)
            case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: out.append("\u{FFFD}")
            default: out.append(u)
            }
        }
        return String(out)
    }

    /// `text` without the SGR escapes (`ESC [ … m`) Brewery's own styles write: what a
    /// terminal shows of it.
    package static func withoutEscapes(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var inEscape = false
        for u in text.unicodeScalars {
            if inEscape {
                if u == "m" { inEscape = false }
            } else if u == "\u{1B}" {
                inEscape = true
            } else {
                out.append(u)
            }
        }
        return String(out)
    }

    static func isControl(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
