import Algorithms

/// Finds beers by name: exact, then prefix, then word-prefix, then substring, then a
/// fuzzy match: the name's letters and digits holding the query's ("5 am saint" for "5am
/// Saint"), or typos ("punk ipaa").
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
    /// - Complexity: one pass over the names' bytes (``NameIndex``); typo-tolerant
    ///   matching runs only when nothing matched as a substring, over the distinct words.
    public func search(_ query: String, limit: Int = .max) -> [Hit] {
        search(query, limit: limit, where: { _ in true }).hits
    }

    /// The best `limit` matches among the beers `include` keeps, best first, and how
    /// many it keeps in all: a page of a long list without sorting all of it.
    /// `letters` is ``NameIndex/beers(containingLetters:)`` of the folded query when the
    /// caller has it already (a pass over every name).
    package func search(
        _ query: String, limit: Int, where include: (Int) -> Bool, letters: [(beer: Int, whole: Bool)]? = nil
    ) -> (hits: [Hit], total: Int) {
        let q = Array(TextFolding.fold(query).utf8)
        guard !q.isEmpty else { return ([], 0) }
        let index = catalogue.names
        var hits: [Hit] = []
        index.forEachName(containing: q) { beer, name in
            hits.append(Hit(index: beer, kind: Self.kind(of: q, in: name), distance: 0))
        }
        if hits.isEmpty {
            // Spacing and punctuation aside ("5 am saint" for "5am Saint", "punkipa"), then
            // typos.
            let spaced = letters ?? index.beers(containingLetters: q) ?? []
            hits = spaced.map { Hit(index: $0.beer, kind: .fuzzy, distance: 0) }
            let found = Set(spaced.map(\.beer))
            hits += fuzzy(q).filter { !found.contains($0.index) }
        }
        hits.removeAll { !include($0.index) }
        let ids = catalogue.idIndex.ids
        let less = { (a: Hit, b: Hit) in
            (a.kind, a.distance, index.nameLength(a.index), ids[a.index]) < (
                b.kind, b.distance, index.nameLength(b.index), ids[b.index]
            )
        }
        let limit = max(limit, 0)
        if limit < hits.count / 4 { return (hits.min(count: limit, sortedBy: less), hits.count) }
        hits.sort(by: less)
        return (Array(hits.prefix(limit)), hits.count)
    }

    /// How `q` matches a name that contains it: the whole name, its start, the start of a
    /// later word (or after a space), or inside a word.
    static func kind(of q: [UInt8], in name: UnsafeBufferPointer<UInt8>) -> MatchKind {
        if name.count == q.count { return .exact }
        if name.starts(with: q) { return .prefix }
        var best = MatchKind.substring
        var i = 1
        while i + q.count <= name.count {
            if name[i] == q[0], name[i - 1] == 0x20 || (!isWordByte(name[i - 1]) && isWordByte(name[i])),
                UnsafeBufferPointer(rebasing: name[i..<(i + q.count)]).elementsEqual(q)
            {
                best = .wordPrefix
                break
            }
            i += 1
        }
        return best
    }

    /// Every query word must be near (≤1 edit, ≤2 for 6+ letters) a whole word of the
    /// name, or, for the last query word, be the start of one; the distances add up.
    private func fuzzy(_ q: [UInt8]) -> [Hit] {
        let qWords = q.split(whereSeparator: { !Self.isWordByte($0) }).map(Array.init)
        guard !qWords.isEmpty else { return [] }
        let index = catalogue.names
        let n = index.count
        // Each distinct word's bytes as a signature (bit `b & 63` for each byte `b`): a
        // word within `limit` edits of a query word lacks at most `limit` of that word's
        // bits, as each byte absent from the word costs an edit (deleted or replaced
        // wherever it is). One pass over the words, then a popcount per word and query
        // word, instead of an edit distance per word and query word.
        let signatures = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: index.wordCount)
        defer { signatures.deallocate() }
        var longest = 0
        for w in 0..<index.wordCount {
            let text = index.word(w)
            longest = max(longest, text.count)
            signatures[w] = Self.signature(text)
        }
        let scratch = UnsafeMutableBufferPointer<Int>.allocate(capacity: 3 * (longest + 1))
        defer { scratch.deallocate() }
        // Beers still matching every query word so far, with their summed distances.
        var candidates: [Int32] = []
        var total = [UInt16](repeating: 0, count: n)
        var nearest = [UInt8](repeating: .max, count: n)
        for (k, w) in qWords.enumerated() {
            let limit = w.count >= 6 ? 2 : (w.count >= 3 ? 1 : 0)
            let isLast = k == qWords.count - 1
            var touched: [Int32] = []
            w.withUnsafeBufferPointer { w in
                // The prefix a last word is also compared with has no more bits than
                // the whole word: the test holds for it too.
                let bits = Self.signature(w)
                for word in 0..<index.wordCount where (bits & ~signatures[word]).nonzeroBitCount <= limit {
                    let text = index.word(word)
                    var best = EditDistance.distance(w, text, limit: limit, scratch: scratch)
                    // A last word being typed is the start of a word, as typed: a typo is
                    // forgiven against whole words only ("wild" is not "Willamette").
                    if isLast, text.count > w.count, text.starts(with: w) { best = 0 }
                    guard let best else { continue }
                    for beer in index.beers(usingWord: word) {
                        let b = Int(beer)
                        if nearest[b] == .max { touched.append(beer) }
                        nearest[b] = min(nearest[b], UInt8(best))
                    }
                }
            }
            candidates = k == 0 ? touched.sorted() : candidates.filter { nearest[Int($0)] != .max }
            for c in candidates { total[Int(c)] &+= UInt16(nearest[Int(c)]) }
            for t in touched { nearest[Int(t)] = .max }
            if candidates.isEmpty { break }
        }
        return candidates.map { Hit(index: Int($0), kind: .fuzzy, distance: Int(total[Int($0)])) }
    }

    /// Bit `b & 63` set for each byte `b` of `bytes`.
    @inline(__always)
    static func signature(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var s: UInt64 = 0
        for b in bytes { s |= 1 << UInt64(b & 63) }
        return s
    }

    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b >= 0x80 || (b >= 0x41 && b <= 0x5A)
    }
}
