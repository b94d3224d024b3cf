/// The food words of a catalogue, grouped into concepts.
///
/// A *concept* is a set of word forms that name the same food: singular and plural
/// (`taco`/`tacos`, `cherry`/`cherries`), spelling variants from `Data/food-variants.txt`
/// (`chilli`/`chili`/`chile`), `-ise`/`-ize` spellings, and typos inside the catalogue
/// itself (`chocloate` in one beer next to `chocolate` in seventy). Compounds stay
/// distinct (`cheesecake` is not `cheese`), and so do related words (`creamy` is not
/// `cream`). Derived `-ed` forms (`roasted` for `roast`) are *related* concepts: they
/// match, but more weakly than the concept itself.
package struct FoodVocabulary: Sendable {
    /// Every word form, sorted; index = term id.
    package let words: [String]
    /// Number of beers whose pairings use each term.
    package let documentFrequency: [Int32]
    /// The concept of each term.
    package let conceptOfTerm: [Int32]
    /// For each concept, the concepts derived from or underlying it (weak matches).
    package let relatedConcepts: [[Int32]]
    /// Number of concepts.
    package let conceptCount: Int
    /// The most frequent form of each concept, for display.
    package let conceptLabel: [String]
    private let termID: [String: Int32]

    /// A vocabulary as built before (read back from a snapshot).
    ///
    /// - Precondition: `words` sorted and distinct, one concept (below
    ///   `conceptLabel.count`) per word, related concepts below that count.
    init(words: [String], documentFrequency: [Int32], conceptOfTerm: [Int32], conceptLabel: [String], relatedConcepts: [[Int32]])
    {
        self.words = words
        self.documentFrequency = documentFrequency
        self.conceptOfTerm = conceptOfTerm
        self.conceptLabel = conceptLabel
        self.relatedConcepts = relatedConcepts
        conceptCount = conceptLabel.count
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(words.count)
        for (i, w) in words.enumerated() { ids[w] = Int32(i) }
        termID = ids
    }

    /// Groups `documentFrequency` (word → number of beers using it) into concepts.
    ///
    /// - Parameter variantGroups: groups of equivalent spellings; words absent from the
    ///   catalogue are ignored.
    package init(documentFrequency df: [String: Int], variantGroups: [[String]] = FoodVocabulary.bundledVariants) {
        let sorted = df.keys.sorted()
        words = sorted
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(sorted.count)
        for (i, w) in sorted.enumerated() { ids[w] = Int32(i) }
        termID = ids
        documentFrequency = sorted.map { Int32(df[$0] ?? 0) }

        var sets = UnionFind(count: sorted.count)
        // Inflections: a form whose base form is also a word joins its concept.
        for (i, w) in sorted.enumerated() {
            for base in Self.inflectionBases(of: w) {
                if let j = ids[base] { sets.union(i, Int(j)) }
            }
            for alt in Self.spellingAlternatives(of: w) {
                if let j = ids[alt] { sets.union(i, Int(j)) }
            }
        }
        // Declared spelling variants, with their inflections.
        for group in variantGroups {
            var members: [Int] = []
            for v in group {
                if let j = ids[v] { members.append(Int(j)) }
                for (i, w) in sorted.enumerated() where Self.inflectionBases(of: w).contains(v) {
                    members.append(i)
                }
            }
            for m in members.dropFirst() { sets.union(members[0], m) }
        }
        // Typos inside the catalogue: a rare, long form one edit (not at its end) from a
        // far more frequent word. Both sides are compared as written and by their
        // singulars ("jalepenos" is one edit from "jalapeno", the singular of a word whose
        // forms six beers use), and "frequent" counts every form of the other word's
        // concept so far, so a word spelt several ways still draws its typos in.
        let root = sorted.indices.map { sets.find($0) }
        var conceptFrequency = [Int32](repeating: 0, count: sorted.count)
        for i in sorted.indices { conceptFrequency[root[i]] += documentFrequency[i] }
        let forms = sorted.map { w in ([w] + Self.inflectionBases(of: w)).map { Array($0.utf8) } }
        var merges: [(Int, Int)] = []
        for (i, w) in sorted.enumerated() where w.utf8.count >= 7 && documentFrequency[i] <= 2 {
            let rareFrequency = conceptFrequency[root[i]]
            var best: (Int, Int32)? = nil
            for j in sorted.indices where root[j] != root[i] {
                let frequency = conceptFrequency[root[j]]
                guard frequency >= max(3, 3 * rareFrequency), best == nil || frequency > best!.1 else { continue }
                let near = forms[i].contains { wb in
                    forms[j].contains { vb in
                        abs(vb.count - wb.count) <= 1 && vb.first == wb.first && wb.count >= 7
                            && Self.differsInside(wb, vb) && EditDistance.distance(wb, vb, limit: 1) == 1
                    }
                }
                if near { best = (j, frequency) }
            }
            if let (j, _) = best { merges.append((i, j)) }
        }
        for (i, j) in merges { sets.union(i, j) }

        var conceptOfRoot: [Int: Int32] = [:]
        var concept = [Int32](repeating: 0, count: sorted.count)
        for i in 0..<sorted.count {
            let r = sets.find(i)
            if let c = conceptOfRoot[r] {
                concept[i] = c
            } else {
                let c = Int32(conceptOfRoot.count)
                conceptOfRoot[r] = c
                concept[i] = c
            }
        }
        conceptOfTerm = concept
        conceptCount = conceptOfRoot.count
        var label = [String](repeating: "", count: conceptCount)
        var labelDF = [Int32](repeating: -1, count: conceptCount)
        for (i, w) in sorted.enumerated() {
            let c = Int(concept[i])
            if documentFrequency[i] > labelDF[c] || (documentFrequency[i] == labelDF[c] && w.count < label[c].count) {
                label[c] = w
                labelDF[c] = documentFrequency[i]
            }
        }
        conceptLabel = label
        // Derived forms: roasted ↔ roast, curried ↔ curry.
        var related = [Set<Int32>](repeating: [], count: conceptCount)
        for (i, w) in sorted.enumerated() {
            for base in Self.derivationBases(of: w) {
                if let j = ids[base], concept[Int(j)] != concept[i] {
                    related[Int(concept[i])].insert(concept[Int(j)])
                    related[Int(concept[Int(j)])].insert(concept[i])
                }
            }
        }
        relatedConcepts = related.map { $0.sorted() }
    }

    /// The term id of an exact word form.
    package func term(_ word: String) -> Int32? { termID[word] }

    /// Whether word `t` is a proper form of its concept: the concept's label, an
    /// inflection of it (`tacos` for `taco`) or a spelling variant (`chili` for
    /// `chilli`), not a misspelling the data holds and that was joined to it
    /// (`cheescake`). Completion offers only proper forms.
    package func isProperForm(of t: Int) -> Bool {
        let w = words[t]
        let label = conceptLabel[Int(conceptOfTerm[t])]
        if w == label { return true }
        return Self.inflectionBases(of: w).contains(label) || Self.inflectionBases(of: label).contains(w)
            || Self.spellingAlternatives(of: w).contains(label) || Self.spellingAlternatives(of: label).contains(w)
            || Self.spellingAlternatives(of: w).contains { Self.inflectionBases(of: $0).contains(label) }
            || Self.inflectionBases(of: w).contains { Self.spellingAlternatives(of: $0).contains(label) }
    }

    /// Whether `w` itself is a word of the catalogue in concept `c`.
    func hasWord(_ w: String, inConcept c: Int32) -> Bool {
        termID[w].map { conceptOfTerm[Int($0)] == c } ?? false
    }

    /// Resolves one folded query word to a concept, without typo correction.
    ///
    /// Tries the word itself, then its inflection bases and spelling alternatives, then
    /// the words it is a base of (`brownie` finds `brownies`).
    package func concept(forWord w: String) -> Int32? {
        if let t = termID[w] { return conceptOfTerm[Int(t)] }
        for base in Self.inflectionBases(of: w) + Self.spellingAlternatives(of: w) {
            if let t = termID[base] { return conceptOfTerm[Int(t)] }
        }
        for suffix in ["s", "es"] {
            if let t = termID[w + suffix] { return conceptOfTerm[Int(t)] }
        }
        if w.hasSuffix("y"), let t = termID[String(w.dropLast()) + "ies"] { return conceptOfTerm[Int(t)] }
        return nil
    }

    /// The vocabulary words nearest to a word that is not in it, for typo correction.
    ///
    /// Allows one edit, or two for words of eight letters or more; a word of four
    /// letters or more may also be the start of a longer one (`chick` for chicken), as
    /// near as the most edits allowed. Among equally near words the more frequent wins,
    /// so the result is at most one word (`chick` is then chicken, not thick).
    package func correction(for w: String) -> String? {
        let limit = w.utf8.count >= 8 ? 2 : 1
        guard w.utf8.count >= 3 else { return nil }
        let wb = Array(w.utf8)
        var best: (word: String, distance: Int, df: Int32)? = nil
        for (i, v) in words.enumerated() {
            let vb = Array(v.utf8)
            guard vb.count >= 3 else { continue }
            let started = wb.count >= 4 && vb.count > wb.count && vb.starts(with: wb)
            guard let d = EditDistance.distance(wb, vb, limit: limit) ?? (started ? limit : nil) else { continue }
            let df = documentFrequency[i]
            if best == nil || d < best!.distance || (d == best!.distance && df > best!.df) {
                best = (v, d, df)
            }
        }
        return best?.word
    }

    /// Up to `limit` vocabulary words a typo of `w` may have meant, for "did you mean"
    /// lists: within a real typo's distance (one edit, two for words of six letters or
    /// more), or words `w` (four letters or more) is the start of; none when no word is
    /// that near ("poutine" suggests nothing, not "pound"). Words of one or two letters
    /// are left out, as in ``correction(for:)``: they are pieces of pairings ("j", "hr").
    package func suggestions(for w: String, limit: Int = 5) -> [String] {
        let wb = Array(w.utf8)
        let edits = wb.count >= 6 ? 2 : 1
        guard wb.count >= 3 else { return [] }
        var scored: [(String, Int, Int32)] = []
        for (i, v) in words.enumerated() where v.utf8.count >= 3 {
            if let d = EditDistance.distance(wb, Array(v.utf8), limit: edits) {
                scored.append((v, d, documentFrequency[i]))
            } else if wb.count >= 4, v.hasPrefix(w) {
                scored.append((v, edits + 1, documentFrequency[i]))
            }
        }
        scored.sort { ($0.1, -$0.2, $0.0) < ($1.1, -$1.2, $1.0) }
        return scored.prefix(limit).map(\.0)
    }

    // MARK: - Morphology rules

    /// Singular forms a word may be the plural of: tacos → taco, cherries → cherry,
    /// tomatoes → tomato, chillies → chilli.
    static func inflectionBases(of w: String) -> [String] {
        var out: [String] = []
        let n = w.utf8.count
        guard n >= 4 else { return out }
        if w.hasSuffix("ies") { out.append(String(w.dropLast(3)) + "y") }
        if w.hasSuffix("es") { out.append(String(w.dropLast(2))) }
        if w.hasSuffix("s") && !w.hasSuffix("ss") && !w.hasSuffix("us") && !w.hasSuffix("is") {
            out.append(String(w.dropLast()))
        }
        return out
    }

    /// Forms a word may be derived from by `-ed`: roasted → roast, curried → curry,
    /// spiced → spice, glazed → glaze.
    static func derivationBases(of w: String) -> [String] {
        guard w.utf8.count >= 5, w.hasSuffix("ed") else { return [] }
        var out = [String(w.dropLast(2)), String(w.dropLast(1))]
        if w.hasSuffix("ied") { out.append(String(w.dropLast(3)) + "y") }
        return out
    }

    /// British/American spelling alternatives by rule: caramelized ↔ caramelised,
    /// flavor ↔ flavour.
    static func spellingAlternatives(of w: String) -> [String] {
        var out: [String] = []
        if w.contains("iz") { out.append(w.replacingAll("iz", with: "is")) }
        if w.contains("is") { out.append(w.replacingAll("is", with: "iz")) }
        if w.contains("our") { out.append(w.replacingAll("our", with: "or")) }
        return out.filter { $0 != w }
    }

    /// True when the single edit between `a` and `b` is not at the end of either word, so
    /// it is a typo rather than a suffix (`creamy`/`cream`, `mangos`/`mango`).
    private static func differsInside(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let n = min(a.count, b.count)
        var i = 0
        while i < n, a[i] == b[i] { i += 1 }
        return i < n - 1
    }

    /// The variant groups compiled in from `Data/food-variants.txt`.
    package static let bundledVariants: [[String]] = {
        String(decoding: PackageResources.food_variants_txt, as: UTF8.self)
            .split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: " ").map { TextFolding.fold($0) } }
            .filter { $0.count > 1 }
    }()
}

extension String {
    fileprivate func replacingAll(_ a: String, with b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
