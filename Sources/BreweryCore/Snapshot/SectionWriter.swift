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
