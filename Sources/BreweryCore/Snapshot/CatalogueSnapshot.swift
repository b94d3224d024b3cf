/// A catalogue ready to query, as bytes: reloading one skips the JSON parse and every
/// index build, and gives the catalogue the JSON would. Pure: bytes in, catalogue out.
///
/// Layout: the magic `BRWSNAP`, a format version byte, a header the store defines
/// (opaque here), the file's length and a checksum of the rest, then the sections
/// (``SectionWriter``): the beer count, the kind of records (whole or located), the beers
/// as records (``BeerRecord``, decoded only when asked for), and each index as the
/// catalogue built it, arrays aligned so they are used in place.
package enum CatalogueSnapshot {
    /// Bumped whenever the layout, ``Beer`` or an index changes; an older snapshot is
    /// then ignored.
    package static let formatVersion: UInt8 = 20
    static let magic: [UInt8] = Array("BRWSNAP".utf8)

    /// Why a snapshot could not be read; the caller falls back to the JSON.
    package enum ReadError: Error, Equatable, Sendable {
        /// Not a snapshot, or another format version.
        case notASnapshot
        /// Cut short or garbled at this byte offset.
        case corrupt(offset: Int)
        /// Its beers are read from the catalogue file, and no ``BeerSource`` was given.
        case noSource
    }

    /// The beers of a catalogue as snapshot records, encoded apart from the rest so a
    /// caller can do it while the catalogue's indexes are built.
    package struct EncodedBeers: Sendable {
        let bytes: [UInt8]
        let offsets: [Int]
        let strings: SharedStrings
        /// Whether these are located records.
        let located: Bool

        /// Encodes `beers`, in order: located records if `spans` gives where each beer's
        /// object is in its file (as ``CatalogueDecoder/decodeLocatedArray(_:source:allowEmpty:consumed:indexedOnly:)``
        /// finds), else whole ones.
        package init(_ beers: [Beer], spans: [BeerSpan]? = nil) {
            let spans = spans.flatMap { $0.count == beers.count ? $0 : nil }
            var records = BeerRecord.Writer()
            records.bytes.reserveCapacity(beers.count * (spans == nil ? 256 : 112))
            var offsets: [Int] = []
            offsets.reserveCapacity(beers.count + 1)
            offsets.append(0)
            for i in beers.indices {
                if let spans {
                    records.located(
                        id: beers[i].id, name: beers[i].name, abv: beers[i].abv, ibu: beers[i].ibu, ebc: beers[i].ebc,
                        pairings: beers[i].foodPairing, span: spans[i])
                } else {
                    records.beer(beers[i])
                }
                offsets.append(records.bytes.count)
            }
            bytes = records.bytes
            self.offsets = offsets
            strings = records.strings
            located = spans != nil
        }
    }

    /// Encodes `catalogue` after `header`, with its beers already `encoded` if given
    /// (they must be the catalogue's).
    package static func encode(_ catalogue: Catalogue, header: [UInt8], encoded: EncodedBeers? = nil) -> [UInt8] {
        var encoded = encoded
        var out: [UInt8] = []
        let seal = encode(catalogue, header: header, encoded: &encoded) { out.append(contentsOf: $0) }
        out.withUnsafeMutableBytes { raw in
            for (k, byte) in seal.bytes.enumerated() { raw[seal.offset + k] = byte }
        }
        return out
    }

    /// What a snapshot written in pieces lacks at the end: its length and checksum, the
    /// `bytes` to write at `offset` (where zeros stand in for them).
    package struct Seal: Sendable, Equatable {
        package let offset: Int
        package let bytes: [UInt8]
    }

    /// Encodes `catalogue` after `header`, giving the bytes to `sink` in order, a few MiB
    /// at a time, so the snapshot is never whole in memory; returns what to write over
    /// them at the end. With its beers already `encoded` if given (the catalogue's),
    /// let go (set to nil) once given to the sink: a large catalogue's records are a
    /// large part of the memory in use.
    package static func encode(
        _ catalogue: Catalogue, header: [UInt8], encoded: inout EncodedBeers?,
        to sink: (UnsafeRawBufferPointer) -> Void
    ) -> Seal {
        var records: EncodedBeers?
        if case .decoded(let beers) = catalogue.beers.storage {
            records = encoded.flatMap { $0.offsets.count == beers.count + 1 ? $0 : nil } ?? EncodedBeers(beers)
        }
        encoded = nil
        return withoutActuallyEscaping(sink) { sink in write(catalogue, header: header, records: &records, to: sink) }
    }

    private static func write(
        _ catalogue: Catalogue, header: [UInt8], records: inout EncodedBeers?,
        to sink: @escaping (UnsafeRawBufferPointer) -> Void
    ) -> Seal {
        // The checksum covers what follows it: the bytes are summed on their way out.
        var sum = Checksum.Stream()
        var summedFrom = Int.max
        var given = 0
        var w = SectionWriter { piece in
            if given + piece.count > summedFrom {
                let skip = max(summedFrom - given, 0)
                sum.add(UnsafeRawBufferPointer(rebasing: piece[skip...]))
            }
            given += piece.count
            sink(piece)
        }
        w.bytes += magic
        w.bytes.append(formatVersion)
        w.int(header.count)
        w.bytes += header
        w.int(0)  // file length, sealed at the end
        let checksumAt = w.count
        w.int(0)  // checksum, sealed at the end
        summedFrom = checksumAt + 8

        w.int(catalogue.count)
        switch catalogue.beers.storage {
        case .records(let r):
            w.int(r.source == nil ? 0 : 1)
            let (text, ends) = r.strings.encoded()
            w.array(text)
            w.array(ends)
            w.buffer(r.bytes)
            w.buffer(r.offsets)
        case .decoded:
            w.int(records!.located ? 1 : 0)
            let (text, ends) = records!.strings.encoded()
            w.array(text)
            w.array(ends)
            w.array(records!.bytes)
            w.array(records!.offsets)
            records = nil
        }
        catalogue.idIndex.write(to: &w)
        catalogue.names.write(to: &w)
        catalogue.features.write(to: &w)
        catalogue.food.write(to: &w)
        catalogue.blocks.write(to: &w)
        catalogue.conceptBlocks.write(to: &w)
        catalogue.ingredients.write(to: &w)
        w.narrowArray(catalogue.brewDates.months)
        catalogue.recipe.write(to: &w)
        catalogue.recipeBlocks.write(to: &w)
        catalogue.stats.write(to: &w)
        w.flush()

        var seal = [UInt8]()
        withUnsafeBytes(of: Int64(w.count).littleEndian) { seal += $0 }
        withUnsafeBytes(of: sum.finish().littleEndian) { seal += $0 }
        return Seal(offset: checksumAt - 8, bytes: seal)
    }

    /// Makes the checksum of the snapshot `bytes` match its contents again, as a hostile
    /// or stale cache file could: for tests and fuzzing, which forge snapshots that only
    /// the bounds checks can refuse.
    package static func reseal(_ bytes: inout [UInt8]) {
        guard let header = try? bytes.withUnsafeBytes({ raw throws(ReadError) in try header(of: raw) }) else { return }
        let checksumAt = (16 + header.count + 7) / 8 * 8 + 8
        guard checksumAt + 8 <= bytes.count else { return }
        let sum = bytes.withUnsafeBytes { Checksum.of(UnsafeRawBufferPointer(rebasing: $0[(checksumAt + 8)...])) }
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: sum.littleEndian, toByteOffset: checksumAt, as: UInt64.self) }
    }

    /// The header stored by ``encode(_:header:)``, read from the start of a snapshot
    /// (the first 64 KiB are enough for any header the store writes).
    package static func header(of bytes: UnsafeRawBufferPointer) throws(ReadError) -> [UInt8] {
        guard bytes.count >= 16, bytes.prefix(magic.count).elementsEqual(magic), bytes[magic.count] == formatVersion
        else { throw .notASnapshot }
        let n = Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: Int64.self)))
        guard n >= 0, n <= bytes.count - 16 else { throw .corrupt(offset: 8) }
        return Array(bytes[16..<16 + n])
    }

    /// Reads a catalogue from the whole snapshot file in `storage`, which it keeps (the
    /// beers and most indexes are used in place).
    ///
    /// Checks the length and checksum first, so damaged bytes are refused whole.
    /// A snapshot of located records reads its beers from `source`, and is refused
    /// (``ReadError/noSource``) without one.
    package static func decode(_ storage: AlignedBuffer<UInt8>, source: BeerSource? = nil) throws(ReadError) -> Catalogue {
        let all = UnsafeRawBufferPointer(start: storage.pointer, count: storage.count)
        let headerLength = try header(of: all).count
        var r = SectionReader(storage: storage, offset: 16 + headerLength)
        let length = try r.int()
        let checksumAt = r.offset
        guard length == storage.count, checksumAt <= storage.count - 8 else { throw .corrupt(offset: checksumAt - 8) }
        let expected = UInt64(littleEndian: all.loadUnaligned(fromByteOffset: checksumAt, as: UInt64.self))
        guard Checksum.of(UnsafeRawBufferPointer(rebasing: all[(checksumAt + 8)...])) == expected else {
            throw .corrupt(offset: checksumAt)
        }
        r.offset = checksumAt + 8

        let n = try r.int()
        guard n >= 0, n < storage.count else { throw .corrupt(offset: r.offset) }
        let kind = try r.int()
        guard kind == 0 || kind == 1 else { throw .corrupt(offset: r.offset) }
        if kind == 1 && source == nil { throw .noSource }
        let stringBytes = try r.buffer(UInt8.self)
        let stringEnds = try r.buffer(Int.self)
        guard
            let strings = SharedStrings(
                bytes: UnsafeBufferPointer(start: stringBytes.pointer, count: stringBytes.count),
                offsets: UnsafeBufferPointer(start: stringEnds.pointer, count: stringEnds.count))
        else { throw .corrupt(offset: r.offset) }
        let recordBytes = try r.buffer(UInt8.self)
        let offsets = try r.buffer(Int.self)
        guard offsets.count == n + 1, offsets[0] == 0, offsets[n] == recordBytes.count else { throw .corrupt(offset: r.offset) }
        for i in 0..<n where offsets[i] > offsets[i + 1] { throw .corrupt(offset: r.offset) }
        let idIndex = try IDIndex(from: &r, count: n)
        let names = try NameIndex(from: &r, count: n)
        let foldedNames = (0..<n).map { String(decoding: names.name($0), as: UTF8.self) }
        let features = try NumericFeatures(from: &r, count: n)
        let food = try FoodIndex(from: &r, count: n)
        let blocks = try FeatureBlocks(from: &r, count: n)
        let conceptBlocks = try ConceptBlocks(from: &r, concepts: food.vocabulary.conceptCount, blocks: blocks.blockCount)
        let ingredients = try IngredientIndex(from: &r, count: n)
        let months = try r.narrowArray(Int32.self)
        guard months.count == n else { throw .corrupt(offset: r.offset) }
        let recipe = try RecipeFeatures(from: &r, count: n)
        let recipeBlocks = try RecipeBlocks(from: &r, recipe: recipe, blocks: blocks)
        let stats = try CatalogueStats(from: &r, count: n)
        guard r.offset == storage.count else { throw .corrupt(offset: r.offset) }
        return Catalogue(
            beers: BeerList(
                records: .init(bytes: recordBytes, offsets: offsets, strings: strings, source: kind == 1 ? source : nil)),
            foldedNames: foldedNames,
            names: names, features: features, food: food, blocks: blocks, conceptBlocks: conceptBlocks, idIndex: idIndex,
            ingredients: ingredients, brewDates: BrewDates(months: months), recipe: recipe, recipeBlocks: recipeBlocks,
            stats: stats)
    }

    /// Reads a catalogue from snapshot bytes (copied into aligned memory first).
    package static func decode(_ bytes: [UInt8], source: BeerSource? = nil) throws(ReadError) -> Catalogue {
        guard !bytes.isEmpty else { throw .notASnapshot }
        let storage = AlignedBuffer<UInt8>(uninitializedCount: bytes.count)
        bytes.withUnsafeBufferPointer { storage.pointer.update(from: $0.baseAddress!, count: bytes.count) }
        return try decode(storage, source: source)
    }
}
