import Foundation

/// A table from ingredient names to facts about them, where a recipe's name finds its row
/// when one of the row's names appears in it as whole words: "NZ Nelson Sauvin" finds
/// Nelson Sauvin, "Organic Munich" finds Munich. The longest name found wins, and among
/// names of one length the row written first, so the answer never depends on hashing.
///
/// Names are compared as ``IngredientName/key(_:)`` folds them (case, accents,
/// punctuation), so "Hallertauer Mittelfrüh" and "hallertauer mittelfruh" are one.
package struct PhraseTable<Value: Sendable>: Sendable {
    /// A row: the name it is shown by and its value.
    package struct Row: Sendable {
        package var name: String
        package var value: Value
    }

    package let rows: [Row]
    /// Every name's folded words with its row, longest first, then in the order written.
    private let names: [(words: [Substring], row: Int)]
    /// Lines that could not be read, with their line numbers (empty for the bundled files).
    package let problems: [String]

    /// Reads `text`: `#` comments, and lines `name, other name: value` whose value
    /// `parse` reads (nil: the line is a problem).
    package init(text: String, parse: (Substring) -> Value?) {
        var rows: [Row] = []
        var names: [(words: [Substring], row: Int)] = []
        var problems: [String] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            guard let colon = line.lastIndex(of: ":"), let value = parse(line[line.index(after: colon)...]) else {
                problems.append("line \(n + 1): \(line)")
                continue
            }
            let given = line[..<colon].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = given.first, !first.isEmpty else {
                problems.append("line \(n + 1): \(line)")
                continue
            }
            for name in given where !name.isEmpty {
                let words = IngredientName.key(name).split(separator: " ")
                if !words.isEmpty { names.append((words, rows.count)) }
            }
            rows.append(Row(name: first, value: value))
        }
        // A stable sort: longest first, ties in the order written.
        self.names = names.enumerated().sorted {
            $0.element.words.count != $1.element.words.count
                ? $0.element.words.count > $1.element.words.count : $0.offset < $1.offset
        }.map(\.element)
        self.rows = rows
        self.problems = problems
    }

    /// The row one of whose names is in `name` as whole words, the longest such name first;
    /// nil when none is.
    package func row(for name: String) -> Row? {
        let words = IngredientName.key(name).split(separator: " ")
        for candidate in names where candidate.words.count <= words.count {
            let n = candidate.words.count
            if (0...(words.count - n)).contains(where: { words[$0..<($0 + n)].elementsEqual(candidate.words) }) {
                return rows[candidate.row]
            }
        }
        return nil
    }
}
