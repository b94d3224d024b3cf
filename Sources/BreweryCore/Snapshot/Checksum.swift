import Dispatch

/// A fast 64-bit checksum, to tell whether bytes changed (not a cryptographic hash).
///
/// 1 MiB chunks, each folded with four independent multiply–add lanes so it runs near
/// memory speed, then the chunks in order; large inputs are summed on two threads, and
/// the result does not depend on that. Used for a snapshot's integrity and a catalogue
/// file's content hash.
package enum Checksum {
    /// The size of the chunks summed apart, then folded in order.
    static let chunk = 1 << 20

    /// The checksum of `bytes` (``ChecksumAsRead`` gives the same while other code reads them).
    package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let chunks = (bytes.count + chunk - 1) / chunk
        guard chunks > 1 else { return mix(0, chunkSum(bytes)) }
        var sums = [UInt64](repeating: 0, count: chunks)
        sums.withUnsafeMutableBufferPointer { out in
            func sum(half: Int) {
                let first = half * chunks / 2
                let last = (half + 1) * chunks / 2
                for c in first..<last {
                    let end = min((c + 1) * chunk, bytes.count)
                    out[c] = chunkSum(UnsafeRawBufferPointer(rebasing: bytes[c * chunk..<end]))
                }
            }
            Concurrently.run({ sum(half: 0) }, { sum(half: 1) })
        }
        return sums.reduce(0, mix)
    }

    /// The checksum of bytes given in pieces of any size: ``of(_:)`` of them
    /// all, run together.
    package struct Stream {
        private var sum: UInt64 = 0
        private var chunks = 0
        /// The start of the chunk being filled, when a piece ended inside it.
        private var pending: [UInt8] = []

        package init() {}

        /// Adds the next bytes.
        package mutating func add(_ bytes: UnsafeRawBufferPointer) {
            let chunk = Checksum.chunk
            var at = 0
            if !pending.isEmpty {
                let n = min(chunk - pending.count, bytes.count)
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<n]))
                at = n
                guard pending.count == chunk else { return }
                pending.withUnsafeBytes { fold($0) }
                pending.removeAll(keepingCapacity: true)
            }
            while bytes.count - at >= chunk {
                fold(UnsafeRawBufferPointer(rebasing: bytes[at..<at + chunk]))
                at += chunk
            }
            if at < bytes.count {
                pending.reserveCapacity(chunk)
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[at...]))
            }
        }

        private mutating func fold(_ chunk: UnsafeRawBufferPointer) {
            sum = Checksum.mix(sum, Checksum.chunkSum(chunk))
            chunks += 1
        }

        /// The checksum of everything added.
        package func finish() -> UInt64 {
            // The last chunk is the one partly filled; no bytes at all are one empty chunk.
            guard !pending.isEmpty || chunks == 0 else { return sum }
            return pending.withUnsafeBytes { Checksum.mix(sum, Checksum.chunkSum($0)) }
        }
    }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    static func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
        (h ^ v &+ 0x632B_E59B_D9B4_E019) &* multiplier
    }

    static func chunkSum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var a: UInt64 = 1
        var b: UInt64 = 2
        var c: UInt64 = 3
        var d: UInt64 = 4
        let words = bytes.count / 32 * 4
        var i = 0
        while i < words {
            a = (a &+ bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* multiplier
            b = (b &+ bytes.loadUnaligned(fromByteOffset: i * 8 + 8, as: UInt64.self)) &* multiplier
            c = (c &+ bytes.loadUnaligned(fromByteOffset: i * 8 + 16, as: UInt64.self)) &* multiplier
            d = (d &+ bytes.loadUnaligned(fromByteOffset: i * 8 + 24, as: UInt64.self)) &* multiplier
            i += 4
        }
        var tail: UInt64 = UInt64(bytes.count)
        for k in (words * 8)..<bytes.count { tail = mix(tail, UInt64(bytes[k])) }
        return [b, c, d, tail].reduce(a, mix)
    }
}
