/// HTML made from text: every text that comes from the catalogue, the user or a query
/// goes through ``escape(_:)`` where it is written, so a beer named
/// `<script>alert(1)</script>` shows as those characters and runs nothing.
package enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references: safe in an element
    /// and in a quoted attribute.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A table of class `name` with column `headings` (plain text) and `rows` of cells
    /// (HTML, escaped by the caller), captioned when `caption` is given.
    package static func table(_ name: String, caption: String? = nil, headings: [String], rows: [[String]]) -> String {
        var out = #"<table class="\#(name)">"# + (caption.map { "<caption>\(escape($0))</caption>" } ?? "") + "<thead><tr>"
        for h in headings { out += #"<th scope="col">\#(escape(h))</th>"# }
        out += "</tr></thead><tbody>"
        for row in rows { out += "<tr>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>" }
        return out + "</tbody></table>"
    }

    /// A query string from `pairs` (empty values left out), percent-encoded, with its `?`;
    /// empty when nothing is left.
    package static func query(_ pairs: [(String, String)]) -> String {
        let kept = pairs.filter { !$0.1.isEmpty }
        guard !kept.isEmpty else { return "" }
        return "?" + kept.map { "\($0.0)=\(percentEncoded($0.1))" }.joined(separator: "&")
    }

    /// `text` with every byte but unreserved ones (RFC 3986) percent-encoded.
    package static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out.append("%")
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 15)])
            }
        }
        return out
    }
}
