/// The sections of a snapshot: 64-bit little-endian integers and arrays of trivial
/// values, each array's count followed by its elements at a 64-byte boundary (offsets
/// count from the start of the file, which is read into 64-byte-aligned memory), so a
/// reader can use an array in place.
struct SectionWriter {
    var bytes: [UInt8] = []

    /// Zero bytes up to the next multiple of `alignment`.
    mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    mutating func int(_ v: Int) {
        pad(to: 8)
        withUnsafeBytes(of: Int64(v).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func array<T: BitwiseCopyable>(_ elements: UnsafeBufferPointer<T>) {
        int(elements.count)
        pad(to: 64)
        bytes.append(contentsOf: UnsafeRawBufferPointer(elements))
    }

    mutating func array<T: BitwiseCopyable>(_ elements: [T]) {
        elements.withUnsafeBufferPointer { array($0) }
    }

    mutating func buffer<T: BitwiseCopyable>(_ b: AlignedBuffer<T>) {
        array(UnsafeBufferPointer(start: b.pointer, count: b.count))
    }

    mutating func buffers<T: BitwiseCopyable>(_ list: [AlignedBuffer<T>]) {
        int(list.count)
        for b in list { buffer(b) }
    }

    /// Strings as their UTF-8 bytes run together, then `count + 1` offsets.
    mutating func strings(_ list: [String]) {
        var text: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(list.count + 1)
        for s in list {
            text += s.utf8
            starts.append(text.count)
        }
        array(text)
        array(starts)
    }
}

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
