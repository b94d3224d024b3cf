import Foundation

/// Distinct texts numbered in order of first sight, found by their UTF-8 bytes.
///
/// A million recipes repeat a few thousand hop, malt and yeast texts: reading each as a
/// number lets the indexes work out what a text means once and then read an array,
/// instead of hashing a `String` (with Unicode normalisation for any non-ASCII one) for
/// every use. Texts are the same when their bytes are; two spellings that differ only in
/// Unicode normalisation get two numbers (everything made from a text folds it first, so
/// they mean the same).
struct TextInterner: Sendable {
    /// The texts, by number.
    private(set) var texts: [String] = []
    /// The texts' bytes, one after another; text `t` is `bytes[starts[t]..<starts[t + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    /// Open addressing: a text number + 1 per slot (0: empty), a power of two slots.
    private var slots: [Int32] = Array(repeating: 0, count: 1024)
    /// Each text's hash, by number.
    private var hashes: [UInt64] = []

    init() {}

    /// Number of distinct texts.
    var count: Int { texts.count }

    /// The number of the text whose UTF-8 is `text`; if it is new, `make` makes its string
    /// from the same bytes (it may throw, e.g. for bytes that are not valid UTF-8: then
    /// nothing is added).
    @inline(__always)
    mutating func number<E: Error>(
        of text: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) throws(E) -> String
    ) throws(E) -> Int32 {
        let hash = Self.hash(text)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let held = slots[slot]
            if held == 0 { break }
            let t = Int(held) - 1
            if hashes[t] == hash, starts[t + 1] - starts[t] == text.count,
                bytes.withUnsafeBufferPointer({ all in
                    text.isEmpty || memcmp(all.baseAddress! + starts[t], text.baseAddress!, text.count) == 0
                })
            {
                return Int32(t)
            }
            slot = (slot + 1) & mask
        }
        let string = try make(text)
        let t = texts.count
        texts.append(string)
        bytes.append(contentsOf: text)
        starts.append(bytes.count)
        hashes.append(hash)
        slots[slot] = Int32(t + 1)
        if texts.count * 2 > slots.count { grow() }
        return Int32(t)
    }

    /// The number of `text`.
    mutating func number(of text: String) -> Int32 {
        var copy = text
        return copy.withUTF8 { utf8 in number(of: utf8) { (_: UnsafeBufferPointer<UInt8>) -> String in text } }
    }

    private mutating func grow() {
        let size = slots.count * 2
        var next = [Int32](repeating: 0, count: size)
        for t in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[t]) & (size - 1)
            while next[slot] != 0 { slot = (slot + 1) & (size - 1) }
            next[slot] = Int32(t + 1)
        }
        slots = next
    }

    /// A hash of `bytes`: eight at a time, multiplied and folded.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        var k = 0
        while k + 8 <= bytes.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            k += 8
        }
        if k < bytes.count {
            var tail: UInt64 = 0
            for j in k..<bytes.count { tail = tail << 8 | UInt64(base[j]) }
            h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 32
        }
        return h ^ (h >> 29)
    }
}
