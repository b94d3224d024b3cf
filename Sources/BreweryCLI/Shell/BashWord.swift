/// A word of bash's command line as the completion script hands it over: begun in a
/// quote, or with backslashes before spaces and shell characters.
enum BashWord {
    /// A word as bash's line holds it, read: a leading quote dropped, backslash escapes undone.
    static func unescaped(_ word: String) -> String {
        var out = ""
        var chars = word[...]
        if let q = chars.first, q == "\"" || q == "'" { chars = chars.dropFirst() }
        var escaping = false
        for ch in chars {
            if escaping || ch != "\\" {
                out.append(ch)
                escaping = false
            } else {
                escaping = true
            }
        }
        return out
    }

    /// `text` as one word of bash's line, the way `typed` began: in the same quote, else
    /// with a backslash before each space and shell character.
    static func escaped(_ text: String, like typed: String) -> String {
        if let q = typed.first, q == "\"" || q == "'" { return String(q) + text + String(q) }
        let special: Set<Character> = [
            " ", "'", "\"", "\\", "$", "&", ";", "(", ")", "|", "<", ">", "*", "?", "!", "#", "`", "[", "]", "{", "}", "~",
        ]
        var out = ""
        for ch in text {
            if special.contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }
}
