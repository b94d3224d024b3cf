/// The sections of a snapshot: 64-bit little-endian integers and arrays of trivial
/// values, each array's count followed by its elements at a 64-byte boundary (offsets
/// count from the start of the file, which is read into 64-byte-aligned memory), so a
/// reader can use an array in place.
///
/// With a `sink`, the bytes go to it in pieces of a few MiB as they are made, so a large
/// snapshot is never whole in memory; without, they stay in ``bytes``.
struct SectionWriter {
    /// The bytes not yet given to the sink (all of them, without one).
    var bytes: [UInt8] = []
    /// How many bytes went to the sink before ``bytes``.
    private(set) var sent = 0
    /// Takes finished bytes, in order.
    let sink: ((UnsafeRawBufferPointer) -> Void)?

    /// Pending bytes from which the sink is given them.
    static let piece = 4 << 20

    init(sink: ((UnsafeRawBufferPointer) -> Void)? = nil) {
        self.sink = sink
        if sink != nil { bytes.reserveCapacity(Self.piece * 2) }
    }

    /// Bytes written so far: the offset of the next one in the file.
    var count: Int { sent + bytes.count }

    /// Gives the pending bytes to the sink once there are enough of them.
    mutating func flushIfFull() {
        guard let sink, bytes.count >= Self.piece else { return }
        bytes.withUnsafeBytes { sink($0) }
        sent += bytes.count
        bytes.removeAll(keepingCapacity: true)
    }

    /// Gives any pending bytes to the sink.
    mutating func flush() {
        guard let sink, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { sink($0) }
        sent += bytes.count
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends `raw`, a piece at a time.
    mutating func append(_ raw: UnsafeRawBufferPointer) {
        var at = 0
        while at < raw.count {
            let n = sink == nil ? raw.count - at : min(raw.count - at, Self.piece)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[at..<at + n]))
            at += n
            flushIfFull()
        }
    }

    /// Zero bytes up to the next multiple of `alignment`.
    mutating func pad(to alignment: Int) {
        while count % alignment != 0 { bytes.append(0) }
    }

    mutating func int(_ v: Int) {
        pad(to: 8)
        withUnsafeBytes(of: Int64(v).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func array<T: BitwiseCopyable>(_ elements: UnsafeBufferPointer<T>) {
        int(elements.count)
        pad(to: 64)
        append(UnsafeRawBufferPointer(elements))
    }

    mutating func array<T: BitwiseCopyable>(_ elements: [T]) {
        elements.withUnsafeBufferPointer { array($0) }
    }

    /// Integers in the fewest bytes that hold them all: the width (1, 2, 4 or `T`'s own;
    /// `T`'s own when any is negative), then the array at that width. For arrays read back
    /// copied (``SectionReader/narrowArray(_:)``), whose values span a small range: concept
    /// and recipe token numbers take a quarter or a half of the room.
    mutating func narrowArray<T: FixedWidthInteger & BitwiseCopyable>(_ elements: [T]) {
        let full = MemoryLayout<T>.size
        var width = full
        if (elements.min() ?? 0) >= 0 {
            let high = UInt64(elements.max() ?? 0)
            width = min(full, high <= 0xFF ? 1 : high <= 0xFFFF ? 2 : high <= 0xFFFF_FFFF ? 4 : 8)
        }
        int(width)
        switch width {
        case full: array(elements)
        case 1: array(elements.map { UInt8(truncatingIfNeeded: $0) })
        case 2: array(elements.map { UInt16(truncatingIfNeeded: $0) })
        default: array(elements.map { UInt32(truncatingIfNeeded: $0) })
        }
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
