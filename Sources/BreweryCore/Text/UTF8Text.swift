/// Strings made from UTF-8 bytes read from a file or a snapshot.
enum UTF8Text {
    /// `bytes` as a string, or nil when they are not valid UTF-8. ASCII needs no
    /// validation: `String(validating:)` is not specialised and looks up generic metadata
    /// on every call (5% of a 1M load, a sixth of decoding a snapshot record).
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var high: UInt8 = 0
        for b in bytes { high |= b }
        return high < 0x80 ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }

    /// ``string(_:)`` for bytes already known to be ASCII when `high` (their bits or-ed
    /// together) is below 0x80.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, high: UInt8) -> String? {
        high < 0x80 ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }
}
