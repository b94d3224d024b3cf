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

/// For each byte value, the masks of its eight bits as eight 16-bit lanes (all ones where
/// the bit is set): 4 KiB, made once. The filter's sums (``BlockSearch``) use it.
enum LaneMasks16 {
    nonisolated(unsafe) static let table: UnsafeMutablePointer<SIMD8<UInt16>> = {
        let t = UnsafeMutablePointer<SIMD8<UInt16>>.allocate(capacity: 256)
        for byte in 0..<256 {
            var m = SIMD8<UInt16>()
            for lane in 0..<8 where byte & (1 << lane) != 0 { m[lane] = ~0 }
            (t + byte).initialize(to: m)
        }
        return t
    }()
}
