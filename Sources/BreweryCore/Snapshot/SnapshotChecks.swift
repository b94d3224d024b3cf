/// Checks of the index values a snapshot holds, made once when it is read: every value
/// that later addresses memory (a beer index, a concept, a block, a position) is within
/// the array it addresses, and every run of starts ascends to the end of what it splits.
/// A snapshot that fails one is refused whole, so a damaged or hostile cache can at worst
/// be ignored — never read out of bounds.
enum SnapshotChecks {
    /// Whether every element of `values` lies in `range`.
    static func all<C: Collection>(_ values: C, in range: Range<Int>) -> Bool where C.Element: BinaryInteger {
        values.allSatisfy { range.contains(Int($0)) }
    }

    /// Whether `starts` splits `0..<end`: it begins at 0, never descends, ends at `end`,
    /// and has `parts + 1` entries.
    static func splits<C: Collection>(_ starts: C, parts: Int, end: Int) -> Bool where C.Element: BinaryInteger {
        guard starts.count == parts + 1, let first = starts.first, first == 0 else { return false }
        var last = 0
        for s in starts {
            guard Int(s) >= last else { return false }
            last = Int(s)
        }
        return last == end
    }
}
