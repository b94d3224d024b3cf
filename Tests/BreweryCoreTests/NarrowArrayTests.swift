import Testing

@testable import BreweryCore

/// Integer arrays a snapshot keeps in the fewest bytes that hold them
/// (``SectionWriter/narrowArray(_:)``, ``SectionReader/narrowArray(_:)``).
@Suite struct NarrowArrayTests {
    /// Writes `values` narrowed, then reads them back; returns them and the width written.
    static func roundTrip<T: FixedWidthInteger & BitwiseCopyable>(_ values: [T]) throws -> (values: [T], width: Int) {
        var w = SectionWriter()
        w.narrowArray(values)
        let storage = AlignedBuffer<UInt8>(count: w.bytes.count, repeating: 0)
        for (k, byte) in w.bytes.enumerated() { storage.pointer[k] = byte }
        var r = SectionReader(storage: storage, offset: 0)
        let width = try r.int()
        r.offset = 0
        let read = try r.narrowArray(T.self)
        #expect(r.offset == w.bytes.count)
        return (read, width)
    }

    @Test func eachArrayTakesTheFewestBytesThatHoldItAndReadsBackTheSame() throws {
        let cases: [([Int], Int)] = [
            ([], 1), ([0, 7, 255], 1), ([256, 0], 2), ([65_535], 2), ([65_536, 3], 4), ([0xFFFF_FFFF], 4),
            ([0x1_0000_0000], 8), ([5, -1], 8), ([Int.min, Int.max], 8),
        ]
        for (values, width) in cases {
            let (read, written) = try Self.roundTrip(values)
            #expect(read == values)
            #expect(written == width, "\(values)")
        }
        let tokens: [Int32] = (0..<1_000).map { Int32($0 * 37 % 40_000) }
        let (read, width) = try Self.roundTrip(tokens)
        #expect(read == tokens && width == 2)
        let wide: [Int32] = [70_000, 0, Int32.max]
        #expect(try Self.roundTrip(wide) == (wide, 4))
        let negative: [Int32] = [-1, 4, Int32.max]
        #expect(try Self.roundTrip(negative) == (negative, 4))
    }

    @Test func aWidthThatCannotBeIsRefused() throws {
        for width in [0, 3, 8, -2, 16] {
            var w = SectionWriter()
            w.int(width)
            w.array([Int32](repeating: 1, count: 4))
            let storage = AlignedBuffer<UInt8>(count: w.bytes.count, repeating: 0)
            for (k, byte) in w.bytes.enumerated() { storage.pointer[k] = byte }
            var r = SectionReader(storage: storage, offset: 0)
            #expect(throws: CatalogueSnapshot.ReadError.self) { try r.narrowArray(Int32.self) }
        }
    }
}
