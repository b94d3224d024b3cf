import Foundation

/// The ``Checksum`` of bytes that other code reads in ranges, in any order and from any
/// thread: each 1 MiB chunk is summed as soon as the ranges read cover it, while its
/// bytes are still in memory, instead of in a second pass over them all.
///
/// A catalogue file is mapped and its pages let go as the reader is done with them;
/// a second pass for the hash would read every page of the file again. Told of a range
/// read (``read(_:)``), this sums the chunks that range completes and hands them back,
/// so the caller lets go of those only. ``finish()`` sums what was never reported.
package final class ChecksumAsRead: @unchecked Sendable {
    private let bytes: UnsafeRawBufferPointer
    private let chunks: Int
    /// Per chunk, its sum; written once, by the thread that claimed the chunk.
    private let sums: UnsafeMutableBufferPointer<UInt64>
    /// Read and written only with `lock` held: the ranges reported so far (merged,
    /// ascending) and which chunks some thread has claimed to sum.
    private let lock = NSLock()
    private var covered: [Range<Int>] = []
    private var claimed: [Bool]

    /// For `bytes`, which must stay valid and unchanged until ``finish()`` returns.
    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        chunks = (bytes.count + Checksum.chunk - 1) / Checksum.chunk
        sums = .allocate(capacity: max(chunks, 1))
        sums.initialize(repeating: 0)
        claimed = [Bool](repeating: false, count: chunks)
    }

    deinit { sums.deallocate() }

    /// Notes `range` as read, sums every chunk it completes (a chunk every byte of which
    /// has been reported), and returns the byte ranges of those chunks, ascending.
    package func read(_ range: Range<Int>) -> [Range<Int>] {
        let range = range.clamped(to: 0..<bytes.count)
        guard !range.isEmpty else { return [] }
        var complete: [Int] = []
        lock.withLock {
            // Merge the range in; the interval holding it says which of the chunks it
            // touches are now whole.
            var merged = range
            covered.removeAll { other in
                guard other.lowerBound <= merged.upperBound && merged.lowerBound <= other.upperBound else { return false }
                merged = min(merged.lowerBound, other.lowerBound)..<max(merged.upperBound, other.upperBound)
                return true
            }
            covered.append(merged)
            covered.sort { $0.lowerBound < $1.lowerBound }
            for c in range.lowerBound / Checksum.chunk...(range.upperBound - 1) / Checksum.chunk where !claimed[c] {
                if merged.holds(Self.span(c, count: bytes.count)) {
                    claimed[c] = true
                    complete.append(c)
                }
            }
        }
        return complete.map { c in
            let span = Self.span(c, count: bytes.count)
            sums[c] = Checksum.chunkSum(UnsafeRawBufferPointer(rebasing: bytes[span]))
            return span
        }
    }

    /// The checksum of all the bytes, as ``Checksum/of(_:)`` gives it: the chunks
    /// never completed by ``read(_:)`` are summed now. Call it once every call of
    /// ``read(_:)`` has returned.
    package func finish() -> UInt64 {
        guard chunks > 0 else { return Checksum.of(bytes) }
        // On two threads, as ``Checksum/of(_:)`` would: all of them when nothing was
        // reported (a reader that gave up for `JSONDecoder`, or a file under one report).
        let left = lock.withLock { (0..<chunks).filter { !claimed[$0] } }
        func sum(_ part: ArraySlice<Int>) {
            for c in part {
                sums[c] = Checksum.chunkSum(UnsafeRawBufferPointer(rebasing: bytes[Self.span(c, count: bytes.count)]))
            }
        }
        let half = left.count / 2
        Concurrently.run(parallel: left.count > 1, { sum(left[..<half]) }, { sum(left[half...]) })
        return sums.reduce(0, Checksum.mix)
    }

    private static func span(_ c: Int, count: Int) -> Range<Int> {
        c * Checksum.chunk..<min((c + 1) * Checksum.chunk, count)
    }
}

extension Range<Int> {
    fileprivate func holds(_ other: Range<Int>) -> Bool {
        lowerBound <= other.lowerBound && other.upperBound <= upperBound
    }
}
