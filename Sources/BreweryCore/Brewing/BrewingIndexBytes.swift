/// A ``BrewingIndex`` as bytes, to keep beside a catalogue's snapshot.
///
/// Layout, little-endian: "BRWI", ``BrewingIndex/version`` (4 bytes), the beer count
/// (8), the key's length (4) and UTF-8 bytes, each beer's style (2 bytes each), each
/// beer's checks (1 each), then ``Checksum`` of everything before it (8). The key names
/// the catalogue and the data it was classified with; bytes of another key, version or
/// count, or that fail their checksum or hold a value out of range, are not read.
extension BrewingIndex {
    private static let magic: [UInt8] = Array("BRWI".utf8)

    /// The index as bytes, under `key`.
    package func bytes(key: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(32 + key.utf8.count + style.count * 3)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
        }
        out.append(contentsOf: Self.magic)
        append(Self.version)
        append(UInt64(style.count))
        append(UInt32(key.utf8.count))
        out.append(contentsOf: key.utf8)
        for s in style { append(s) }
        out.append(contentsOf: checks)
        append(out.withUnsafeBytes { Checksum.of($0) })
        return out
    }

    /// The index in `bytes` if they hold one of `count` beers under `key`, made by this
    /// ``version``, intact, with every style one of `guide`'s.
    package init?(bytes: UnsafeRawBufferPointer, key: String, count: Int, guide: StyleGuide = .bjcp2021) {
        var at = 0
        func take<T: FixedWidthInteger>(_: T.Type) -> T? {
            guard at + MemoryLayout<T>.size <= bytes.count else { return nil }
            var value = T.zero
            withUnsafeMutableBytes(of: &value) {
                $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[at..<at + $0.count]))
            }
            at += MemoryLayout<T>.size
            return T(littleEndian: value)
        }
        let keyBytes = Array(key.utf8)
        let bodyEnd = bytes.count - 8
        guard bytes.count >= 20 + keyBytes.count + 8, Array(bytes[0..<4]) == Self.magic else { return nil }
        at = 4
        guard take(UInt32.self) == Self.version, take(UInt64.self) == UInt64(count),
            take(UInt32.self) == UInt32(keyBytes.count), Array(bytes[at..<at + keyBytes.count]) == keyBytes
        else { return nil }
        at += keyBytes.count
        guard bodyEnd - at == count * 3 else { return nil }
        let sum = Checksum.of(UnsafeRawBufferPointer(rebasing: bytes[0..<bodyEnd]))
        at = bodyEnd
        guard take(UInt64.self) == sum else { return nil }
        at = 20 + keyBytes.count
        var style = [Int16](repeating: -1, count: count)
        let styles = guide.styles.count
        for i in 0..<count {
            guard let s = take(Int16.self), s >= -1, Int(s) < styles else { return nil }
            style[i] = s
        }
        let known = UInt8((1 << RecipeCheck.Kind.allCases.count) - 1) | Self.hasRecipe
        let checks = Array(bytes[at..<at + count])
        guard checks.allSatisfy({ $0 & ~known == 0 }) else { return nil }
        self.init(style: style, checks: checks)
    }
}
