/// The texts beer records share (units, ingredient names, additions, the yeast, tips…),
/// each written once in a snapshot and referred to from the records by number
/// (``BeerRecord/Writer/shared(_:)``).
///
/// At most ``capacity`` of them, so reading them back stays instant whatever the
/// catalogue: once it is full, further texts are written in the records themselves.
struct SharedStrings: Sendable, Equatable {
    /// The most texts shared.
    static let capacity = 4_096

    private(set) var strings: [String] = []

    init() {}

    var count: Int { strings.count }

    subscript(k: Int) -> String { strings[k] }

    mutating func append(_ s: String) { strings.append(s) }

    /// The texts run together as UTF-8, and `count + 1` offsets into them.
    func encoded() -> (bytes: [UInt8], offsets: [Int]) {
        var bytes: [UInt8] = []
        var offsets = [0]
        for s in strings {
            bytes += s.utf8
            offsets.append(bytes.count)
        }
        return (bytes, offsets)
    }

    /// The texts from ``encoded()``'s parts; nil when they do not fit together (offsets
    /// out of order or bounds, invalid UTF-8, more than ``capacity``).
    init?(bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>) {
        guard let first = offsets.first, first == 0, offsets.last == bytes.count, offsets.count - 1 <= Self.capacity
        else { return nil }
        for k in 0..<(offsets.count - 1) {
            let (a, b) = (offsets[k], offsets[k + 1])
            guard a >= 0, a <= b, b <= bytes.count, let s = UTF8Text.string(UnsafeBufferPointer(rebasing: bytes[a..<b]))
            else { return nil }
            strings.append(s)
        }
    }
}
