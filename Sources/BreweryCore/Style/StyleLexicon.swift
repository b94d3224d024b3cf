/// The style words `recommend like` reads in a beer's name, tagline and description
/// (`Data/style-words.txt`): each phrase stands for one or more *concepts* ("imperial
/// stout" for imperial stout, stout and strong).
///
/// Reading folds the text (``TextFolding``), splits it into words of letters and digits,
/// and at each word takes the longest phrase that matches there, whose words are then
/// not read again: "india pale ale" is an IPA and not also a pale ale. A phrase word
/// ending in `*` matches every word it starts. Phrases are found by their first word's
/// first three letters, so a word no phrase starts with costs one dictionary look-up.
package struct StyleLexicon: Sendable {
    /// The concepts, in the order the file names them first; an index into these is a
    /// *concept*.
    package let concepts: [String]
    /// The concepts that are families (``BeerStyle``), and the sour ones.
    package let families: ConceptSet
    package let sourFamilies: ConceptSet
    /// The fallback concepts (a name ending in "?" in the file): each names its concept
    /// (``fallbackTargets``) only in a beer's head, and only when the head names no other
    /// family (``resolvingFallbacks(_:)``); elsewhere it says nothing (``droppingFallbacks(_:)``).
    package let fallbacks: ConceptSet
    /// The concept each fallback stands for, by fallback concept.
    private let fallbackTargets: [(fallback: Int, target: Int)]
    /// The concept of each family, by ``BeerStyle/allCases`` position (nil: not in the file).
    private let familyConcepts: [Int?]
    private let phrases: [Phrase]
    /// Phrase indexes by the first three bytes of their first word (longest first).
    private let byStart: [UInt32: [Int]]
    /// Whether some key of ``byStart`` has each slot (``slot(_:)``): most words start no
    /// phrase, and are turned away here without a dictionary look-up.
    private let starts: [Bool]

    private struct Phrase: Sendable {
        /// Each word, and whether it matches any word it starts.
        var words: [(text: [UInt8], prefix: Bool)]
        var concepts: [Int]
    }

    /// The lexicon Brewery ships.
    package static let standard = StyleLexicon(text: String(decoding: PackageResources.style_words_txt, as: UTF8.self))

    /// Parses lines `concept + concept: phrase | phrase`; `#` starts a comment. A concept
    /// named with a trailing "?" is a fallback for the concept so named without it. Words
    /// of fewer than three letters cannot start a phrase and are dropped with their phrase.
    package init(text: String) {
        var concepts: [String] = []
        var conceptIndex: [String: Int] = [:]
        var phrases: [Phrase] = []
        var fallbackNames: [(fallback: String, target: String)] = []
        func concept(_ name: String) -> Int {
            if let known = conceptIndex[name] { return known }
            conceptIndex[name] = concepts.count
            concepts.append(name)
            return concepts.count - 1
        }
        for raw in text.split(separator: "\n") {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let sides = line.split(separator: ":", maxSplits: 1)
            guard sides.count == 2 else { continue }
            let named = sides[0].split(separator: "+").compactMap { raw -> String? in
                let isFallback = raw.last(where: { $0 != " " }) == "?"
                let name = TextFolding.fold(raw.filter { $0 != "?" })
                guard !name.isEmpty else { return nil }
                guard isFallback else { return name }
                fallbackNames.append((name + "?", name))
                return name + "?"
            }
            let ids = named.map(concept)
            for phrase in sides[1].split(separator: "|") {
                let words = Self.words(of: TextFolding.fold(phrase).utf8).map { w in
                    w.last == UInt8(ascii: "*") ? (Array(w.dropLast()), true) : (Array(w), false)
                }
                guard let first = words.first, first.0.count >= 3, !ids.isEmpty else { continue }
                phrases.append(Phrase(words: words, concepts: ids))
            }
        }
        var byStart: [UInt32: [Int]] = [:]
        for (i, p) in phrases.enumerated() { byStart[Self.key(p.words[0].text[...]), default: []].append(i) }
        for key in byStart.keys { byStart[key]?.sort { phrases[$0].words.count > phrases[$1].words.count } }
        var fallbacks = ConceptSet()
        fallbackTargets = fallbackNames.map { names in
            let pair = (fallback: concept(names.fallback), target: concept(names.target))
            fallbacks.insert(pair.fallback)
            return pair
        }
        self.fallbacks = fallbacks
        self.concepts = concepts
        familyConcepts = BeerStyle.allCases.map { conceptIndex[$0.rawValue] }
        var families = ConceptSet()
        var sours = ConceptSet()
        for (style, c) in zip(BeerStyle.allCases, familyConcepts) {
            guard let c else { continue }
            families.insert(c)
            if style.group == .sour { sours.insert(c) }
        }
        self.families = families
        sourFamilies = sours
        self.phrases = phrases
        self.byStart = byStart
        var starts = [Bool](repeating: false, count: 1 << 12)
        for key in byStart.keys { starts[Self.slot(key)] = true }
        self.starts = starts
    }

    /// A beer head's concepts with each fallback read as its concept when the head names
    /// no other family ("Mango & Pineapple Pale": a pale ale), else dropped ("Pale Lager").
    package func resolvingFallbacks(_ head: ConceptSet) -> ConceptSet {
        guard head.bits & fallbacks.bits != 0 else { return head }
        var resolved = droppingFallbacks(head)
        guard resolved.bits & families.bits == 0 else { return resolved }
        for (fallback, target) in fallbackTargets where head.contains(fallback) { resolved.insert(target) }
        return resolved
    }

    /// A description's or tips' concepts without the fallbacks, which say nothing there.
    package func droppingFallbacks(_ set: ConceptSet) -> ConceptSet {
        var dropped = set
        dropped.bits &= ~fallbacks.bits
        return dropped
    }

    /// The concept of `style`, if the lexicon has it.
    package func family(_ style: BeerStyle) -> Int? {
        familyConcepts[BeerStyle.allCases.firstIndex(of: style).unsafelyUnwrapped]
    }

    /// The first family (in ``BeerStyle`` order, the most particular first) whose concept
    /// `set` holds.
    package func firstFamily(in set: ConceptSet) -> BeerStyle? {
        guard set.bits & families.bits != 0 else { return nil }
        for (style, c) in zip(BeerStyle.allCases, familyConcepts) where c.map(set.contains) ?? false { return style }
        return nil
    }

    /// Adds the concepts `text` holds to `found` (as bits, by concept).
    package func read(_ text: String?, into found: inout ConceptSet) {
        guard var text, !text.isEmpty else { return }
        text.withUTF8 { read($0, into: &found) }
    }

    /// Adds the concepts of the UTF-8 text `bytes` to `found`. ASCII text is read in
    /// place, lower-cased as it is compared; in other text an accented Latin letter ("ä",
    /// "É") reads as its base letter and any other character past ASCII ("—", "°") as a
    /// space: the phrases are ASCII, and a million descriptions are read at load.
    package func read(_ bytes: UnsafeBufferPointer<UInt8>, into found: inout ConceptSet) {
        for b in bytes where b >= 0x80 {
            let ascii = Self.latinFolded(bytes)
            ascii.withUnsafeBufferPointer { readFolded($0, into: &found) }
            return
        }
        readFolded(bytes, into: &found)
    }

    /// `bytes` (UTF-8) in ASCII: U+00C0–U+00FF letters as their base letters, every other
    /// character past ASCII as a space.
    private static func latinFolded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                out.append(b)
                i += 1
            } else if b == 0xC3, i + 1 < bytes.count, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0xBF {
                out.append(latin1Letters[Int(bytes[i + 1] - 0x80)])
                i += 2
            } else {
                out.append(0x20)
                i += b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            }
        }
        return out
    }

    /// The base letters of U+00C0–U+00FF (a space for ×, ÷, Þ and þ).
    private static let latin1Letters: [UInt8] = Array("aaaaaaaceeeeiiiidnooooo ouuuuy saaaaaaaceeeeiiiidnooooo ouuuuy y".utf8)

    /// Reads text whose ASCII letters may be upper case and whose other bytes are folded.
    private func readFolded(_ text: UnsafeBufferPointer<UInt8>, into found: inout ConceptSet) {
        var i = 0
        while let word = Self.word(in: text, from: i) {
            i = word.upperBound
            guard word.count >= 3 else { continue }
            let k = Self.key(
                Self.lower(text[word.lowerBound]), Self.lower(text[word.lowerBound + 1]), Self.lower(text[word.lowerBound + 2]))
            guard starts[Self.slot(k)], let candidates = byStart[k] else { continue }
            for p in candidates {
                if let end = match(phrases[p], text, at: word) {
                    for c in phrases[p].concepts { found.insert(c) }
                    i = end
                    break
                }
            }
        }
    }

    /// Where `phrase` ends when it starts at `first` (a word of `text`), or nil.
    private func match(_ phrase: Phrase, _ text: UnsafeBufferPointer<UInt8>, at first: Range<Int>) -> Int? {
        var word = first
        for (n, w) in phrase.words.enumerated() {
            if n > 0 {
                guard let next = Self.word(in: text, from: word.upperBound) else { return nil }
                word = next
            }
            guard w.prefix ? word.count >= w.text.count : word.count == w.text.count else { return nil }
            for (j, b) in w.text.enumerated() where Self.lower(text[word.lowerBound + j]) != b { return nil }
        }
        return word.upperBound
    }

    /// The next word of `text` at or after `start`: a run of letters, digits or bytes past ASCII.
    @inline(__always)
    private static func word(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int>? {
        var i = start
        while i < text.count && !isWordByte(text[i]) { i += 1 }
        guard i < text.count else { return nil }
        var j = i + 1
        while j < text.count && isWordByte(text[j]) { j += 1 }
        return i..<j
    }

    @inline(__always)
    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b >= 0x80
    }

    @inline(__always)
    private static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

    /// The words of folded text: runs of ASCII letters and digits, or of bytes past ASCII.
    private static func words(of bytes: some Collection<UInt8>) -> [ArraySlice<UInt8>] {
        let all = Array(bytes)
        var out: [ArraySlice<UInt8>] = []
        var start = -1
        for (i, b) in all.enumerated() {
            let inWord = (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b >= 0x80 || b == UInt8(ascii: "*")
            if inWord {
                if start < 0 { start = i }
            } else if start >= 0 {
                out.append(all[start..<i])
                start = -1
            }
        }
        if start >= 0 { out.append(all[start..<all.count]) }
        return out
    }

    /// The first three bytes of a word, as one number.
    private static func key(_ word: ArraySlice<UInt8>) -> UInt32 {
        var k: UInt32 = 0
        for b in word.prefix(3) { k = k << 8 | UInt32(b) }
        return k
    }

    @inline(__always)
    private static func key(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt32 { UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c) }

    /// A key's slot in ``starts``.
    @inline(__always)
    private static func slot(_ key: UInt32) -> Int { Int((key &* 0x9E37_79B1) >> 20) }
}

/// A set of style concepts (at most 64), as bits.
package struct ConceptSet: Sendable, Hashable {
    package var bits: UInt64 = 0

    package init() {}

    /// Adds concept `c` (0–63; others are not kept).
    package mutating func insert(_ c: Int) { if c >= 0 && c < 64 { bits |= 1 << UInt64(c) } }

    /// Whether it holds concept `c`.
    package func contains(_ c: Int) -> Bool { c >= 0 && c < 64 && bits & (1 << UInt64(c)) != 0 }

    /// The concepts, ascending.
    package var members: [Int] { (0..<64).filter(contains) }

    /// Calls `body` with each concept, ascending, allocating nothing.
    @inline(__always)
    package func forEach(_ body: (Int) -> Void) {
        var left = bits
        while left != 0 {
            body(left.trailingZeroBitCount)
            left &= left - 1
        }
    }

    /// Both sets' concepts.
    package func union(_ other: ConceptSet) -> ConceptSet {
        var s = self
        s.bits |= other.bits
        return s
    }
}
