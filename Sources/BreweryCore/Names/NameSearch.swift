/// Finds beers by name: exact, then prefix, then word-prefix, then substring, then a
/// fuzzy match for typos ("punk ipaa").
public struct NameSearch: Sendable {
    /// How a name matched, best first.
    public enum MatchKind: Int, Comparable, Sendable, Codable {
        case exact, prefix, wordPrefix, substring, fuzzy
        public static func < (a: MatchKind, b: MatchKind) -> Bool { a.rawValue < b.rawValue }

        /// A short label for output.
        public var label: String { ["exact", "prefix", "word prefix", "substring", "fuzzy"][rawValue] }
    }

    /// One hit.
    public struct Hit: Sendable, Equatable {
        /// Beer index.
        public var index: Int
        /// How it matched.
        public var kind: MatchKind
        /// Edit distance, for fuzzy hits.
        public var distance: Int
    }

    let catalogue: Catalogue

    /// Creates a search over `catalogue`.
    public init(catalogue: Catalogue) { self.catalogue = catalogue }

    /// Beers whose names match `query`, best first; ties by shorter name, then id.
    ///
    /// - Complexity: O(n·m) over n names of length m; fuzzy matching runs only when
    ///   nothing matched exactly, by prefix or as a substring.
    public func search(_ query: String, limit: Int = .max) -> [Hit] {
        let q = TextFolding.fold(query)
        guard !q.isEmpty else { return [] }
        var hits: [Hit] = []
        let spaced = " " + q
        for (i, name) in catalogue.foldedNames.enumerated() {
            if name == q {
                hits.append(Hit(index: i, kind: .exact, distance: 0))
            } else if name.hasPrefix(q) {
                hits.append(Hit(index: i, kind: .prefix, distance: 0))
            } else if Self.hasWordPrefix(name, q) || name.contains(spaced) {
                hits.append(Hit(index: i, kind: .wordPrefix, distance: 0))
            } else if name.contains(q) {
                hits.append(Hit(index: i, kind: .substring, distance: 0))
            }
        }
        if hits.isEmpty { hits = fuzzy(q) }
        let names = catalogue.foldedNames
        let ids = catalogue.idIndex.ids
        hits.sort {
            ($0.kind, $0.distance, names[$0.index].count, ids[$0.index])
                < ($1.kind, $1.distance, names[$1.index].count, ids[$1.index])
        }
        return Array(hits.prefix(max(limit, 0)))
    }

    /// Every query word must be near (≤1 edit, ≤2 for 6+ letters) a word of the name,
    /// or a prefix of it for the last query word.
    private func fuzzy(_ q: String) -> [Hit] {
        let qWords = Self.words(q)
        guard !qWords.isEmpty else { return [] }
        var hits: [Hit] = []
        for (i, name) in catalogue.foldedNames.enumerated() {
            let nWords = Self.words(name)
            var total = 0
            var ok = true
            for (k, w) in qWords.enumerated() {
                let limit = w.count >= 6 ? 2 : (w.count >= 3 ? 1 : 0)
                var best = Int.max
                for n in nWords {
                    if let d = EditDistance.distance(w, n, limit: limit) { best = min(best, d) }
                    if k == qWords.count - 1, n.count > w.count,
                        let d = EditDistance.distance(w, n.prefix(w.count), limit: limit)
                    {
                        best = min(best, d)
                    }
                }
                if best == Int.max {
                    ok = false
                    break
                }
                total += best
            }
            if ok { hits.append(Hit(index: i, kind: .fuzzy, distance: total)) }
        }
        return hits
    }

    static func words(_ s: String) -> [Substring] {
        s.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    /// True when `q` starts at a word boundary of `name` other than its start.
    static func hasWordPrefix(_ name: String, _ q: String) -> Bool {
        let n = Array(name.utf8)
        let p = Array(q.utf8)
        guard n.count > p.count else { return false }
        var i = 1
        while i + p.count <= n.count {
            if !isWordByte(n[i - 1]) && isWordByte(n[i]) && n[i..<(i + p.count)].elementsEqual(p) { return true }
            i += 1
        }
        return false
    }

    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b >= 0x80 || (b >= 0x41 && b <= 0x5A)
    }
}
