/// Rows for CSV output: a header row, then one row per record, quoted as RFC 4180 says.
package struct CSVTable: Sendable, Equatable {
    /// The column names.
    package var header: [String]
    /// The records, each as many fields as the header.
    package var rows: [[String]]

    /// A table with `header` and `rows`.
    package init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The CSV text: CRLF line ends; a field with a comma, quote, CR or LF is quoted,
    /// its quotes doubled.
    package var text: String {
        ([header] + rows).map { $0.map(Self.field).joined(separator: ",") + "\r\n" }.joined()
    }

    static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return s }
        return "\"" + s.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
