import Foundation

/// The folded beer names run together, and the distinct words of all names with the beers
/// that use each: what name search and the name filter read, built once at load and kept
/// in the snapshot.
///
/// A substring query is one `memchr`/`memcmp` pass over the names' bytes (tens of megabytes at a
/// million beers, a few milliseconds) instead of a `String` comparison per name; a
/// typo-tolerant query compares the query's words with the distinct words once each and
/// reads the beers from their postings.
package struct NameIndex: Sendable {
    /// The folded names run together: name `i` is `text[starts[i]..<starts[i + 1]]`.
    package let text: AlignedBuffer<UInt8>
    /// `count + 1` ascending offsets into ``text``.
    package let starts: AlignedBuffer<Int>
    /// Where each distinct word first occurs in ``text``.
    let wordOffset: AlignedBuffer<Int>
    /// The byte length of each distinct word.
    let wordLength: AlignedBuffer<Int32>
    /// `words + 1` ascending offsets into ``postings``.
    let postingStart: AlignedBuffer<Int>
    /// For each word, the beers whose names use it, ascending.
    let postings: AlignedBuffer<Int32>
    /// The distinct words by the hash of their bytes (open addressing, a power of two
    /// more than twice the words, -1 where empty): a whole word's id in a probe or two.
    let wordSlots: AlignedBuffer<Int32>

    /// Number of names.
    package var count: Int { starts.count - 1 }
    /// Number of distinct words.
    package var wordCount: Int { wordOffset.count }

    /// Builds the index over `foldedNames` (``TextFolding/fold(_:)`` of each name).
    package init(foldedNames: [String]) {
        var bytes: [UInt8] = []
        var offsets: [Int] = [0]
        offsets.reserveCapacity(foldedNames.count + 1)
        for name in foldedNames {
            bytes += name.utf8
            offsets.append(bytes.count)
        }
        let text = AlignedBuffer(copying: bytes)
        let starts = AlignedBuffer(copying: offsets)
        let words = WordTable.build(text: text, starts: starts)
        self.init(
            text: text, starts: starts, wordOffset: words.offset, wordLength: words.length,
            postingStart: words.postingStart, postings: words.postings, wordSlots: words.slots)
    }

    /// An index from its parts (read back from a snapshot, which checks them).
    init(
        text: AlignedBuffer<UInt8>, starts: AlignedBuffer<Int>, wordOffset: AlignedBuffer<Int>,
        wordLength: AlignedBuffer<Int32>, postingStart: AlignedBuffer<Int>, postings: AlignedBuffer<Int32>,
        wordSlots: AlignedBuffer<Int32>
    ) {
        self.text = text
        self.starts = starts
        self.wordOffset = wordOffset
        self.wordLength = wordLength
        self.postingStart = postingStart
        self.postings = postings
        self.wordSlots = wordSlots
    }

    /// The folded name of beer `i`, as bytes.
    package func name(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text.pointer + starts[i], count: starts[i + 1] - starts[i])
    }

    /// The byte length of beer `i`'s folded name.
    package func nameLength(_ i: Int) -> Int { starts[i + 1] - starts[i] }

    /// Distinct word `w`, as bytes.
    func word(_ w: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text.pointer + wordOffset[w], count: Int(wordLength[w]))
    }

    /// The id of the distinct word whose bytes are `bytes`, if a name uses it: a probe of
    /// ``wordSlots`` (at most one pass over them, whatever a snapshot held).
    func wordID(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let slots = wordSlots.count
        guard slots > 0, !bytes.isEmpty, let q = bytes.baseAddress else { return nil }
        let mask = slots - 1
        var s = WordTable.hash(q, bytes.count) & mask
        for _ in 0..<slots {
            let w = Int(wordSlots[s])
            guard w >= 0 else { return nil }
            if Int(wordLength[w]) == bytes.count && memcmp(text.pointer + wordOffset[w], q, bytes.count) == 0 {
                return w
            }
            s = (s + 1) & mask
        }
        return nil
    }

    /// The beers whose names use distinct word `w`.
    func beers(usingWord w: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: postings.pointer + postingStart[w], count: postingStart[w + 1] - postingStart[w])
    }

    /// Calls `body` once for each beer whose folded name contains `needle`, in ascending
    /// beer order, with that name's bytes.
    ///
    /// - Complexity: one pass over ``text`` plus a binary search per match.
    package func forEachName(containing needle: [UInt8], _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        guard !needle.isEmpty, count > 0 else { return }
        let end = starts[count]
        var from = 0
        needle.withUnsafeBytes { q in
            while from < end {
                guard let at = Self.find(q, in: text.pointer, from: from, to: end) else { return }
                let beer = beerHolding(byte: at)
                let nameEnd = starts[beer + 1]
                if at + q.count <= nameEnd {
                    body(beer, name(beer))
                    from = nameEnd
                } else {
                    // The match runs from one name into the next: look again one byte on.
                    from = at + 1
                }
            }
        }
    }

    /// Calls `body` once for each beer whose folded name starts with `needle`, in ascending
    /// beer order, with that name's bytes.
    ///
    /// Such a name uses every word of the needle that a non-word byte ends ("dead" and
    /// "pony" of "dead pony c"), and its first word is the needle's first or, when the
    /// needle is one word, starts with it. So the candidates are the beers common to the
    /// postings of the needle's whole words (or, for one word, those of the distinct words
    /// it starts), and only their names are compared: a look-up by name reads a few
    /// postings, not every name. A needle that starts with a non-word byte, or one word
    /// that starts too many beers' words, takes the pass over every name
    /// (``forEachName(containing:_:)``).
    package func forEachName(startingWith needle: [UInt8], _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        guard !needle.isEmpty, count > 0 else { return }
        guard let candidates = candidates(startingWith: needle) else {
            forEachName(containing: needle) { beer, name in
                if name.starts(with: needle) { body(beer, name) }
            }
            return
        }
        for b in candidates {
            let name = name(Int(b))
            if name.starts(with: needle) { body(Int(b), name) }
        }
    }

    /// The beers whose folded name is `needle` exactly, ascending, or nil when the needle
    /// has no word byte.
    ///
    /// Such a name uses every word of the needle, the last one too, so the candidates are
    /// the beers common to all of its words' postings, intersected from the shortest: a
    /// full name is found from its rarest word ("5" of "bitter island barley wine no. 5"),
    /// not from the words it shares with thousands of names.
    package func beers(named needle: [UInt8]) -> [Int]? {
        let words = Self.words(of: needle)
        guard !words.isEmpty else { return nil }
        var lists: [UnsafeBufferPointer<Int32>] = []
        lists.reserveCapacity(words.count)
        var missing = false
        needle.withUnsafeBufferPointer { q in
            for r in words {
                guard let w = wordID(UnsafeBufferPointer(rebasing: q[r])) else {
                    missing = true
                    return
                }
                lists.append(beers(usingWord: w))
            }
        }
        guard !missing else { return [] }
        return Self.common(lists, of: count).compactMap { b in
            let name = name(Int(b))
            return name.count == needle.count && name.elementsEqual(needle) ? Int(b) : nil
        }
    }

    /// The byte ranges of `needle`'s words (its runs of word bytes), in order.
    static func words<Bytes: RandomAccessCollection<UInt8>>(of needle: Bytes) -> [Range<Int>] where Bytes.Index == Int {
        var words: [Range<Int>] = []
        var k = 0
        while k < needle.count {
            guard NameSearch.isWordByte(needle[k]) else {
                k += 1
                continue
            }
            let start = k
            while k < needle.count && NameSearch.isWordByte(needle[k]) { k += 1 }
            words.append(start..<k)
        }
        return words
    }

    /// The beers whose names may start with `needle`, ascending (see
    /// ``forEachName(startingWith:_:)``), or nil when the pass over every name is better.
    private func candidates(startingWith needle: [UInt8]) -> [Int32]? {
        guard NameSearch.isWordByte(needle[0]) else { return nil }
        // The needle's words that a non-word byte ends.
        let whole = Self.words(of: needle).filter { $0.upperBound < needle.count }
        let bytes = text.pointer
        let lengths = wordLength.pointer
        let offsets = wordOffset.pointer
        if whole.isEmpty {
            // One word: the distinct words it starts.
            var lists: [UnsafeBufferPointer<Int32>] = []
            var total = 0
            needle.withUnsafeBufferPointer { q in
                for w in 0..<wordCount {
                    // The length and the first byte before a call to `memcmp`.
                    guard Int(lengths[w]) >= q.count, bytes[offsets[w]] == q[0],
                        memcmp(bytes + offsets[w], q.baseAddress.unsafelyUnwrapped, q.count) == 0
                    else { continue }
                    lists.append(beers(usingWord: w))
                    total += lists[lists.count - 1].count
                }
            }
            guard total <= count / 4 else { return nil }
            let union = lists.flatMap { $0 }
            // Each word's beers ascend; several words' may overlap (a name using two of them).
            return lists.count > 1 ? Array(Set(union)).sorted() : union
        }
        // Several words: the postings of each whole word (a probe of the words' hash
        // table each), the shortest first.
        var lists: [UnsafeBufferPointer<Int32>?] = Array(repeating: nil, count: whole.count)
        needle.withUnsafeBufferPointer { q in
            for (j, r) in whole.enumerated() {
                if let w = wordID(UnsafeBufferPointer(rebasing: q[r])) { lists[j] = beers(usingWord: w) }
            }
        }
        // A whole word no name uses: no name starts with the needle.
        let found = lists.compactMap { $0 }
        guard found.count == lists.count else { return [] }
        return Self.common(found, of: count)
    }

    /// The beers on every one of `lists` (each ascending; `count` beers in all), ascending.
    private static func common(_ lists: [UnsafeBufferPointer<Int32>], of count: Int) -> [Int32] {
        let found = lists.sorted { $0.count < $1.count }
        var common = Array(found[0])
        for list in found.dropFirst() where list.count < count {
            // Keep the beers also in `list` (both ascending; a list of every beer keeps
            // them all): a merge of the two without branches when they are of like
            // lengths, else by galloping along `list` (see ``gallop(to:in:from:)``).
            var kept = 0
            if list.count <= common.count * 32 {
                kept = common.withUnsafeMutableBufferPointer { c in
                    var (i, j, k) = (0, 0, 0)
                    while i < c.count && j < list.count {
                        let (x, y) = (c[i], list[j])
                        c[k] = x
                        k += x == y ? 1 : 0
                        i += x <= y ? 1 : 0
                        j += y <= x ? 1 : 0
                    }
                    return k
                }
            } else {
                var at = 0
                for b in common {
                    at = gallop(to: b, in: list, from: at)
                    guard at < list.count else { break }
                    if list[at] == b {
                        common[kept] = b
                        kept += 1
                    }
                }
            }
            common.removeLast(common.count - kept)
            if common.isEmpty { break }
        }
        return common
    }

    /// The first index from `at` where `list` (ascending) holds `b` or more (its count if
    /// none): steps that double from `at`, then a binary search within the last step, so
    /// the cost grows with the log of the distance, not with the list.
    @inline(__always)
    private static func gallop(to b: Int32, in list: UnsafeBufferPointer<Int32>, from at: Int) -> Int {
        var lo = at
        var step = 1
        while at + step < list.count && list[at + step] < b {
            lo = at + step
            step *= 2
        }
        var hi = min(at + step, list.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] < b { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The first offset in `from..<to` where `needle` starts: `memchr` (vectorised in the
    /// C library) for the needle's rarest byte, then `memcmp` for the whole needle around
    /// it, so "amber" is looked for by its "b", not by its "a" that nearly every name has.
    private static func find(
        _ needle: UnsafeRawBufferPointer, in base: UnsafeMutablePointer<UInt8>, from: Int, to end: Int
    ) -> Int? {
        let m = needle.count
        var rare = 0
        for k in 1..<m where commonness(needle[k]) < commonness(needle[rare]) { rare = k }
        let byte = Int32(needle[rare])
        var at = from
        while at + m <= end {
            guard let hit = memchr(base + at + rare, byte, end - m + 1 - at) else { return nil }
            at = UnsafeRawPointer(hit) - UnsafeRawPointer(base) - rare
            if memcmp(base + at, needle.baseAddress.unsafelyUnwrapped, m) == 0 { return at }
            at += 1
        }
        return nil
    }

    /// How common a byte is in names, roughly (English letter frequency; the space
    /// highest): 0 for bytes seldom seen.
    private static func commonness(_ b: UInt8) -> Int {
        let ranked: StaticString = " eaoirtnslhducmpgbyfwkv0123456789-.'xjqz"
        return ranked.withUTF8Buffer { list in
            guard let k = list.firstIndex(of: b) else { return 0 }
            return list.count - k
        }
    }

    /// The beers whose folded names contain `needle`, ascending.
    package func beers(containing needle: String) -> [Int] {
        var out: [Int] = []
        forEachName(containing: Array(needle.utf8)) { beer, _ in out.append(beer) }
        return out
    }

    /// The beers whose folded names contain `needle` once every byte that is not a letter
    /// or digit is left out of both ("5 am saint" finds "5am saint", "punkipa" finds "punk
    /// ipa 2007 - 2010"), ascending, each with whether that is the whole name so reduced;
    /// nil when the needle has no letter or digit.
    ///
    /// - Complexity: one pass over ``text`` to reduce it, then one search of what is left
    ///   (for names that no plain search found: a look-up that failed, a search with no hit).
    package func beers(containingLetters needle: [UInt8]) -> [(beer: Int, whole: Bool)]? {
        let q = needle.filter(NameSearch.isWordByte)
        guard !q.isEmpty else { return nil }
        let total = starts[count]
        let reduced = UnsafeMutablePointer<UInt8>.allocate(capacity: max(total, 1))
        defer { reduced.deallocate() }
        // Where each name's letters and digits start in `reduced`, and where the last ends.
        var from = [Int](repeating: 0, count: count + 1)
        var n = 0
        let bytes = text.pointer
        // 1 for a letter or digit, by byte: every byte is written, and the count moves on
        // past those only, with no branch on the byte.
        var keeps = [Int](repeating: 0, count: 256)
        for b in 0..<256 where NameSearch.isWordByte(UInt8(b)) { keeps[b] = 1 }
        keeps.withUnsafeBufferPointer { keeps in
            for i in 0..<count {
                from[i] = n
                for k in starts[i]..<starts[i + 1] {
                    let byte = bytes[k]
                    reduced[n] = byte
                    n &+= keeps[Int(byte)]
                }
            }
        }
        from[count] = n
        var out: [(beer: Int, whole: Bool)] = []
        var at = 0
        q.withUnsafeBytes { q in
            while at < n {
                guard let hit = Self.find(q, in: reduced, from: at, to: n) else { return }
                let lo = Self.name(holding: hit, count: count) { from[$0] }
                let end = from[lo + 1]
                if hit + q.count <= end {
                    out.append((lo, hit == from[lo] && hit + q.count == end))
                    at = end
                } else {
                    // The match runs from one name into the next: look again one byte on.
                    at = hit + 1
                }
            }
        }
        return out
    }

    /// The beer whose name holds byte `offset` of ``text``.
    private func beerHolding(byte offset: Int) -> Int { Self.name(holding: offset, count: count) { starts[$0] } }

    /// Which of `count` names run together holds byte `offset`, name `i` starting at
    /// `start(i)` (ascending): the last starting at or before it, by halving; empty names
    /// share their start with the next one.
    @inline(__always)
    private static func name(holding offset: Int, count: Int, start: (Int) -> Int) -> Int {
        var lo = 0
        var hi = count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if start(mid) <= offset { lo = mid } else { hi = mid }
        }
        while lo + 1 < count && start(lo + 1) <= offset { lo += 1 }
        return lo
    }
}

/// Builds the distinct words of the names and their postings with one open-addressing
/// hash table over byte ranges of the text (no `String` per word).
enum WordTable {
    struct Built {
        var offset: AlignedBuffer<Int>
        var length: AlignedBuffer<Int32>
        var postingStart: AlignedBuffer<Int>
        var postings: AlignedBuffer<Int32>
        var slots: AlignedBuffer<Int32>
    }

    /// FNV-1a over `count` bytes at `at`, its high bits folded in: where a word goes in
    /// the table (``NameIndex/wordSlots``), at build and at look-up alike.
    @inline(__always)
    static func hash(_ at: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for k in 0..<count { h = (h ^ UInt64(at[k])) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    static func build(text: AlignedBuffer<UInt8>, starts: AlignedBuffer<Int>) -> Built {
        let n = starts.count - 1
        var offset: [Int] = []
        var length: [Int32] = []
        var lastBeer: [Int32] = []
        var perWord: [Int] = []
        // Occurrences, one per (beer, distinct word of that name).
        var occurrence: [Int32] = []
        var occurrenceBeer: [Int32] = []
        occurrence.reserveCapacity(n * 4)
        occurrenceBeer.reserveCapacity(n * 4)
        var slots = [Int32](repeating: -1, count: 1024)
        var mask = slots.count - 1
        let bytes = text.pointer

        func hash(_ at: Int, _ len: Int) -> Int { Self.hash(bytes + at, len) }
        func same(_ w: Int, _ at: Int, _ len: Int) -> Bool {
            Int(length[w]) == len && memcmp(bytes + offset[w], bytes + at, len) == 0
        }
        func grow() {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            mask = slots.count - 1
            for w in offset.indices {
                var s = hash(offset[w], Int(length[w])) & mask
                while slots[s] >= 0 { s = (s + 1) & mask }
                slots[s] = Int32(w)
            }
        }

        for beer in 0..<n {
            var k = starts[beer]
            let end = starts[beer + 1]
            while k < end {
                guard NameSearch.isWordByte(bytes[k]) else {
                    k += 1
                    continue
                }
                let at = k
                while k < end && NameSearch.isWordByte(bytes[k]) { k += 1 }
                let len = k - at
                var s = hash(at, len) & mask
                var word = -1
                while slots[s] >= 0 {
                    if same(Int(slots[s]), at, len) {
                        word = Int(slots[s])
                        break
                    }
                    s = (s + 1) & mask
                }
                if word < 0 {
                    word = offset.count
                    offset.append(at)
                    length.append(Int32(len))
                    lastBeer.append(-1)
                    perWord.append(0)
                    slots[s] = Int32(word)
                    if offset.count * 2 > slots.count { grow() }
                }
                // A word used twice in one name lists the beer once.
                if lastBeer[word] != Int32(beer) {
                    lastBeer[word] = Int32(beer)
                    perWord[word] += 1
                    occurrence.append(Int32(word))
                    occurrenceBeer.append(Int32(beer))
                }
            }
        }
        // Postings by counting: occurrences come beer by beer, so each list ascends.
        var postingStart = [Int](repeating: 0, count: offset.count + 1)
        for w in perWord.indices { postingStart[w + 1] = postingStart[w] + perWord[w] }
        var fill = Array(postingStart.dropLast())
        let postings = AlignedBuffer<Int32>(count: occurrence.count, repeating: 0)
        for (word, beer) in zip(occurrence, occurrenceBeer) {
            postings[fill[Int(word)]] = beer
            fill[Int(word)] += 1
        }
        return Built(
            offset: AlignedBuffer(copying: offset), length: AlignedBuffer(copying: length),
            postingStart: AlignedBuffer(copying: postingStart), postings: postings,
            slots: AlignedBuffer(copying: slots))
    }
}
