/// Plain-text layout helpers: wrapping and tables that fit a width.
package enum TextLayout {
    /// Wraps `text` to `width` columns, each line prefixed by `indent`.
    package static func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
        let avail = max(width - indent.count, 20)
        var lines: [String] = []
        var cur = ""
        for word in TerminalText.safe(text).split(whereSeparator: \.isWhitespace) {
            if cur.isEmpty {
                cur = String(word)
            } else if cur.count + 1 + word.count <= avail {
                cur += " " + word
            } else {
                lines.append(indent + cur)
                cur = String(word)
            }
        }
        if !cur.isEmpty { lines.append(indent + cur) }
        return lines
    }

    /// `lines` with each one wider than `width` wrapped under its own indent
    /// (``wrapIndented(_:_:)``; its colour, if any, dropped): nothing is cut.
    package static func fit(_ lines: [String], width: Int) -> [String] {
        var out: [String] = []
        out.reserveCapacity(lines.count)
        for line in lines {
            let visible = line.utf8.contains(0x1B) ? TerminalText.withoutEscapes(line) : line
            if characterCount(visible) > width { out += wrapIndented(visible, width) } else { out.append(line) }
        }
        return out
    }

    /// Cuts `s` to `n` characters, ending in "…" when cut.
    package static func truncate(_ s: String, _ n: Int) -> String {
        guard characterCount(s) > n else { return s }
        guard n > 1 else { return String(s.prefix(max(n, 0))) }
        return String(s.prefix(n - 1)) + "…"
    }

    /// A column of a table.
    package struct Column: Sendable, Equatable {
        package var header: String
        package var rightAligned = false
        /// May be shrunk (with "…") to fit the width.
        package var flexible = false
        package var minWidth = 4
        /// The last column only: text too long for it continues on further lines,
        /// under the column, instead of being cut.
        package var wraps = false

        package init(
            header: String, rightAligned: Bool = false, flexible: Bool = false, minWidth: Int = 4, wraps: Bool = false
        ) {
            self.header = header
            self.rightAligned = rightAligned
            self.flexible = flexible
            self.minWidth = minWidth
            self.wraps = wraps
        }
    }

    /// Lays out a table within `width` columns; flexible columns shrink, last first.
    package static func table(_ columns: [Column], _ given: [[String]], width: Int, style: Style) -> [String] {
        tableByRow(columns, given, width: width, style: style).flatMap { $0 }
    }

    /// ``table(_:_:width:style:)``'s lines by row: the header's line first, then each
    /// row's (more than one where its last cell wraps), so lines can go under a row.
    package static func tableByRow(_ columns: [Column], _ given: [[String]], width: Int, style: Style) -> [[String]] {
        let rows = given.map { $0.map(TerminalText.safe) }
        var widths = columns.map { characterCount($0.header) }
        for r in rows {
            for (i, c) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], characterCount(c)) }
        }
        let gap = 2
        var total = widths.reduce(0, +) + gap * (columns.count - 1)
        for i in columns.indices.reversed() where columns[i].flexible && total > width {
            let cut = min(total - width, widths[i] - columns[i].minWidth)
            if cut > 0 {
                widths[i] -= cut
                total -= cut
            }
        }
        // A wrapping last column continues under the first flexible column (the name),
        // so the rest of its text gets most of the line: a hanging indent.
        let hang = columns.firstIndex(where: \.flexible).map { f in widths[..<f].reduce(0, +) + gap * f } ?? 0
        func render(_ cells: [String], header: Bool) -> [String] {
            var parts: [String] = []
            var line = ""
            if !header { line.reserveCapacity(width + 32) }
            var more: [String] = []
            for (i, col) in columns.enumerated() {
                let full = i < cells.count ? cells[i] : ""
                var text = truncate(full, widths[i])
                if col.wraps, i == columns.count - 1, !header, characterCount(full) > widths[i] {
                    let first = wrapCell(full, widths[i])[0]
                    text = first
                    let rest = String(full.dropFirst(first.count).drop(while: { $0 == " " }))
                    more = wrapCell(rest, width - hang).map { String(repeating: " ", count: hang) + $0 }
                }
                let padding = max(widths[i] - characterCount(text), 0)
                guard header else {
                    // A row's cells go straight into its line, their padding as runs of
                    // spaces (no string per cell, nor a join).
                    if i > 0 { line += spaces(gap) }
                    if col.rightAligned { line += spaces(padding) }
                    line += text
                    if !col.rightAligned && i < columns.count - 1 { line += spaces(padding) }
                    continue
                }
                let pad = String(repeating: " ", count: padding)
                parts.append(style.bold(col.rightAligned ? pad + text : (i == columns.count - 1 ? text : text + pad)))
            }
            if header { line = parts.joined(separator: String(repeating: " ", count: gap)) }
            while line.hasSuffix(" ") { line.removeLast() }
            return more.isEmpty ? [line] : [line] + more
        }
        return [render(columns.map(\.header), header: true)] + rows.map { render($0, header: false) }
    }

    /// Runs of 0 to 64 spaces, made once.
    private static let spaceRuns = (0...64).map { String(repeating: " ", count: $0) }

    /// A run of `count` spaces.
    @inline(__always)
    static func spaces(_ count: Int) -> String {
        count < spaceRuns.count ? spaceRuns[count] : String(repeating: " ", count: count)
    }

    /// `text` after `label`, wrapped to `width` with the lines after the first under the
    /// text (a hanging indent: "Style     nearest: …").
    package static func labelled(_ label: String, _ text: String, width: Int) -> [String] {
        let pad = String(repeating: " ", count: label.count)
        return wrap(text, width: width, indent: pad).enumerated().map {
            $0.offset == 0 ? label + $0.element.dropFirst(pad.count) : $0.element
        }
    }

    /// A line that starts with spaces, in lines of at most `width` characters: the first
    /// under its own indent, the rest two spaces further in (``wrapCell(_:_:)``), each piece
    /// at least 10 characters; as it is when it fits.
    package static func wrapIndented(_ line: String, _ width: Int) -> [String] {
        guard characterCount(line) > width else { return [line] }
        let indent = line.prefix { $0 == " " }.count
        return wrapCell(String(line.dropFirst(indent)), max(width - indent - 2, 10)).enumerated().map {
            spaces($0.offset == 0 ? indent : indent + 2) + $0.element
        }
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a word longer
    /// than a line is cut into pieces).
    package static func wrapCell(_ text: String, _ width: Int) -> [String] {
        let width = max(width, 1)
        return text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? wrapASCII(text, width) : wrapCharacters(text, width)
    }

    /// ``wrapCell(_:_:)`` by characters (grapheme clusters), for any text.
    static func wrapCharacters(_ text: String, _ width: Int) -> [String] {
        var lines: [String] = []
        var cur = ""
        var curCount = 0
        for word in text.split(separator: " ") {
            var word = Substring(word)
            var count = characterCount(word)
            while count > width {
                if !cur.isEmpty {
                    lines.append(cur)
                    cur = ""
                    curCount = 0
                }
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
                count = characterCount(word)
            }
            if cur.isEmpty {
                cur = String(word)
                curCount = count
            } else if curCount + 1 + count <= width {
                cur += " " + word
                curCount += 1 + count
            } else {
                lines.append(cur)
                cur = String(word)
                curCount = count
            }
        }
        if !cur.isEmpty || lines.isEmpty { lines.append(cur) }
        return lines
    }

    /// ``wrapCell(_:_:)`` for printable ASCII text, by its bytes (a character each): the
    /// same lines, without breaking the text into characters.
    static func wrapASCII(_ text: String, _ width: Int) -> [String] {
        var lines: [String] = []
        var cur: [UInt8] = []
        cur.reserveCapacity(width)
        func line(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        for word in text.utf8.split(separator: 0x20) {
            var word = word
            while word.count > width {
                if !cur.isEmpty {
                    lines.append(line(cur))
                    cur.removeAll(keepingCapacity: true)
                }
                lines.append(line(word.prefix(width)))
                word = word.dropFirst(width)
            }
            if cur.isEmpty {
                cur.append(contentsOf: word)
            } else if cur.count + 1 + word.count <= width {
                cur.append(0x20)
                cur.append(contentsOf: word)
            } else {
                lines.append(line(cur))
                cur.removeAll(keepingCapacity: true)
                cur.append(contentsOf: word)
            }
        }
        if !cur.isEmpty || lines.isEmpty { lines.append(line(cur)) }
        return lines
    }

    /// The characters of `text`: its bytes when all are printable ASCII (one character
    /// each), else counted as grapheme clusters.
    static func characterCount(_ text: Substring) -> Int {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? text.utf8.count : text.count
    }

    /// The characters of a whole string: its byte count when it is printable ASCII (a
    /// byte a character), else `count`.
    static func characterCount(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? text.utf8.count : text.count
    }
}
