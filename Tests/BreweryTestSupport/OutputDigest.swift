import Foundation

/// A digest of recorded output, for comparing what the real catalogue gives without
/// keeping it (the DIY Dog data is not ours to copy into the repository).
public enum OutputDigest {
    /// A 128-bit digest (two FNV-1a 64 lanes) and the length: enough to tell any edit.
    public static func of<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4
        var count = 0
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b &+ UInt64(byte)) &* 0x9E37_79B9_7F4A_7C15
            b ^= b >> 29
            count += 1
        }
        return String(format: "%016llx%016llx-%d", a, b, count)
    }

    /// name → digest, from lines `digest  name  …` (the name holds no space).
    public static func read(_ file: URL) throws -> [String: String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count >= 2 { out[String(parts[1])] = String(parts[0]) }
        }
        return out
    }
}
