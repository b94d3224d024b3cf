/// The bytes a folded name sorts by, read one at a time: its letters and digits, each run
/// of digits (as written, between other characters) as its length in one byte, below
/// every letter and digit, then its digits without leading zeros. Numbers then order by
/// value, as people read them: "5am Saint" before "10 Heads High", "AB:02" before "AB:10".
/// Two names compare as their key bytes do, shorter first; nothing is allocated.
struct NameKey {
    private let name: UnsafeBufferPointer<UInt8>
    private var i = 0
    /// The digits of the run whose length was just given, still to come.
    private var digits = 0..<0

    init(_ name: UnsafeBufferPointer<UInt8>) { self.name = name }

    /// The next byte of the key, nil at its end.
    mutating func next() -> UInt8? {
        if let d = digits.first {
            digits = digits.dropFirst()
            return name[d]
        }
        while i < name.count {
            let b = name[i]
            guard b >= 0x30 && b <= 0x39 else {
                i += 1
                if NameSearch.isWordByte(b) { return b }
                continue
            }
            var start = i
            while i < name.count, name[i] >= 0x30 && name[i] <= 0x39 { i += 1 }
            while start < i - 1, name[start] == 0x30 { start += 1 }
            let length = min(i - start, 31)
            digits = start..<(start + length)
            return UInt8(length)
        }
        return nil
    }
}
