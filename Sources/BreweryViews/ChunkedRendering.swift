/// A long result written a chunk of rows at a time, each chunk a view of its own rows:
/// the JSON document's `results` array, the CSV rows and the table's rows run on from one
/// chunk to the next, so a script reads the same document it would get in one piece
/// while no more than a chunk is ever held (a million ranked beers as JSON).
package enum ChunkedRendering {
    /// Where a chunk stands in the result.
    package enum Part: Sendable, Equatable {
        /// The first of several: the heading, the start of the document, its rows.
        case first
        /// Neither first nor last: only its rows.
        case middle
        /// The last of several: its rows, then the end of the document and the footer.
        case last
    }

    /// Whether a view in `format` can be written in chunks: JSON, CSV and plain tables
    /// (expanded records number themselves from 1, so they are written whole).
    package static func supports(_ format: OutputFormat, expanded: ExpandedDisplay.Mode) -> Bool {
        format != .table || expanded == .off
    }

    /// The text of `view`, the chunk at `part` of a longer result.
    package static func text(of view: some CommandView, _ part: Part, format: OutputFormat, width: Int, style: Style) -> String {
        switch format {
        case .json: return json(JSONDocument.string(view.document), part)
        case .csv:
            // The header is one line (no header holds a line break), ended by CRLF as RFC
            // 4180 says; later chunks leave it out.
            let text = view.csv.text
            guard part != .first, let end = text.utf8.firstIndex(of: 0x0A) else { return text }
            return String(text[text.utf8.index(after: end)...])
        case .table:
            var lines = view.lines(width: width, style: style)
            if let shape = view.listShape {
                if part != .last { lines.removeLast(min(shape.footerLines, lines.count)) }
                if part != .first { lines.removeFirst(min(shape.headingLines, lines.count)) }
            }
            return lines.map { $0 + "\n" }.joined()
        }
    }

    /// A chunk of a pretty-printed document (``JSONDocument``) whose top-level `results`
    /// array holds the rows: rows sit four spaces in, so the array closes at the first
    /// line that is two spaces and `]`.
    static func json(_ text: String, _ part: Part) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let open = find(Array("\n  \"results\" : [\n".utf8), in: bytes, from: 0),
                let close = find(Array("\n  ]".utf8), in: bytes, from: open.upperBound)
            else { return part == .first ? String(decoding: bytes, as: UTF8.self) + "\n" : "" }
            let rows = String(decoding: UnsafeBufferPointer(rebasing: bytes[open.upperBound..<close.lowerBound]), as: UTF8.self)
            switch part {
            case .first: return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<close.lowerBound]), as: UTF8.self)
            case .middle: return ",\n" + rows
            case .last:
                return ",\n" + rows + String(decoding: UnsafeBufferPointer(rebasing: bytes[close.lowerBound...]), as: UTF8.self)
                    + "\n"
            }
        }
    }

    /// Where `needle` first occurs in `bytes` at or after `from`: a byte scan, where
    /// Foundation's `range(of:)` would compare Unicode text.
    static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Range<Int>? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var i = from
        while i <= bytes.count - needle.count {
            if bytes[i] == first, UnsafeBufferPointer(rebasing: bytes[i..<(i + needle.count)]).elementsEqual(needle) {
                return i..<(i + needle.count)
            }
            i += 1
        }
        return nil
    }
}

/// How many lines of a list's text come before its rows (the heading and the column
/// headers) and after them (the footer), for ``ChunkedRendering``.
package struct ListShape: Sendable, Equatable {
    package var headingLines: Int
    package var footerLines: Int
}
