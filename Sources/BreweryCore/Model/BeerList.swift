/// The beers of a catalogue, in source order: decoded ones, or records read from a
/// snapshot and decoded one at a time when asked for.
///
/// Queries touch only the few beers they show, so a catalogue reloaded from a snapshot
/// does not build a million beers' strings up front.
public struct BeerList: RandomAccessCollection, Sendable, Equatable {
    enum Storage: Sendable {
        case decoded([Beer])
        case records(Records)
    }

    /// Beer records in a snapshot's bytes: record `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    /// Whole beers (``BeerRecord``), or, with a `source`, located records whose beers are
    /// read from it.
    struct Records: Sendable {
        /// The records, run together.
        let bytes: AlignedBuffer<UInt8>
        /// `count + 1` ascending offsets into `bytes`, from 0 to its count.
        let offsets: AlignedBuffer<Int>
        /// The texts the records refer to by number.
        let strings: SharedStrings
        /// Where located records' beers are read from; nil for whole records.
        let source: BeerSource?

        func record(_ i: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: bytes.pointer + offsets[i], count: offsets[i + 1] - offsets[i])
        }

        func name(at i: Int) -> String {
            (try? BeerRecord.name(record(i))) ?? beer(at: i).name
        }

        func basics(at i: Int) -> BeerBasics {
            if source != nil {
                return (try? BeerRecord.located(record(i)).basics)
                    ?? BeerBasics(id: -1, name: unreadable(i), abv: nil, ibu: nil, ebc: nil)
            }
            return (try? BeerRecord.basics(record(i), strings)) ?? BeerBasics(beer(at: i))
        }

        func beer(at i: Int) -> Beer {
            // The snapshot's checksum covers the records, so they fail only on a bug, and
            // a located beer only when its file changed since it was read: a placeholder
            // then beats a crash (the next load reads the file again).
            if let source {
                guard let (basics, _, span) = try? BeerRecord.located(record(i)) else {
                    return Beer(id: -1, name: unreadable(i))
                }
                return source.beer(at: span, id: basics.id)
                    ?? Beer(id: basics.id, name: "\(basics.name) (unreadable: the catalogue file changed; load it again)")
            }
            return (try? BeerRecord.decode(record(i), strings)) ?? Beer(id: -1, name: unreadable(i))
        }

        /// Located beer `i` read back from `source`, or nil when its bytes there are not
        /// those the catalogue was built from.
        func readBack(_ i: Int, from source: BeerSource) -> Beer? {
            guard let (basics, _, span) = try? BeerRecord.located(record(i)) else { return nil }
            return source.beer(at: span, id: basics.id)
        }

        func foodPairing(at i: Int) -> [String] {
            if source != nil { return (try? BeerRecord.located(record(i), pairings: true).pairings) ?? [] }
            return beer(at: i).foodPairing
        }

        private func unreadable(_ i: Int) -> String { "(unreadable record \(i) in the snapshot cache)" }
    }

    let storage: Storage

    /// A list of decoded beers.
    public init(_ beers: [Beer]) { storage = .decoded(beers) }

    init(records: Records) { storage = .records(records) }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .decoded(let beers): beers.count
        case .records(let r): r.offsets.count - 1
        }
    }

    /// Beer `i`; from a snapshot this decodes its record (about a microsecond).
    public subscript(i: Int) -> Beer {
        switch storage {
        case .decoded(let beers): return beers[i]
        case .records(let r):
            precondition(i >= 0 && i < r.offsets.count - 1, "beer index out of range")
            return r.beer(at: i)
        }
    }

    /// Beer `i` exactly as the catalogue was built from it, or nil when it is read from
    /// its file and the file has changed there since (the subscript gives a placeholder
    /// then): for a server, which must not serve a beer its indexes do not describe.
    public func unchanged(at i: Int) -> Beer? {
        switch storage {
        case .decoded(let beers): return beers[i]
        case .records(let r):
            precondition(i >= 0 && i < r.offsets.count - 1, "beer index out of range")
            guard let source = r.source else { return r.beer(at: i) }
            return r.readBack(i, from: source)
        }
    }

    /// The name of beer `i`; from a snapshot this decodes only the name.
    public func name(at i: Int) -> String {
        switch storage {
        case .decoded(let beers): return beers[i].name
        case .records(let r):
            precondition(i >= 0 && i < r.offsets.count - 1, "beer index out of range")
            return r.name(at: i)
        }
    }

    /// Whether whole beers are read from their source file (located records).
    package var readsFromSource: Bool {
        guard case .records(let r) = storage else { return false }
        return r.source != nil
    }

    /// Where beer `i`'s record starts (0 for decoded beers): for ``HitPrefetch``.
    func recordStart(_ i: Int) -> Int {
        guard case .records(let r) = storage else { return 0 }
        return r.offsets[i]
    }

    /// A byte from each of the first five 64-byte lines of beer `i`'s record (what
    /// ``basics(at:)`` reads), summed; 0 for decoded beers: for ``HitPrefetch``.
    func recordLines(_ i: Int) -> Int {
        guard case .records(let r) = storage else { return 0 }
        var sum = 0
        var at = r.offsets[i]
        let end = Swift.min(r.offsets[i + 1], at + 320)
        while at < end {
            sum &+= Int(r.bytes[at])
            at += 64
        }
        return sum
    }

    /// The food pairings of beer `i`; from a snapshot of located records this reads only
    /// its record, not the catalogue file.
    public func foodPairing(at i: Int) -> [String] {
        switch storage {
        case .decoded(let beers): return beers[i].foodPairing
        case .records(let r):
            precondition(i >= 0 && i < r.offsets.count - 1, "beer index out of range")
            return r.foodPairing(at: i)
        }
    }

    /// The id, name, abv, ibu and ebc of beer `i`; from a snapshot this decodes only those.
    public func basics(at i: Int) -> BeerBasics {
        switch storage {
        case .decoded(let beers): return BeerBasics(beers[i])
        case .records(let r):
            precondition(i >= 0 && i < r.offsets.count - 1, "beer index out of range")
            return r.basics(at: i)
        }
    }

    public static func == (a: BeerList, b: BeerList) -> Bool { a.elementsEqual(b) }
}
