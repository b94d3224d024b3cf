import Dispatch

/// A catalogue ready to query, as bytes: reloading one skips the JSON parse and every
/// index build.
///
/// The store keeps one beside each catalogue it has read (in the cache directory) and
/// uses it while the JSON file is unchanged. Layout: the magic `BRWSNAP` and a format
/// version byte; the length of a header the store defines (opaque here) and the header;
/// the file's length and a checksum of everything after them; then the sections
/// (``SectionWriter``): the beer count, the beers as records (``BeerRecord``, decoded
/// only when asked for), and each index as the catalogue built it, arrays aligned so
/// they are used in place. Pure: bytes in, catalogue out.
public enum CatalogueSnapshot {
    /// Bumped whenever the layout, ``Beer`` or an index changes; an older snapshot is
    /// then ignored.
    public static let formatVersion: UInt8 = 2
    static let magic: [UInt8] = Array("BRWSNAP".utf8)

    /// Why a snapshot could not be read; the caller falls back to the JSON.
    public enum ReadError: Error, Equatable, Sendable {
        /// Not a snapshot, or another format version.
        case notASnapshot
        /// Cut short or garbled at this byte offset.
        case corrupt(offset: Int)
    }

    /// Encodes `catalogue` after `header`.
    public static func encode(_ catalogue: Catalogue, header: [UInt8]) -> [UInt8] {
        var w = SectionWriter()
        w.bytes += magic
        w.bytes.append(formatVersion)
        w.int(header.count)
        w.bytes += header
        w.int(0)  // file length, filled in below
        let checksumAt = w.bytes.count
        w.int(0)  // checksum, filled in below

        w.int(catalogue.count)
        switch catalogue.beers.storage {
        case .records(let r):
            w.buffer(r.bytes)
            w.buffer(r.offsets)
        case .decoded(let beers):
            var records = BeerRecord.Writer()
            var offsets = [0]
            offsets.reserveCapacity(beers.count + 1)
            for b in beers {
                records.beer(b)
                offsets.append(records.bytes.count)
            }
            w.array(records.bytes)
            w.array(offsets)
        }
        catalogue.idIndex.write(to: &w)
        w.strings(catalogue.foldedNames)
        catalogue.features.write(to: &w)
        catalogue.food.write(to: &w)
        catalogue.blocks.write(to: &w)
        catalogue.conceptBlocks.write(to: &w)

        let length = w.bytes.count
        let sum = w.bytes.withUnsafeBytes { checksum(UnsafeRawBufferPointer(rebasing: $0[(checksumAt + 8)...])) }
        w.bytes.withUnsafeMutableBytes { out in
            out.storeBytes(of: Int64(length).littleEndian, toByteOffset: checksumAt - 8, as: Int64.self)
            out.storeBytes(of: sum.littleEndian, toByteOffset: checksumAt, as: UInt64.self)
        }
        return w.bytes
    }

    /// The header stored by ``encode(_:header:)``, read from the start of a snapshot
    /// (the first 64 KiB are enough for any header the store writes).
    public static func header(of bytes: UnsafeRawBufferPointer) throws(ReadError) -> [UInt8] {
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
    public static func decode(_ storage: AlignedBuffer<UInt8>) throws(ReadError) -> Catalogue {
        let all = UnsafeRawBufferPointer(start: storage.pointer, count: storage.count)
        let headerLength = try header(of: all).count
        var r = SectionReader(storage: storage, offset: 16 + headerLength)
        let length = try r.int()
        let checksumAt = r.offset
        guard length == storage.count, checksumAt <= storage.count - 8 else { throw .corrupt(offset: checksumAt - 8) }
        let expected = UInt64(littleEndian: all.loadUnaligned(fromByteOffset: checksumAt, as: UInt64.self))
        guard checksum(UnsafeRawBufferPointer(rebasing: all[(checksumAt + 8)...])) == expected else {
            throw .corrupt(offset: checksumAt)
        }
        r.offset = checksumAt + 8

        let n = try r.int()
        guard n >= 0, n < storage.count else { throw .corrupt(offset: r.offset) }
        let recordBytes = try r.buffer(UInt8.self), offsets = try r.buffer(Int.self)
        guard offsets.count == n + 1, offsets[0] == 0, offsets[n] == recordBytes.count else { throw .corrupt(offset: r.offset) }
        for i in 0..<n where offsets[i] > offsets[i + 1] { throw .corrupt(offset: r.offset) }
        let idIndex = try IDIndex(from: &r, count: n)
        let foldedNames = try r.strings()
        guard foldedNames.count == n else { throw .corrupt(offset: r.offset) }
        let features = try NumericFeatures(from: &r, count: n)
        let food = try FoodIndex(from: &r, count: n)
        let blocks = try FeatureBlocks(from: &r, count: n)
        let conceptBlocks = try ConceptBlocks(from: &r, concepts: food.vocabulary.conceptCount, blocks: blocks.blockCount)
        guard r.offset == storage.count else { throw .corrupt(offset: r.offset) }
        return Catalogue(
            beers: BeerList(records: .init(bytes: recordBytes, offsets: offsets)), foldedNames: foldedNames,
            features: features, food: food, blocks: blocks, conceptBlocks: conceptBlocks, idIndex: idIndex)
    }

    /// Reads a catalogue from snapshot bytes (copied into aligned memory first).
    public static func decode(_ bytes: [UInt8]) throws(ReadError) -> Catalogue {
        guard !bytes.isEmpty else { throw .notASnapshot }
        let storage = AlignedBuffer<UInt8>(count: bytes.count, repeating: 0)
        bytes.withUnsafeBufferPointer { storage.pointer.update(from: $0.baseAddress!, count: bytes.count) }
        return try decode(storage)
    }

    // MARK: - Checksum

    /// A 64-bit checksum of `bytes`: 1 MiB chunks, each folded with four independent
    /// multiply–add lanes (so it runs near memory speed), then the chunks in order. Large
    /// inputs are summed on two threads; the result does not depend on that.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let chunk = 1 << 20
        let chunks = (bytes.count + chunk - 1) / chunk
        guard chunks > 1 else { return mix(0, chunkSum(bytes)) }
        var sums = [UInt64](repeating: 0, count: chunks)
        sums.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out, bytes = bytes
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                for c in stride(from: half * chunks / 2, to: (half + 1) * chunks / 2, by: 1) {
                    let end = min((c + 1) * chunk, bytes.count)
                    out[c] = chunkSum(UnsafeRawBufferPointer(rebasing: bytes[c * chunk..<end]))
                }
            }
        }
        return sums.reduce(0, mix)
    }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    private static func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
        (h ^ v &+ 0x632B_E59B_D9B4_E019) &* multiplier
    }

    private static func chunkSum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var a: UInt64 = 1, b: UInt64 = 2, c: UInt64 = 3, d: UInt64 = 4
        let words = bytes.count / 32 * 4
        var i = 0
        while i < words {
            a = (a &+ bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* multiplier
            b = (b &+ bytes.loadUnaligned(fromByteOffset: i * 8 + 8, as: UInt64.self)) &* multiplier
            c = (c &+ bytes.loadUnaligned(fromByteOffset: i * 8 + 16, as: UInt64.self)) &* multiplier
            d = (d &+ bytes.loadUnaligned(fromByteOffset: i * 8 + 24, as: UInt64.self)) &* multiplier
            i += 4
        }
        var tail: UInt64 = UInt64(bytes.count)
        for k in (words * 8)..<bytes.count { tail = mix(tail, UInt64(bytes[k])) }
        return [b, c, d, tail].reduce(a, mix)
    }
}
