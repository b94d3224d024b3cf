/// For each byte value, the masks of its eight bits as eight 32-bit lanes (all ones where
/// the bit is set), two `SIMD4` per byte: 8 KiB, made once.
enum LaneMasks {
    nonisolated(unsafe) static let table: UnsafeMutablePointer<SIMD4<UInt32>> = {
        let t = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: 512)
        for byte in 0..<256 {
            for half in 0..<2 {
                var m = SIMD4<UInt32>()
                for lane in 0..<4 where byte & (1 << (4 * half + lane)) != 0 { m[lane] = ~0 }
                (t + 2 * byte + half).initialize(to: m)
            }
        }
        return t
    }()
}
