/// One beer as a compact record: its fields in declaration order — strings as a LEB128
/// length and UTF-8 bytes, numbers as IEEE-754 bits, optionals behind a presence byte,
/// arrays behind a count. A snapshot keeps the beers this way and decodes one only
/// when it is asked for (``BeerList``).
enum BeerRecord {
    /// Decodes the record that fills `bytes` exactly.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogueSnapshot.ReadError) -> Beer {
        var r = Reader(bytes)
        let beer = try r.beer()
        guard r.offset == bytes.count else { throw .corrupt(offset: r.offset) }
        return beer
    }

    /// Decodes only the id, name, abv, ibu and ebc of the record in `bytes`, skipping the
    /// rest of the text.
    static func basics(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogueSnapshot.ReadError) -> BeerBasics {
        var r = Reader(bytes)
        let id = try r.varint()
        let name = try r.string()
        for _ in 0..<4 where try r.present() { try r.skipString() }  // tagline, first brewed, description, image
        _ = try r.byte()
        let abv = try r.double()
        let ibu = try r.double()
        _ = try r.double()  // final gravity
        _ = try r.double()  // original gravity
        return BeerBasics(id: id, name: name, abv: abv, ibu: ibu, ebc: try r.double())
    }

    /// Decodes only the name of the record in `bytes` (it follows the id).
    static func name(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogueSnapshot.ReadError) -> String {
        var r = Reader(bytes)
        _ = try r.varint()
        return try r.string()
    }

    // MARK: - Writing

    /// Appends records (``beer(_:)``) to ``bytes``.
    struct Writer {
        var bytes: [UInt8] = []

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
        mutating func double(_ d: Double?) {
            guard let d else { return bytes.append(0) }
            bytes.append(1)
            withUnsafeBytes(of: d.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        mutating func amount(_ a: Beer.Amount?) {
            guard let a else { return bytes.append(0) }
            bytes.append(1)
            double(a.value)
            string(a.unit)
        }
        mutating func beer(_ b: Beer) {
            varint(Int(bitPattern: UInt(bitPattern: b.id)))
            string(b.name)
            string(b.tagline)
            string(b.firstBrewed)
            string(b.description)
            string(b.image)
            bytes.append(b.imageKey == .imageURL ? 0 : 1)
            double(b.abv)
            double(b.ibu)
            double(b.targetFG)
            double(b.targetOG)
            double(b.ebc)
            double(b.srm)
            double(b.ph)
            double(b.attenuationLevel)
            amount(b.volume)
            amount(b.boilVolume)
            if let m = b.method {
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
                string(m.twist)
            } else {
                bytes.append(0)
            }
            if let g = b.ingredients {
                bytes.append(1)
                varint(g.malt.count)
                for m in g.malt {
                    string(m.name)
                    amount(m.amount)
                }
                varint(g.hops.count)
                for h in g.hops {
                    string(h.name)
                    amount(h.amount)
                    string(h.add)
                    string(h.attribute)
                }
                string(g.yeast)
            } else {
                bytes.append(0)
            }
            varint(b.foodPairing.count)
            for p in b.foodPairing { string(p) }
            string(b.brewersTips)
            string(b.contributedBy)
        }
    }

    // MARK: - Reading

    /// Reads a record's fields from a byte range, checking every length against it.
    struct Reader {
        let buf: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(_ buf: UnsafeBufferPointer<UInt8>) { self.buf = buf }

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
        mutating func double() throws(CatalogueSnapshot.ReadError) -> Double? {
            guard try present() else { return nil }
            guard buf.count - offset >= 8 else { throw .corrupt(offset: offset) }
            defer { offset += 8 }
            let bits = UnsafeRawPointer(buf.baseAddress! + offset).loadUnaligned(as: UInt64.self)
            return Double(bitPattern: UInt64(littleEndian: bits))
        }
        mutating func amount() throws(CatalogueSnapshot.ReadError) -> Beer.Amount? {
            guard try present() else { return nil }
            return Beer.Amount(value: try double(), unit: try optionalString())
        }
        mutating func count() throws(CatalogueSnapshot.ReadError) -> Int {
            let n = try varint()
            guard n >= 0, n <= buf.count - offset else { throw .corrupt(offset: offset) }
            return n
        }
        mutating func beer() throws(CatalogueSnapshot.ReadError) -> Beer {
            let id = try varint()
            var b = Beer(id: id, name: try string())
            b.tagline = try optionalString()
            b.firstBrewed = try optionalString()
            b.description = try optionalString()
            b.image = try optionalString()
            b.imageKey = try byte() == 0 ? .imageURL : .image
            b.abv = try double()
            b.ibu = try double()
            b.targetFG = try double()
            b.targetOG = try double()
            b.ebc = try double()
            b.srm = try double()
            b.ph = try double()
            b.attenuationLevel = try double()
            b.volume = try amount()
            b.boilVolume = try amount()
            if try present() {
                var m = Beer.Method()
                for _ in 0..<(try count()) {
                    m.mashTemp.append(Beer.MashStep(temp: try amount(), duration: try double()))
                }
                if try present() { m.fermentation = Beer.Fermentation(temp: try amount()) }
                m.twist = try optionalString()
                b.method = m
            }
            if try present() {
                var g = Beer.Ingredients()
                for _ in 0..<(try count()) { g.malt.append(Beer.Malt(name: try optionalString(), amount: try amount())) }
                for _ in 0..<(try count()) {
                    g.hops.append(
                        Beer.Hop(
                            name: try optionalString(), amount: try amount(), add: try optionalString(),
                            attribute: try optionalString()))
                }
                g.yeast = try optionalString()
                b.ingredients = g
            }
            let pairings = try count()
            b.foodPairing.reserveCapacity(pairings)
            for _ in 0..<pairings { b.foodPairing.append(try string()) }
            b.brewersTips = try optionalString()
            b.contributedBy = try optionalString()
            return b
        }
    }
}
