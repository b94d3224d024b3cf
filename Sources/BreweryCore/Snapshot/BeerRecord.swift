/// One beer as a compact record that reads back to the same beer: its fields in
/// declaration order, strings as LEB128 length and UTF-8, optionals behind a presence
/// byte, arrays behind a count.
///
/// Numbers that are whole thousandths are written as zigzag integers, and the short
/// texts beers share are written once (``SharedStrings``) and referred to by number. A
/// snapshot of a file the fast reader read keeps *located* records instead: what lists
/// show and where the beer is in the file (``BeerSource``). docs/internals.md ("snapshot")
/// has the details.
enum BeerRecord {
    /// Decodes the record that fills `bytes` exactly.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ strings: SharedStrings) throws(CatalogueSnapshot.ReadError)
        -> Beer
    {
        var r = Reader(bytes, strings)
        let beer = try r.beer()
        guard r.offset == bytes.count else { throw .corrupt(offset: r.offset) }
        return beer
    }

    /// Decodes only the id, name, abv, ibu and ebc of the record in `bytes`, skipping the
    /// rest of the text.
    static func basics(_ bytes: UnsafeBufferPointer<UInt8>, _ strings: SharedStrings) throws(CatalogueSnapshot.ReadError)
        -> BeerBasics
    {
        var r = Reader(bytes, strings)
        var id = 0
        var name = ""
        var abv: Double?
        var ibu: Double?
        var ebc: Double?
        for field in BeerField.allCases {
            switch field {
            case .id: id = try r.varint()
            case .name: name = try r.string()
            case .abv: abv = try r.double()
            case .ibu: ibu = try r.double()
            case .ebc: ebc = try r.double()
            default: try r.skip(field)
            }
            if field == .ebc { break }
        }
        return BeerBasics(id: id, name: name, abv: abv, ibu: ibu, ebc: ebc)
    }

    /// Decodes a located record (``Writer/located(_:span:)``): the beer's basics, its
    /// food pairings if `pairings` (else none), and where its object is in the source file.
    static func located(_ bytes: UnsafeBufferPointer<UInt8>, pairings: Bool = false) throws(CatalogueSnapshot.ReadError) -> (
        basics: BeerBasics, pairings: [String], span: BeerSpan
    ) {
        var r = Reader(bytes, SharedStrings())
        let id = try r.varint()
        let name = try r.string()
        let abv = try r.double()
        let ibu = try r.double()
        let ebc = try r.double()
        var list: [String] = []
        let n = try r.count()
        if pairings {
            list.reserveCapacity(n)
            for _ in 0..<n { list.append(try r.string()) }
        } else {
            for _ in 0..<n { try r.skipString() }
        }
        let start = try r.varint()
        let count = try r.varint()
        let checksum = try r.word()
        guard start >= 0, count > 0, count <= Int.max - start, r.offset == bytes.count else {
            throw .corrupt(offset: r.offset)
        }
        let span = BeerSpan(range: start..<start + count, checksum: checksum)
        return (BeerBasics(id: id, name: name, abv: abv, ibu: ibu, ebc: ebc), list, span)
    }

    /// Decodes only the name of the record in `bytes` (it follows the id, in both kinds).
    static func name(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogueSnapshot.ReadError) -> String {
        var r = Reader(bytes, SharedStrings())
        _ = try r.varint()
        return try r.string()
    }

    // MARK: - Writing

    /// Appends records (``beer(_:)``) to ``bytes``, the texts they share to ``strings``.
    struct Writer {
        var bytes: [UInt8] = []
        var strings = SharedStrings()
        /// Each shared text's number in ``strings``.
        private var sharedNumber: [String: Int] = [:]

        mutating func varint(_ v: Int) {
            var x = UInt64(bitPattern: Int64(v))  // a negative value takes ten bytes, never a trap
            while x >= 0x80 {
                bytes.append(UInt8(x & 0x7F) | 0x80)
                x >>= 7
            }
            bytes.append(UInt8(x))
        }
        mutating func string(_ s: String) {
            var s = s
            s.withUTF8 { u in
                varint(u.count)
                bytes.append(contentsOf: u)
            }
        }
        mutating func string(_ s: String?) {
            guard let s else { return bytes.append(0) }
            bytes.append(1)
            string(s)
        }
        /// A text many beers may share: 0 for none, 2k + 1 for shared string k, else
        /// 2(n + 1) and the n bytes (once ``SharedStrings/capacity`` texts are shared).
        mutating func shared(_ text: String?) {
            guard var s = text else { return bytes.append(0) }
            if let k = sharedNumber[s] { return varint(2 * k + 1) }
            if strings.count < SharedStrings.capacity {
                sharedNumber[s] = strings.count
                varint(2 * strings.count + 1)
                strings.append(s)
                return
            }
            s.withUTF8 { u in
                varint(2 * (u.count + 1))
                bytes.append(contentsOf: u)
            }
        }
        /// A number: tag 0 for none; 2…5 for a whole number of units, tenths, hundredths
        /// or thousandths that divides back to exactly `d`, then that integer; else 1 and
        /// its IEEE-754 bits.
        mutating func double(_ d: Double?) {
            guard let d else { return bytes.append(0) }
            for (tag, scale) in BeerRecord.scales.enumerated() {
                let n = (d * scale).rounded()
                guard abs(n) < 0x1p52 else { break }
                let whole = Int64(n)
                guard (Double(whole) / scale).bitPattern == d.bitPattern else { continue }
                bytes.append(UInt8(tag + 2))
                varint(Int((whole << 1) ^ (whole >> 63)))
                return
            }
            bytes.append(1)
            withUnsafeBytes(of: d.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        mutating func amount(_ a: Beer.Amount?) {
            guard let a else { return bytes.append(0) }
            bytes.append(1)
            double(a.value)
            shared(a.unit)
        }
        /// A located record: the id, name, abv, ibu, ebc and food pairings (what lists
        /// show), then the `span` of the beer's object in its source file (its start and
        /// length) and the ``Checksum`` of its bytes there (8 bytes, little-endian).
        ///
        /// Given the fields, not the beer: a beer passed from an array is copied first
        /// (every text and list in it retained, then released).
        mutating func located(
            id: Int, name: String, abv: Double?, ibu: Double?, ebc: Double?, pairings: [String], span: BeerSpan
        ) {
            varint(Int(bitPattern: UInt(bitPattern: id)))
            string(name)
            double(abv)
            double(ibu)
            double(ebc)
            varint(pairings.count)
            for p in pairings { string(p) }
            varint(span.range.lowerBound)
            varint(span.range.count)
            withUnsafeBytes(of: span.checksum.littleEndian) { bytes.append(contentsOf: $0) }
        }

        /// The beer's fields in ``BeerField`` order: a shared text as ``shared(_:)``, any
        /// other behind a presence byte; the image then 0 (`image_url`) or 1 (`image`).
        mutating func beer(_ b: Beer) {
            for field in BeerField.allCases {
                switch b[field] {
                case .identifier(let v): varint(v)
                case .name(let v): string(v)
                case .text(let v): field.isShared ? shared(v) : string(v)
                case .image(let v, let key):
                    shared(v)
                    bytes.append(key == .imageURL ? 0 : 1)
                case .number(let v): double(v)
                case .amount(let v): amount(v)
                case .method(let v): method(v)
                case .ingredients(let v): ingredients(v)
                case .texts(let v):
                    varint(v.count)
                    for text in v { string(text) }
                }
            }
        }

        mutating func method(_ m: Beer.Method?) {
            guard let m else { return bytes.append(0) }
            bytes.append(1)
            varint(m.mashTemp.count)
            for s in m.mashTemp {
                amount(s.temp)
                double(s.duration)
            }
            if let f = m.fermentation {
                bytes.append(1)
                amount(f.temp)
            } else {
                bytes.append(0)
            }
            shared(m.twist)
        }

        mutating func ingredients(_ g: Beer.Ingredients?) {
            guard let g else { return bytes.append(0) }
            bytes.append(1)
            varint(g.malt.count)
            for m in g.malt {
                shared(m.name)
                amount(m.amount)
            }
            varint(g.hops.count)
            for h in g.hops {
                shared(h.name)
                amount(h.amount)
                shared(h.add)
                shared(h.attribute)
            }
            shared(g.yeast)
        }
    }

    // MARK: - Reading

    /// Reads a record's fields from a byte range, checking every length against it.
    struct Reader {
        let buf: UnsafeBufferPointer<UInt8>
        let strings: SharedStrings
        var offset = 0

        init(_ buf: UnsafeBufferPointer<UInt8>, _ strings: SharedStrings) {
            self.buf = buf
            self.strings = strings
        }

        mutating func byte() throws(CatalogueSnapshot.ReadError) -> UInt8 {
            guard offset < buf.count else { throw .corrupt(offset: offset) }
            defer { offset += 1 }
            return buf[offset]
        }
        mutating func present() throws(CatalogueSnapshot.ReadError) -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            default: throw .corrupt(offset: offset - 1)
            }
        }
        /// Eight bytes, little-endian.
        mutating func word() throws(CatalogueSnapshot.ReadError) -> UInt64 {
            guard buf.count - offset >= 8 else { throw .corrupt(offset: offset) }
            defer { offset += 8 }
            return UInt64(littleEndian: UnsafeRawPointer(buf.baseAddress! + offset).loadUnaligned(as: UInt64.self))
        }
        mutating func varint() throws(CatalogueSnapshot.ReadError) -> Int {
            var x: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let b = try byte()
                guard shift < 64 else { throw .corrupt(offset: offset) }
                x |= UInt64(b & 0x7F) << shift
                if b < 0x80 { break }
                shift += 7
            }
            return Int(truncatingIfNeeded: x)
        }
        mutating func string() throws(CatalogueSnapshot.ReadError) -> String {
            let n = try varint()
            guard n >= 0, n <= buf.count - offset else { throw .corrupt(offset: offset) }
            defer { offset += n }
            let slice = UnsafeBufferPointer(rebasing: buf[offset..<offset + n])
            guard let s = UTF8Text.string(slice) else { throw .corrupt(offset: offset) }
            return s
        }
        mutating func skipString() throws(CatalogueSnapshot.ReadError) {
            let n = try varint()
            guard n >= 0, n <= buf.count - offset else { throw .corrupt(offset: offset) }
            offset += n
        }
        mutating func optionalString() throws(CatalogueSnapshot.ReadError) -> String? {
            try present() ? try string() : nil
        }
        /// A text written by ``Writer/shared(_:)``.
        mutating func shared() throws(CatalogueSnapshot.ReadError) -> String? {
            let at = offset
            let code = try varint()
            guard code >= 0 else { throw .corrupt(offset: at) }
            guard code > 0 else { return nil }
            if code & 1 == 1 {
                let k = code >> 1
                guard k < strings.count else { throw .corrupt(offset: at) }
                return strings[k]
            }
            let n = (code >> 1) - 1
            guard n <= buf.count - offset else { throw .corrupt(offset: offset) }
            defer { offset += n }
            guard let s = UTF8Text.string(UnsafeBufferPointer(rebasing: buf[offset..<offset + n])) else {
                throw .corrupt(offset: offset)
            }
            return s
        }
        /// Skips a text written by ``Writer/shared(_:)``.
        mutating func skipShared() throws(CatalogueSnapshot.ReadError) {
            let code = try varint()
            guard code > 0, code & 1 == 0 else { return }
            let n = (code >> 1) - 1
            guard n <= buf.count - offset else { throw .corrupt(offset: offset) }
            offset += n
        }
        /// A number written by ``Writer/double(_:)``.
        mutating func double() throws(CatalogueSnapshot.ReadError) -> Double? {
            let tag = Int(try byte())
            switch tag {
            case 0: return nil
            case 1:
                guard buf.count - offset >= 8 else { throw .corrupt(offset: offset) }
                defer { offset += 8 }
                let bits = UnsafeRawPointer(buf.baseAddress! + offset).loadUnaligned(as: UInt64.self)
                return Double(bitPattern: UInt64(littleEndian: bits))
            case 2..<(2 + BeerRecord.scales.count):
                let z = UInt64(bitPattern: Int64(try varint()))
                let whole = Int64(bitPattern: z >> 1) ^ -Int64(bitPattern: z & 1)
                return Double(whole) / BeerRecord.scales[tag - 2]
            default: throw .corrupt(offset: offset - 1)
            }
        }
        mutating func amount() throws(CatalogueSnapshot.ReadError) -> Beer.Amount? {
            guard try present() else { return nil }
            return Beer.Amount(value: try double(), unit: try shared())
        }
        mutating func count() throws(CatalogueSnapshot.ReadError) -> Int {
            let n = try varint()
            guard n >= 0, n <= buf.count - offset else { throw .corrupt(offset: offset) }
            return n
        }
        mutating func beer() throws(CatalogueSnapshot.ReadError) -> Beer {
            var b = Beer(id: 0, name: "")
            for field in BeerField.allCases { b[field] = try value(of: field) }
            return b
        }

        /// The value of `field`, written by ``Writer/beer(_:)``.
        mutating func value(of field: BeerField) throws(CatalogueSnapshot.ReadError) -> BeerField.Value {
            switch field.kind {
            case .identifier: return .identifier(try varint())
            case .name: return .name(try string())
            case .text: return .text(field.isShared ? try shared() : try optionalString())
            case .image: return .image(try shared(), try byte() == 0 ? .imageURL : .image)
            case .number: return .number(try double())
            case .amount: return .amount(try amount())
            case .method: return .method(try method())
            case .ingredients: return .ingredients(try ingredients())
            case .texts:
                let n = try count()
                var texts: [String] = []
                texts.reserveCapacity(n)
                for _ in 0..<n { texts.append(try string()) }
                return .texts(texts)
            }
        }

        /// Skips the value of `field`, making no text it need not.
        mutating func skip(_ field: BeerField) throws(CatalogueSnapshot.ReadError) {
            switch field.kind {
            case .text where field.isShared: try skipShared()
            case .text: if try present() { try skipString() }
            case .image:
                try skipShared()
                _ = try byte()
            case .number: _ = try double()
            default: _ = try value(of: field)
            }
        }

        mutating func method() throws(CatalogueSnapshot.ReadError) -> Beer.Method? {
            guard try present() else { return nil }
            var m = Beer.Method()
            for _ in 0..<(try count()) {
                m.mashTemp.append(Beer.MashStep(temp: try amount(), duration: try double()))
            }
            if try present() { m.fermentation = Beer.Fermentation(temp: try amount()) }
            m.twist = try shared()
            return m
        }

        mutating func ingredients() throws(CatalogueSnapshot.ReadError) -> Beer.Ingredients? {
            guard try present() else { return nil }
            var g = Beer.Ingredients()
            for _ in 0..<(try count()) { g.malt.append(Beer.Malt(name: try shared(), amount: try amount())) }
            for _ in 0..<(try count()) {
                g.hops.append(
                    Beer.Hop(name: try shared(), amount: try amount(), add: try shared(), attribute: try shared()))
            }
            g.yeast = try shared()
            return g
        }
    }

    /// The scales of numbers written as integers, by tag (2 + index).
    static let scales: [Double] = [1, 10, 100, 1000]
}
