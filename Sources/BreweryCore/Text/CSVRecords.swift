/// Records of CSV text as RFC 4180 writes them: fields split at commas, a quoted field
/// may hold commas, line breaks and doubled quotes; CRLF or LF ends a record; a UTF-8
/// byte-order mark is skipped. Blank lines are no records.
enum CSVRecords {
    /// A quoted field that never ends, opened on line `line` (from 1).
    struct UnclosedQuote: Error {
        var line: Int
    }

    /// The records of `text`, each a list of fields.
    static func parse(_ text: String) throws(UnclosedQuote) -> [[String]] {
        var records: [[String]] = []
        // The line being read, and the line of the quote last opened.
        var line = 1
        var quoteLine = 1
        var record: [String] = []
        var field = ""
        var quoted = false
        var afterQuote = false
        var chars = Substring(text)
        if chars.first == "\u{FEFF}" { chars = chars.dropFirst() }
        func endRecord() {
            record.append(field)
            if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
            record = []
            field = ""
        }
        for c in chars {
            if c.isNewline { line += 1 }
            if quoted {
                if c == "\"" {
                    quoted = false
                    afterQuote = true
                } else {
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                // A doubled quote inside a quoted field, or a field that starts quoted.
                if afterQuote { field.append("\"") } else { quoteLine = line }
                quoted = true
                afterQuote = false
            case ",":
                record.append(field)
                field = ""
                afterQuote = false
            case "\n", "\r\n", "\r":
                endRecord()
                afterQuote = false
            default:
                field.append(c)
                afterQuote = false
            }
        }
        if quoted { throw UnclosedQuote(line: quoteLine) }
        if !field.isEmpty || !record.isEmpty { endRecord() }
        return records
    }
}
