import Foundation
import Synchronization

extension FoodRanker {
    /// The one top k of a food walk split into stripes on several threads (``Walk``):
    /// each stripe prunes against the walk's k-th best, not its own.
    ///
    /// A beer enters under a lock, which only beers that reach the k-th take; the k-th is
    /// read without one, from an atomic integer packing (score, id) in ``ScoredBeer``'s
    /// order (the score's bits above, the id's rank below). The lock is an `NSLock` (a
    /// pthread mutex), whose ordering ThreadSanitizer sees; CI runs this walk under it.
    final class SharedCandidatePicker: @unchecked Sendable {
        private let lock = NSLock()
        /// Read and written only with `lock` held.
        private var picker: CandidatePicker
        private let kthKey = Atomic<UInt64>(0)

        /// An empty top `k` for a catalogue's `ids`.
        init(k: Int, ids: AlignedBuffer<Int32>) {
            picker = CandidatePicker(k: k, limited: true, ids: ids)
        }

        /// The (score, id) pair as one integer: a better pair is a larger one.
        @inline(__always)
        static func key(score: Float, id: Int32) -> UInt64 {
            let rank = UInt32.max - (UInt32(bitPattern: id) ^ 0x8000_0000)
            return UInt64(max(score, 0).bitPattern) << 32 | UInt64(rank)
        }

        /// The pair a key was made from (its score clamped at 0).
        @inline(__always)
        static func pair(_ key: UInt64) -> (score: Float, id: Int32) {
            let rank = UInt32(truncatingIfNeeded: key)
            return (Float(bitPattern: UInt32(key >> 32)), Int32(bitPattern: (UInt32.max - rank) ^ 0x8000_0000))
        }

        /// The walk's k-th best, once k beers are in.
        @inline(__always)
        var kth: (score: Float, id: Int32)? {
            let key = kthKey.load(ordering: .relaxed)
            return key == 0 ? nil : Self.pair(key)
        }

        /// Offers scored beer `c`; returns the k-th best after it, once k beers are in.
        func take(_ c: Candidate) -> (score: Float, id: Int32)? {
            let key: UInt64 = lock.withLock {
                picker.take(c)
                guard let t = picker.top.threshold else { return 0 }
                return Self.key(score: t.score, id: t.id)
            }
            guard key != 0 else { return nil }
            kthKey.max(key, ordering: .relaxed)
            return Self.pair(key)
        }

        /// Starts from what `picker` (without a sink) kept: its top k.
        func seed(with picker: CandidatePicker) {
            for s in picker.top.sorted() { _ = take(picker.candidates[Int(s.index)]) }
        }

        /// The top k and its candidates, once the stripes are done.
        func result() -> CandidatePicker { lock.withLock { picker } }
    }
}
