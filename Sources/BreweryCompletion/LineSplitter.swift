import BreweryCore

/// Splits a REPL line into words like a shell: spaces separate words, single and double
/// quotes group them, a backslash escapes the next character.
package enum LineSplitter {
    /// Why a line could not be split.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case unbalancedQuote(Character)
        case danglingEscape

        package var description: String {
            switch self {
            case .unbalancedQuote(let q): "unbalanced \(q == "\"" ? "double" : "single") quote"
            case .danglingEscape: "the line ends with a lone backslash"
            }
        }
    }

    /// `word` as the line must hold it to be read back as one word: as it is when it
    /// has no space, quote or backslash, else in double quotes with `"` and `\` escaped.
    package static func quoted(_ word: String) -> String {
        guard word.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "\\" }) else { return word }
        var out = "\""
        for ch in word {
            if ch == "\"" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out + "\""
    }

    /// The words of `line`.
    ///
    /// `recommend like "Punk IPA 2007 - 2010"` gives three words; so does
    /// `recommend like Punk\ IPA`. An apostrophe between two letters is part of the word
    /// (`show Morag's Mojito`, `Bracken's`); other quotes group (`"AB:12"`, `'a b'`).
    package static func split(_ line: String) throws(Failure) -> [String] {
        var words: [String] = []
        var cur = ""
        var inWord = false
        var quote: Character? = nil
        var escape = false
        let chars = Array(line)
        for (i, ch) in chars.enumerated() {
            if escape {
                cur.append(ch)
                escape = false
                continue
            }
            if let q = quote {
                if ch == q { quote = nil } else if ch == "\\" && q == "\"" { escape = true } else { cur.append(ch) }
                continue
            }
            switch ch {
            case "\\":
                escape = true
                inWord = true
            case "'" where cur.last.map { $0.isLetter || $0.isNumber } ?? false && i + 1 < chars.count && chars[i + 1].isLetter:
                cur.append(ch)  // an apostrophe inside a word: Morag's
            case "\"", "'":
                quote = ch
                inWord = true
            case " ", "\t", "\n", "\r":
                if inWord {
                    words.append(cur)
                    cur = ""
                    inWord = false
                }
            default:
                cur.append(ch)
                inWord = true
            }
        }
        if let q = quote { throw .unbalancedQuote(q) }
        if escape { throw .danglingEscape }
        if inWord { words.append(cur) }
        return words
    }
}
