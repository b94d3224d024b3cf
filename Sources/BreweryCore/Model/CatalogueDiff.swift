/// What changed between two catalogues, by id: the summary a fetch reports.
package struct CatalogueDiff: Sendable, Equatable {
    /// Beers whose id is new, gone, or whose record differs.
    package var added = 0, removed = 0, changed = 0

    /// Compares `old` with `new` by id.
    package init(old: [Beer], new: [Beer]) {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (id, b) in after {
            if let o = before[id] { if o != b { changed += 1 } } else { added += 1 }
        }
        removed = before.keys.filter { after[$0] == nil }.count
    }
}
