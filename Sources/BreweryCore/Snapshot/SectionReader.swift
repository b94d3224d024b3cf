/// Reads what a ``SectionWriter`` wrote, checking every count against the bytes left.
///
/// ``buffer(_:)`` returns views into the snapshot's memory; ``array(_:)`` copies.
struct SectionReader {
    /// The whole snapshot file.
    let storage: AlignedBuffer<UInt8>
    var offset: Int

    typealias ReadError = CatalogueSnapshot.ReadError

    private mutating func align(_ alignment: Int) {
        offset = (offset + alignment - 1) / alignment * alignment
    }

    mutating func int() throws(ReadError) -> Int {
        align(8)
        guard offset <= storage.count - 8 else { throw .corrupt(offset: offset) }
        defer { offset += 8 }
        return Int(Int64(littleEndian: UnsafeRawPointer(storage.pointer + offset).load(as: Int64.self)))
    }

    /// The place and count of the next array of `T`, moved past.
    private mutating func span<T>(_: T.Type) throws(ReadError) -> (start: Int, count: Int) {
        let n = try int()
        align(64)
        let available = (storage.count - min(offset, storage.count)) / MemoryLayout<T>.stride
        guard n >= 0, n <= available else { throw .corrupt(offset: offset) }
        defer { offset += n * MemoryLayout<T>.stride }
        return (offset, n)
    }

    /// The next array, copied out.
    mutating func array<T: BitwiseCopyable>(_ type: T.Type = T.self) throws(ReadError) -> [T] {
        let (start, n) = try span(T.self)
        let raw = UnsafeRawPointer(storage.pointer + start)
        return [T](unsafeUninitializedCapacity: n) { out, initialized in
            if n > 0 { UnsafeMutableRawPointer(out.baseAddress!).copyMemory(from: raw, byteCount: n * MemoryLayout<T>.stride) }
            initialized = n
        }
    }

    /// The next array written by ``SectionWriter/narrowArray(_:)``, widened back to `T`.
    mutating func narrowArray<T: FixedWidthInteger & BitwiseCopyable>(_ type: T.Type = T.self) throws(ReadError) -> [T] {
        let width = try int()
        switch width {
        case MemoryLayout<T>.size: return try array(T.self)
        case 1 where MemoryLayout<T>.size > 1: return try widened(UInt8.self)
        case 2 where MemoryLayout<T>.size > 2: return try widened(UInt16.self)
        case 4 where MemoryLayout<T>.size > 4: return try widened(UInt32.self)
        default: throw .corrupt(offset: offset)
        }
    }

    /// The next array of `N`, each value as a `T` (wider, so it holds it).
    private mutating func widened<N: FixedWidthInteger & UnsignedInteger, T: FixedWidthInteger>(
        _ narrow: N.Type
    ) throws(ReadError) -> [T] {
        let (start, n) = try span(N.self)
        let from = UnsafeRawPointer(storage.pointer + start).assumingMemoryBound(to: N.self)
        return [T](unsafeUninitializedCapacity: n) { out, initialized in
            for k in 0..<n { out[k] = T(truncatingIfNeeded: from[k]) }
            initialized = n
        }
    }

    /// The next array, in place.
    mutating func buffer<T: BitwiseCopyable>(_ type: T.Type = T.self) throws(ReadError) -> AlignedBuffer<T> {
        let (start, n) = try span(T.self)
        return AlignedBuffer(viewing: UnsafeMutableRawPointer(storage.pointer + start), count: n, owner: storage)
    }

    /// The next `expected` buffers (written by ``SectionWriter/buffers(_:)``).
    mutating func buffers<T: BitwiseCopyable>(_ type: T.Type = T.self, expected: Int) throws(ReadError) -> [AlignedBuffer<T>] {
        guard try int() == expected else { throw .corrupt(offset: offset) }
        var out: [AlignedBuffer<T>] = []
        for _ in 0..<expected { out.append(try buffer(T.self)) }
        return out
    }

    /// The next list of strings (written by ``SectionWriter/strings(_:)``).
    mutating func strings() throws(ReadError) -> [String] {
        let (textStart, textCount) = try span(UInt8.self)
        let starts = try array(Int.self)
        guard let first = starts.first, first == 0, starts.last == textCount else { throw .corrupt(offset: offset) }
        for i in starts.indices.dropFirst() where starts[i] < starts[i - 1] { throw .corrupt(offset: offset) }
        let text = UnsafeBufferPointer(start: storage.pointer + textStart, count: textCount)
        var out: [String] = []
        out.reserveCapacity(starts.count - 1)
        for i in 0..<starts.count - 1 {
            out.append(String(decoding: UnsafeBufferPointer(rebasing: text[starts[i]..<starts[i + 1]]), as: UTF8.self))
        }
        return out
    }
}
