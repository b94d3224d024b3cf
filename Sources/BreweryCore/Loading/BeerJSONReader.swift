import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a JSON array of Punk API beers straight from its bytes, several times faster
/// than `JSONDecoder` on a large catalogue.
///
/// It reads the common shape only and gives up — returning nil — on anything else:
/// malformed JSON, a wrong type, a duplicate field, a number it would not read exactly
/// as `JSONDecoder` does. ``CatalogueDecoder`` then decodes the same bytes with
/// `JSONDecoder`, which either agrees (the unusual was still valid) or names the record
/// and field at fault. So the two always give the same beers, and errors keep their
/// precise messages.
enum BeerJSONReader {
    /// The beers of a JSON array, or nil if the bytes are not in the common shape.
    ///
    /// From 4 MiB on, the second half is read on a second thread, starting at what looks
    /// like the first record after the middle; the first thread reads up to the first
    /// record that starts past the middle and uses the second thread's beers only if
    /// that is where they started (else it reads on alone). So the split is always at a
    /// real record boundary and the beers are those a single pass would read.
    ///
    /// `consumed`, if given, is called (from either thread) with ranges of `bytes` read
    /// to their end, about every `step` bytes, so a caller can let their memory go; they
    /// must stay readable, as a reading thread may go over them again.
    static func read(_ bytes: UnsafeRawBufferPointer, consumed: Consumed? = nil, step: Int = consumedStep) -> [Beer]? {
        readLocated(bytes, consumed: consumed, step: step)?.beers
    }

    /// As ``read(_:consumed:step:)``, with where each beer's object is in `bytes` and the
    /// checksum of its bytes (``BeerSpan``), by beer.
    ///
    /// With `detail` ``Detail/indexed``, the texts no index reads are checked as ever but
    /// not kept, and the ingredients are read into `recipes` instead of each beer (see
    /// ``Detail``); `recipes` is nil otherwise.
    static func readLocated(
        _ bytes: UnsafeRawBufferPointer, consumed: Consumed? = nil, step: Int = consumedStep, detail: Detail = .whole
    ) -> (beers: [Beer], spans: [BeerSpan], recipes: RecipeColumns?)? {
        let consumed = consumed.map { Progress(consumed: $0, step: step) }
        guard let raw = bytes.baseAddress else { return nil }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        guard bytes.count >= parallelThreshold else {
            var s = Scanner(base: base, end: bytes.count, consumed: consumed, sharing: true, detail: detail)
            guard let (beers, spans) = try? s.beers() else { return nil }
            return (beers, spans, s.recipes?.columns())
        }
        var first: (scanner: Scanner, beers: [Beer], spans: [BeerSpan], stopped: Bool)?
        var second: (start: Int, beers: [Beer], spans: [BeerSpan], recipes: RecipeColumns.Builder?)?
        let count = bytes.count
        let middle = bytes.count / 2
        Concurrently.run(
            {
                var s = Scanner(base: base, end: count, consumed: consumed, sharing: true, detail: detail)
                var out: [Beer] = []
                var spans: [BeerSpan] = []
                out.reserveCapacity(count / 256)
                guard (try? s.expect(UInt8(ascii: "["))) != nil,
                    let stopped = try? s.records(into: &out, spans: &spans, stoppingAt: middle)
                else { return }
                first = (s, out, spans, stopped)
            },
            { second = Scanner.secondHalf(base: base, end: count, from: middle, consumed: consumed, detail: detail) })
        guard case (var s, var out, var spans, let stopped)? = first else { return nil }
        first = nil  // `out` holds the only reference to its beers
        if stopped {
            if let (start, _, _, _) = second, start == s.i {
                var rest = second.unsafelyUnwrapped.beers
                spans += second.unsafelyUnwrapped.spans
                if let more = second.unsafelyUnwrapped.recipes { s.recipes?.append(more) }
                second = nil
                return (joined(&out, &rest), spans, s.recipes?.columns())
            }
            guard (try? s.records(into: &out, spans: &spans)) != nil else { return nil }
        }
        guard (try? s.finish()) != nil else { return nil }
        return (out, spans, s.recipes?.columns())
    }

    /// The beer of the one JSON object that fills `bytes` (white space around it
    /// aside), or nil if it is not in the common shape.
    static func beer(in bytes: UnsafeRawBufferPointer) -> Beer? {
        guard let raw = bytes.baseAddress else { return nil }
        var s = Scanner(base: raw.assumingMemoryBound(to: UInt8.self), end: bytes.count)
        s.skipSpace()
        guard let beer = try? s.beer() else { return nil }
        s.skipSpace()
        return s.i == s.end ? beer : nil
    }

    /// How much of each beer to keep.
    enum Detail: Sendable {
        /// Every field.
        case whole
        /// What the catalogue's indexes read: the tagline, description, image, brewer's
        /// tips, contributor and the method's mash steps and twist are read and checked
        /// exactly as for ``whole`` (so the same files are read, or not), but not kept:
        /// such a text is nil, empty, or ``unread`` for any other, which is all the
        /// statistics ask of them, and the mash steps are left empty. The ingredients
        /// are read (and checked the same way) into ``RecipeColumns`` instead, and each
        /// beer's `ingredients` is nil. For a catalogue whose beers are then read from
        /// the file when shown whole (a located ``BeerList``): the texts and ingredients, most
        /// of a decoded beer's memory, are never held.
        case indexed
    }

    /// What a text read with ``Detail/indexed`` holds when it was not empty.
    static let unread = "(not read)"

    /// Below this size one thread reads it all.
    static let parallelThreshold = 4 << 20

    /// `head` then `tail`, moved into one array and both left empty. Appending would copy
    /// each beer, retaining every string and array in it, then release the originals:
    /// about a second for half a million beers with recipes. `tail` is moved into room
    /// made at the end of `head` (which the reader reserves ahead), so `head`'s beers stay
    /// where they are and no array of them all is made.
    static func joined(_ head: inout [Beer], _ tail: inout [Beer]) -> [Beer] {
        let a = head.count
        let b = tail.count
        // A beer holding nothing that is counted: it makes the room, and refills the
        // moved-from slots, so the emptied array frees nothing twice.
        let hollow = Beer(id: 0, name: "")
        head.append(contentsOf: repeatElement(hollow, count: b))
        head.withUnsafeMutableBufferPointer { to in
            tail.withUnsafeMutableBufferPointer { from in
                guard let source = from.baseAddress, let target = to.baseAddress else { return }
                (target + a).moveUpdate(from: source, count: b)
                source.initialize(repeating: hollow, count: b)
            }
        }
        let all = head
        head = []
        tail = []
        return all
    }

    /// Told of byte ranges read to their end.
    typealias Consumed = @Sendable (Range<Int>) -> Void

    /// About how many bytes a reading thread reads between two calls of its `consumed`.
    static let consumedStep = 16 << 20

    /// Whom to tell of the ranges read, and how often.
    struct Progress: Sendable {
        let consumed: Consumed
        let step: Int
    }

    /// Anything the reader does not take; the caller falls back to `JSONDecoder`.
    struct Unusual: Error {}

    /// A key the reader knows, as a bit of a mask (to catch duplicates): a key of a
    /// nested object, the v3 `image`, or a beer's field (``BeerField``, its image under
    /// `image_url`). `name` is both a beer's field and a malt's or hop's.
    struct Field: Equatable {
        let rawValue: Int

        static var value: Field { Field(rawValue: 0) }
        static var unit: Field { Field(rawValue: 1) }
        static var mashTemp: Field { Field(rawValue: 2) }
        static var fermentation: Field { Field(rawValue: 3) }
        static var twist: Field { Field(rawValue: 4) }
        static var temp: Field { Field(rawValue: 5) }
        static var duration: Field { Field(rawValue: 6) }
        static var malt: Field { Field(rawValue: 7) }
        static var hops: Field { Field(rawValue: 8) }
        static var yeast: Field { Field(rawValue: 9) }
        static var amount: Field { Field(rawValue: 10) }
        static var add: Field { Field(rawValue: 11) }
        static var attribute: Field { Field(rawValue: 12) }
        /// The Punk API v3 key of a beer's image.
        static var imageV3: Field { Field(rawValue: 13) }
        /// Where a beer's fields start.
        static var firstBeerField: Int { 14 }

        /// The key of a beer's `field`.
        init(_ field: BeerField) { rawValue = Self.firstBeerField + field.rawValue }
        private init(rawValue: Int) { self.rawValue = rawValue }

        static var name: Field { Field(.name) }

        /// The beer's field this key names in a beer's object (either image key names
        /// ``BeerField/image``), or nil for a nested object's key.
        var beerField: BeerField? {
            self == .imageV3 ? .image : BeerField(rawValue: rawValue - Self.firstBeerField)
        }

        static let byKey: [[UInt8]: Field] = {
            let nested: [(String, Field)] = [
                ("value", .value), ("unit", .unit), ("mash_temp", .mashTemp), ("fermentation", .fermentation),
                ("twist", .twist), ("temp", .temp), ("duration", .duration), ("malt", .malt), ("hops", .hops),
                ("yeast", .yeast), ("amount", .amount), ("add", .add), ("attribute", .attribute),
                (Beer.ImageKey.image.rawValue, .imageV3),
            ]
            let keys = nested + BeerField.allCases.map { ($0.key, Field($0)) }
            precondition(keys.count <= 64, "a key's bit must fit the reader's 64-bit mask")
            return Dictionary(uniqueKeysWithValues: keys.map { (Array($0.0.utf8), $0.1) })
        }()
        /// Keys by length, then the candidates of that length (few), for a lookup
        /// without hashing or allocating.
        static let byLength: [[([UInt8], Field)]] = {
            var table = [[([UInt8], Field)]](repeating: [], count: 18)
            for (k, f) in byKey { table[k.count].append((k, f)) }
            return table
        }()
    }

    /// The known keys of up to 16 bytes as their first and last 8 bytes (which overlap
    /// below 16), by length: found with two integer compares each, no arrays touched
    /// (read-only once made, hence `nonisolated(unsafe)`).
    enum KeyTable {
        struct Entry {
            let head: UInt64
            let tail: UInt64
            let field: Field
        }

        /// The entries, by length.
        nonisolated(unsafe) static let entries: UnsafeBufferPointer<Entry> = {
            var list: [Entry] = []
            for n in 0...16 {
                for (key, field) in Field.byLength[n] {
                    key.withUnsafeBufferPointer { b in
                        let m = min(n, 8)
                        list.append(
                            Entry(
                                head: word(b.baseAddress!, count: m), tail: word(b.baseAddress! + n - m, count: m),
                                field: field))
                    }
                }
            }
            let buffer = UnsafeMutableBufferPointer<Entry>.allocate(capacity: list.count)
            _ = buffer.initialize(from: list)
            return UnsafeBufferPointer(buffer)  // kept for the process's life
        }()

        /// Where the entries of each length start, and one past the last (18 values).
        nonisolated(unsafe) static let starts: UnsafeBufferPointer<Int> = {
            var at = 0
            var list: [Int] = []
            for n in 0...16 {
                list.append(at)
                at += Field.byLength[n].count
            }
            list.append(at)
            let buffer = UnsafeMutableBufferPointer<Int>.allocate(capacity: list.count)
            _ = buffer.initialize(from: list)
            return UnsafeBufferPointer(buffer)
        }()

        /// Up to 8 bytes at `p` as one integer (the first in the low byte).
        @inline(__always)
        static func word(_ p: UnsafePointer<UInt8>, count: Int) -> UInt64 {
            var w: UInt64 = 0
            for j in 0..<count { w |= UInt64(p[j]) << UInt64(8 * j) }
            return w
        }
    }

    struct Scanner {
        let base: UnsafePointer<UInt8>
        let end: Int
        var i = 0
        /// Told of the ranges ``records(into:stoppingAt:)`` reads.
        let consumed: Progress?
        /// Texts of 16 to 64 bytes read before, one per slot by a hash of their bytes (a
        /// new text takes its slot); nil when not kept. Beers repeat yeasts, hop and malt
        /// names, tips, taglines and pairings: each repeat then shares the one string read
        /// first instead of allocating its own (shorter ones are stored inline anyway).
        var recent: [String]?
        /// How much of each beer is kept.
        let detail: Detail
        /// With ``Detail/indexed``, the beers' ingredients, read into columns instead of
        /// each beer's `ingredients`.
        var recipes: RecipeColumns.Builder?
        /// The yeast line of the beer being read into ``recipes`` (−1: none yet).
        var yeastLine: Int32 = -1
        /// The style concepts of the texts of the beer being read into ``recipes``.
        var styleTexts = StyleTexts()
        /// ``KeyTable``'s entries and starts, read once (a static is checked for its
        /// first use at every read).
        let keyEntries = KeyTable.entries
        let keyStarts = KeyTable.starts

        /// A scanner of `base[0..<end]`, keeping ``recent`` texts if `sharing` (for a
        /// whole catalogue, not one beer).
        init(
            base: UnsafePointer<UInt8>, end: Int, consumed: Progress? = nil, sharing: Bool = false, detail: Detail = .whole
        ) {
            self.base = base
            self.end = end
            self.consumed = consumed
            self.detail = detail
            recent = sharing ? [String](repeating: "", count: Self.recentSlots) : nil
            recipes = detail == .indexed ? RecipeColumns.Builder() : nil
        }

        static let recentSlots = 4096

        /// The text of `bytes` (valid UTF-8, `high` their OR'ed bits): a recent string if
        /// one has these bytes, else a new one, kept.
        @inline(__always)
        mutating func shared(_ bytes: UnsafeBufferPointer<UInt8>, high: UInt8) throws(Unusual) -> String {
            let n = bytes.count
            guard recent != nil, n >= 16, n <= 64 else {
                guard let s = UTF8Text.string(bytes, high: high) else { throw Unusual() }
                return s
            }
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            let head = raw.loadUnaligned(as: UInt64.self)
            let tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            let mixed = (head ^ (tail &<< 29 | tail &>> 35) ^ UInt64(n)) &* 0x9E37_79B9_7F4A_7C15
            let slot = Int(truncatingIfNeeded: mixed >> 52) & (Self.recentSlots - 1)
            let known = recent.unsafelyUnwrapped[slot]
            let same =
                known.utf8.count == n
                && known.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, raw, n) == 0 } == true
            if same { return known }
            guard let s = UTF8Text.string(bytes, high: high) else { throw Unusual() }
            recent![slot] = s
            return s
        }

        // MARK: Structure

        mutating func beers() throws(Unusual) -> (beers: [Beer], spans: [BeerSpan]) {
            var out: [Beer] = []
            var spans: [BeerSpan] = []
            // A beer takes a few hundred bytes of JSON; reserving (address space, touched
            // only as filled) spares copying a growing array.
            out.reserveCapacity(end / 256)
            try expect(UInt8(ascii: "["))
            skipSpace()
            if i < end, base[i] != UInt8(ascii: "]") { _ = try records(into: &out, spans: &spans) }
            try finish()
            return (out, spans)
        }

        /// Reads comma-separated beers into `out`, and where each is into `spans`, up to
        /// the array's end (false) or up to the first beer that starts at or after `stop`
        /// (true, left unread).
        mutating func records(into out: inout [Beer], spans: inout [BeerSpan], stoppingAt stop: Int = .max) throws(Unusual)
            -> Bool
        {
            var reported = i
            while true {
                let start = i
                out.append(try beer())
                let bytes = UnsafeRawBufferPointer(start: base + start, count: i - start)
                spans.append(BeerSpan(range: start..<i, checksum: Checksum.of(bytes)))
                if let consumed, i - reported >= consumed.step {
                    consumed.consumed(reported..<i)
                    reported = i
                }
                guard try consume(UInt8(ascii: ",")) else { return false }
                skipSpace()
                if i >= stop { return true }
            }
        }

        /// Reads the array's `]` and checks nothing but white space follows.
        mutating func finish() throws(Unusual) {
            try expect(UInt8(ascii: "]"))
            skipSpace()
            guard i == end else { throw Unusual() }
        }

        /// The beers from the first place at or after `from` where a beer that reads
        /// through to the end of the array starts: a `{` after a `,` (and white space).
        static func secondHalf(
            base: UnsafePointer<UInt8>, end: Int, from: Int, consumed: Progress? = nil, detail: Detail = .whole
        ) -> (start: Int, beers: [Beer], spans: [BeerSpan], recipes: RecipeColumns.Builder?)? {
            var k = from
            for _ in 0..<256 {
                while k < end, base[k] != UInt8(ascii: "{") { k += 1 }
                guard k < end else { return nil }
                var j = k - 1
                while j > 0, base[j] == 0x20 || base[j] == 0x0A || base[j] == 0x0D || base[j] == 0x09 { j -= 1 }
                if base[j] == UInt8(ascii: ",") {
                    var s = Scanner(base: base, end: end, consumed: consumed, sharing: true, detail: detail)
                    s.i = k
                    var out: [Beer] = []
                    var spans: [BeerSpan] = []
                    out.reserveCapacity((end - k) / 256)
                    if (try? s.records(into: &out, spans: &spans)) == false, (try? s.finish()) != nil {
                        return (k, out, spans, s.recipes)
                    }
                    // Beers read, then something unusual: the first thread will meet it too.
                    if !out.isEmpty { return nil }
                }
                k += 1
            }
            return nil
        }

        @inline(__always)
        mutating func skipSpace() {
            // A local cursor, stored once: pretty-printed JSON indents every line.
            var k = i
            // Runs of eight spaces (indentation) a word at a time.
            while k + 8 <= end, UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                k += 8
            }
            while k < end {
                let c = base[k]
                guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { break }
                k += 1
            }
            i = k
        }

        /// Skips space, then consumes `c` if it is next.
        @inline(__always)
        mutating func consume(_ c: UInt8) throws(Unusual) -> Bool {
            skipSpace()
            guard i < end else { throw Unusual() }
            if base[i] == c {
                i += 1
                return true
            }
            return false
        }

        mutating func expect(_ c: UInt8) throws(Unusual) {
            guard try consume(c) else { throw Unusual() }
        }

        /// Consumes `null` if it is next.
        mutating func null() throws(Unusual) -> Bool {
            skipSpace()
            guard i + 4 <= end, base[i] == UInt8(ascii: "n") else { return false }
            guard base[i + 1] == UInt8(ascii: "u"), base[i + 2] == UInt8(ascii: "l"), base[i + 3] == UInt8(ascii: "l")
            else { throw Unusual() }
            i += 4
            return true
        }

        /// Reads an object's members: `body` is called with each known key (unknown keys'
        /// values are skipped); a key seen twice is unusual.
        mutating func object(_ body: (inout Scanner, Field) throws(Unusual) -> Void) throws(Unusual) {
            try expect(UInt8(ascii: "{"))
            if try consume(UInt8(ascii: "}")) { return }
            var seen: UInt64 = 0
            repeat {
                let field = try key()
                try expect(UInt8(ascii: ":"))
                if let field {
                    let bit: UInt64 = 1 << UInt64(field.rawValue)
                    guard seen & bit == 0 else { throw Unusual() }
                    seen |= bit
                    try body(&self, field)
                } else {
                    try skipValue()
                }
            } while try consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        }

        /// Reads an array, calling `element` for each element.
        mutating func array(_ element: (inout Scanner) throws(Unusual) -> Void) throws(Unusual) {
            try expect(UInt8(ascii: "["))
            if try consume(UInt8(ascii: "]")) { return }
            repeat { try element(&self) } while try consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
        }

        /// An object key: the field it names, or nil for another key.
        mutating func key() throws(Unusual) -> Field? {
            skipSpace()
            guard i < end, base[i] == UInt8(ascii: "\"") else { throw Unusual() }
            let start = i + 1
            var k = start
            while k < end, base[k] != UInt8(ascii: "\""), base[k] != UInt8(ascii: "\\"), base[k] >= 0x20 { k += 1 }
            guard k < end, base[k] == UInt8(ascii: "\"") else {
                // An escaped key: read it in full and look it up.
                let s = try string()
                return Field.byKey[Array(s.utf8)]
            }
            i = k + 1
            let n = k - start
            guard n <= 16 else {
                guard n < Field.byLength.count else { return nil }
                for (bytes, field) in Field.byLength[n] where matches(bytes, at: start) { return field }
                return nil
            }
            // Up to 16 bytes, the first 8 and the last 8 are the whole key.
            let m = min(n, 8)
            let head = word(at: start, count: m)
            let tail = word(at: k - m, count: m)
            let table = keyEntries
            for j in keyStarts[n]..<keyStarts[n + 1] where table[j].head == head && table[j].tail == tail {
                return table[j].field
            }
            return nil
        }

        /// Up to 8 bytes at `k` as one integer (the first in the low byte), as
        /// ``KeyTable/word(_:count:)``: one load where 8 bytes are there to read.
        @inline(__always)
        func word(at k: Int, count: Int) -> UInt64 {
            guard k + 8 <= end else { return KeyTable.word(base + k, count: count) }
            let w = UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self))
            return count == 8 ? w : w & ((1 << UInt64(8 * count)) - 1)
        }

        /// Skips any JSON value, nested at most 256 deep.
        mutating func skipValue(depth: Int = 0) throws(Unusual) {
            skipSpace()
            guard i < end, depth < 256 else { throw Unusual() }
            switch base[i] {
            case UInt8(ascii: "{"):
                try expect(UInt8(ascii: "{"))
                if try consume(UInt8(ascii: "}")) { return }
                repeat {
                    _ = try string()
                    try expect(UInt8(ascii: ":"))
                    try skipValue(depth: depth + 1)
                } while try consume(UInt8(ascii: ","))
                try expect(UInt8(ascii: "}"))
            case UInt8(ascii: "["): try array { s throws(Unusual) in try s.skipValue(depth: depth + 1) }
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"): try literal(Array("true".utf8))
            case UInt8(ascii: "f"): try literal(Array("false".utf8))
            case UInt8(ascii: "n"): guard try null() else { throw Unusual() }
            default: _ = try number()
            }
        }

        mutating func literal(_ word: [UInt8]) throws(Unusual) {
            guard i + word.count <= end, matches(word, at: i) else { throw Unusual() }
            i += word.count
        }

        /// Whether the bytes at `k` are `word` (the caller checked there is room).
        func matches(_ word: [UInt8], at k: Int) -> Bool {
            for j in word.indices where base[k + j] != word[j] { return false }
            return true
        }

        // MARK: Values

        /// Where the string at ``i`` (after white space) has its text start, and where its
        /// first run of plain bytes (no quote, backslash or control character) stops, with
        /// those bytes OR'ed; unusual if no string starts there or the bytes end first.
        @inline(__always)
        mutating func plainRun() throws(Unusual) -> (start: Int, stop: Int, high: UInt8) {
            skipSpace()
            guard i < end, base[i] == UInt8(ascii: "\"") else { throw Unusual() }
            let start = i + 1
            var k = start
            var high: UInt8 = 0
            while k < end, base[k] != UInt8(ascii: "\""), base[k] != UInt8(ascii: "\\"), base[k] >= 0x20 {
                high |= base[k]
                k += 1
            }
            guard k < end else { throw Unusual() }
            return (start, k, high)
        }

        /// A string, its escapes decoded; unusual if not valid UTF-8 or with a lone surrogate.
        mutating func string() throws(Unusual) -> String {
            let (start, stop, high) = try plainRun()
            var k = stop
            if base[k] == UInt8(ascii: "\"") {
                i = k + 1
                return try shared(UnsafeBufferPointer(start: base + start, count: k - start), high: high)
            }
            guard base[k] == UInt8(ascii: "\\") else { throw Unusual() }  // a raw control character
            var bytes = Array(UnsafeBufferPointer(start: base + start, count: k - start))
            while true {
                guard k < end else { throw Unusual() }
                let c = base[k]
                if c == UInt8(ascii: "\"") { break }
                guard c >= 0x20 else { throw Unusual() }
                if c != UInt8(ascii: "\\") {
                    bytes.append(c)
                    k += 1
                    continue
                }
                guard k + 1 < end else { throw Unusual() }
                k += 2
                switch base[k - 1] {
                case UInt8(ascii: "\""): bytes.append(0x22)
                case UInt8(ascii: "\\"): bytes.append(0x5C)
                case UInt8(ascii: "/"): bytes.append(0x2F)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    let (u, next) = try escapedScalar(hexAt: k)
                    k = next
                    bytes.append(contentsOf: UTF8.encode(u)!)
                default: throw Unusual()
                }
            }
            i = k + 1
            guard let s = String(validating: bytes, as: UTF8.self) else { throw Unusual() }
            return s
        }

        /// The scalar of a `\u` escape whose four hex digits are at `k` (with the low half
        /// that must follow a high surrogate), and where the escape ends; unusual for a
        /// lone surrogate.
        func escapedScalar(hexAt k: Int) throws(Unusual) -> (Unicode.Scalar, next: Int) {
            var scalar = try hex4(at: k)
            var next = k + 4
            if scalar >= 0xD800 && scalar < 0xDC00 {
                guard next + 6 <= end, base[next] == UInt8(ascii: "\\"), base[next + 1] == UInt8(ascii: "u") else {
                    throw Unusual()
                }
                let low = try hex4(at: next + 2)
                guard low >= 0xDC00 && low < 0xE000 else { throw Unusual() }
                scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                next += 6
            }
            guard let u = Unicode.Scalar(scalar) else { throw Unusual() }
            return (u, next)
        }

        func hex4(at k: Int) throws(Unusual) -> UInt32 { try Self.hex4(base, at: k, end: end) }

        /// The value of the four hex digits at `k` (before `end`); unusual for anything else.
        @inline(__always)
        static func hex4(_ base: UnsafePointer<UInt8>, at k: Int, end: Int) throws(Unusual) -> UInt32 {
            guard k + 4 <= end else { throw Unusual() }
            var v: UInt32 = 0
            for j in k..<k + 4 {
                let c = base[j]
                let d: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
                default: throw Unusual()
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }

        /// A JSON number: its value, and whether it was written as an integer.
        ///
        /// Exact: up to 15 significant digits with a small power of ten is one correctly
        /// rounded multiply or divide; anything longer goes to the standard library's
        /// correctly rounded parser.
        mutating func number() throws(Unusual) -> (value: Double, integer: Int?) {
            skipSpace()
            let start = i
            var negative = false
            if i < end, base[i] == UInt8(ascii: "-") {
                negative = true
                i += 1
            }
            var mantissa: UInt64 = 0
            var digits = 0
            let intStart = i
            while i < end, base[i] >= UInt8(ascii: "0"), base[i] <= UInt8(ascii: "9") {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(base[i] - UInt8(ascii: "0")) }
                digits += 1
                i += 1
            }
            let intDigits = i - intStart
            guard intDigits > 0, !(intDigits > 1 && base[intStart] == UInt8(ascii: "0")) else { throw Unusual() }
            var scale = 0
            var plain = true
            if i < end, base[i] == UInt8(ascii: ".") {
                plain = false
                i += 1
                let fracStart = i
                while i < end, base[i] >= UInt8(ascii: "0"), base[i] <= UInt8(ascii: "9") {
                    if digits < 19 {
                        mantissa = mantissa * 10 + UInt64(base[i] - UInt8(ascii: "0"))
                        scale -= 1
                    }
                    digits += 1
                    i += 1
                }
                guard i > fracStart else { throw Unusual() }
            }
            if i < end, base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E") {
                plain = false
                i += 1
                var expNegative = false
                if i < end, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") {
                    expNegative = base[i] == UInt8(ascii: "-")
                    i += 1
                }
                let expStart = i
                var e = 0
                while i < end, base[i] >= UInt8(ascii: "0"), base[i] <= UInt8(ascii: "9") {
                    if e < 100_000 { e = e * 10 + Int(base[i] - UInt8(ascii: "0")) }
                    i += 1
                }
                guard i > expStart else { throw Unusual() }
                scale += expNegative ? -e : e
            }
            if plain && digits <= 18 {
                let v = Int(mantissa)
                return (negative ? -Double(v) : Double(v), negative ? -v : v)
            }
            let value: Double
            if digits <= 15 && scale >= -22 && scale <= 22 {
                let m = Double(mantissa)
                let magnitude = scale < 0 ? m / Self.powersOfTen[-scale] : m * Self.powersOfTen[scale]
                value = negative ? -magnitude : magnitude
            } else {
                // The text, sign included.
                let text = String(decoding: UnsafeBufferPointer(start: base + start, count: i - start), as: UTF8.self)
                guard let parsed = Double(text) else { throw Unusual() }
                value = parsed
            }
            guard value.isFinite else { throw Unusual() }
            return (value, nil)
        }

        /// 1e0 … 1e22, each exact in a Double.
        static let powersOfTen: [Double] = (0...22).map { n in (0..<n).reduce(1.0) { v, _ in v * 10 } }

        // MARK: Beer fields

        mutating func optionalString() throws(Unusual) -> String? {
            try null() ? nil : try string()
        }

        /// A text no index reads: ``optionalString()``, or with ``Detail/indexed`` the
        /// same checks (``checkString()``) but only nil, empty or
        /// ``BeerJSONReader/unread`` kept.
        mutating func optionalText() throws(Unusual) -> String? {
            guard detail == .indexed else { return try optionalString() }
            if try null() { return nil }
            return try checkString() ? "" : BeerJSONReader.unread
        }

        /// A text the style concepts are read from (``StyleTexts``), with
        /// ``Detail/indexed``: read whole, its concepts kept in ``styleTexts``, and then
        /// kept as ``optionalText()`` keeps it.
        mutating func styleText(at place: StyleTexts.Place) throws(Unusual) -> String? {
            if try null() { return nil }
            let (start, stop, high) = try plainRun()
            if base[stop] == UInt8(ascii: "\""), high < 0x80 {
                // ASCII without escapes (valid as it is): read in place, no string made.
                i = stop + 1
                styleTexts.read(UnsafeBufferPointer(start: base + start, count: stop - start), at: place)
                return stop == start ? "" : BeerJSONReader.unread
            }
            let text = try string()
            styleTexts.read(text, at: place)
            return text.isEmpty ? "" : BeerJSONReader.unread
        }

        /// Reads past a string, refusing what ``string()`` refuses (a raw control
        /// character, a bad escape, a lone surrogate, bytes that are not UTF-8) without
        /// making it; returns whether it is empty.
        mutating func checkString() throws(Unusual) -> Bool {
            skipSpace()
            guard i < end, base[i] == UInt8(ascii: "\"") else { throw Unusual() }
            let start = i + 1
            var k = start
            while true {
                guard k < end else { throw Unusual() }
                let c = base[k]
                if c == UInt8(ascii: "\"") { break }
                if c >= 0x20 && c < 0x80 && c != UInt8(ascii: "\\") {
                    k += 1
                } else if c >= 0x80 {
                    k = try Self.utf8Sequence(base, at: k, end: end)
                } else {
                    guard c == UInt8(ascii: "\\"), k + 1 < end else { throw Unusual() }
                    switch base[k + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        k += 2
                    case UInt8(ascii: "u"): k = try escapedScalar(hexAt: k + 2).next
                    default: throw Unusual()
                    }
                }
            }
            i = k + 1
            return k == start
        }

        /// Past the one UTF-8 sequence of two to four bytes that starts at `k` (its lead
        /// byte ≥ 0x80), by the well-formed byte sequences of the Unicode Standard
        /// (table 3-7: no overlong forms, surrogates or values past U+10FFFF).
        @inline(__always)
        static func utf8Sequence(_ base: UnsafePointer<UInt8>, at k: Int, end: Int) throws(Unusual) -> Int {
            let lead = base[k]
            let count: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: count = 2
            case 0xE0:
                count = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: count = 3
            case 0xED:
                count = 3
                high = 0x9F
            case 0xF0:
                count = 4
                low = 0x90
            case 0xF1...0xF3: count = 4
            case 0xF4:
                count = 4
                high = 0x8F
            default: throw Unusual()
            }
            guard k + count <= end, base[k + 1] >= low, base[k + 1] <= high else { throw Unusual() }
            for j in k + 2..<k + count where base[j] < 0x80 || base[j] > 0xBF { throw Unusual() }
            return k + count
        }

        mutating func optionalDouble() throws(Unusual) -> Double? {
            try null() ? nil : try number().value
        }

        mutating func amount() throws(Unusual) -> Beer.Amount? {
            if try null() { return nil }
            var a = Beer.Amount(value: nil, unit: nil)
            try object { s, f throws(Unusual) in
                switch f {
                case .value: a.value = try s.optionalDouble()
                case .unit: a.unit = try s.optionalString()
                default: try s.skipValue()
                }
            }
            return a
        }

        mutating func method() throws(Unusual) -> Beer.Method? {
            if try null() { return nil }
            var m = Beer.Method()
            try object { s, f throws(Unusual) in
                switch f {
                case .mashTemp:
                    if try s.null() { return }
                    try s.array { s throws(Unusual) in
                        var step = Beer.MashStep(temp: nil, duration: nil)
                        try s.object { s, f throws(Unusual) in
                            switch f {
                            case .temp: step.temp = try s.amount()
                            case .duration: step.duration = try s.optionalDouble()
                            default: try s.skipValue()
                            }
                        }
                        if s.detail == .whole { m.mashTemp.append(step) }
                    }
                case .fermentation:
                    if try s.null() { return }
                    var temp: Beer.Amount?
                    try s.object { s, f throws(Unusual) in
                        if f == .temp { temp = try s.amount() } else { try s.skipValue() }
                    }
                    m.fermentation = Beer.Fermentation(temp: temp)
                case .twist: m.twist = s.recipes != nil ? try s.styleText(at: .head) : try s.optionalText()
                default: try s.skipValue()
                }
            }
            return m
        }

        /// A text's number among ``recipes``' texts (−1 for null), read and refused as
        /// ``optionalString()`` reads and refuses it, without making a string for a text
        /// met before.
        mutating func optionalTextNumber() throws(Unusual) -> Int32 {
            if try null() { return -1 }
            let (start, k, high) = try plainRun()
            guard base[k] == UInt8(ascii: "\"") else {
                // Escapes (or a control character): as the whole read reads it.
                let text = try string()
                return recipes!.interner.number(of: text)
            }
            i = k + 1
            return try recipes!.interner.number(of: UnsafeBufferPointer(start: base + start, count: k - start)) {
                (bytes) throws(Unusual) -> String in
                guard let text = UTF8Text.string(bytes, high: high) else { throw Unusual() }
                return text
            }
        }

        /// An amount's value and its unit's text number, read as ``amount()`` reads it.
        mutating func amountNumbers() throws(Unusual) -> (value: Double?, unit: Int32) {
            if try null() { return (nil, -1) }
            var value: Double?
            var unit: Int32 = -1
            try object { s, f throws(Unusual) in
                switch f {
                case .value: value = try s.optionalDouble()
                case .unit: unit = try s.optionalTextNumber()
                default: try s.skipValue()
                }
            }
            return (value, unit)
        }

        /// A beer's ingredients, read into ``recipes`` (its yeast line's number into
        /// ``yeastLine``) and checked as ``ingredients()`` checks them.
        mutating func ingredientColumns() throws(Unusual) {
            if try null() { return }
            try object { s, f throws(Unusual) in
                switch f {
                case .malt:
                    if try s.null() { return }
                    try s.array { s throws(Unusual) in
                        var name: Int32 = -1
                        try s.object { s, f throws(Unusual) in
                            switch f {
                            case .name: name = try s.optionalTextNumber()
                            case .amount: _ = try s.amountNumbers()
                            default: try s.skipValue()
                            }
                        }
                        s.recipes!.addMalt(name: name)
                    }
                case .hops:
                    if try s.null() { return }
                    try s.array { s throws(Unusual) in
                        var name: Int32 = -1
                        var add: Int32 = -1
                        var attribute: Int32 = -1
                        var amount: (value: Double?, unit: Int32) = (nil, -1)
                        try s.object { s, f throws(Unusual) in
                            switch f {
                            case .name: name = try s.optionalTextNumber()
                            case .amount: amount = try s.amountNumbers()
                            case .add: add = try s.optionalTextNumber()
                            case .attribute: attribute = try s.optionalTextNumber()
                            default: try s.skipValue()
                            }
                        }
                        s.recipes!.addHop(name: name, add: add, attribute: attribute, value: amount.value, unit: amount.unit)
                    }
                case .yeast: s.yeastLine = try s.optionalTextNumber()
                default: try s.skipValue()
                }
            }
        }

        mutating func ingredients() throws(Unusual) -> Beer.Ingredients? {
            if recipes != nil {
                try ingredientColumns()
                return nil
            }
            if try null() { return nil }
            var g = Beer.Ingredients()
            try object { s, f throws(Unusual) in
                switch f {
                case .malt:
                    if try s.null() { return }
                    try s.array { s throws(Unusual) in
                        var malt = Beer.Malt(name: nil, amount: nil)
                        try s.object { s, f throws(Unusual) in
                            switch f {
                            case .name: malt.name = try s.optionalString()
                            case .amount: malt.amount = try s.amount()
                            default: try s.skipValue()
                            }
                        }
                        g.malt.append(malt)
                    }
                case .hops:
                    if try s.null() { return }
                    try s.array { s throws(Unusual) in
                        var hop = Beer.Hop(name: nil, amount: nil, add: nil, attribute: nil)
                        try s.object { s, f throws(Unusual) in
                            switch f {
                            case .name: hop.name = try s.optionalString()
                            case .amount: hop.amount = try s.amount()
                            case .add: hop.add = try s.optionalString()
                            case .attribute: hop.attribute = try s.optionalString()
                            default: try s.skipValue()
                            }
                        }
                        g.hops.append(hop)
                    }
                case .yeast: g.yeast = try s.optionalString()
                default: try s.skipValue()
                }
            }
            return g
        }

        /// A beer's object, field by field as ``BeerField`` lists them.
        mutating func beer() throws(Unusual) -> Beer {
            var b = Beer(id: 0, name: "")
            var hasID = false
            var hasName = false
            var hasImageURL = false
            try object { s, key throws(Unusual) in
                guard let field = key.beerField else { return try s.skipValue() }
                switch field.kind {
                case .identifier:
                    guard let id = try s.number().integer else { throw Unusual() }
                    b[field] = .identifier(id)
                    hasID = true
                case .name:
                    b[field] = .name(try s.string())
                    hasName = true
                case .text:
                    if let place = field.stylePlace, s.recipes != nil {
                        b[field] = .text(try s.styleText(at: place))
                    } else {
                        b[field] = .text(field.isIndexed ? try s.optionalString() : try s.optionalText())
                    }
                case .image:
                    // `image_url` is the one kept when both are there.
                    let text = try s.optionalText()
                    if key != .imageV3 {
                        b[field] = .image(text, .imageURL)
                        hasImageURL = true
                    } else if !hasImageURL {
                        b[field] = .image(text, .image)
                    }
                case .number: b[field] = .number(try s.optionalDouble())
                case .amount: b[field] = .amount(try s.amount())
                case .method: b[field] = .method(try s.method())
                case .ingredients: b[field] = .ingredients(try s.ingredients())
                case .texts:
                    if try s.null() { return }
                    var texts: [String] = []
                    try s.array { s throws(Unusual) in texts.append(try s.string()) }
                    b[field] = .texts(texts)
                }
            }
            guard hasID, hasName else { throw Unusual() }
            if recipes != nil {
                recipes!.endBeer(yeast: yeastLine, style: styleTexts)
                yeastLine = -1
                styleTexts = StyleTexts()
            }
            return b
        }
    }
}
