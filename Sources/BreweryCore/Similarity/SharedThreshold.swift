import Synchronization

/// The best k-th score any stripe of a parallel search has found so far, so every stripe
/// can skip what another has already ruled out.
///
/// Any stripe's k-th best is a lower bound of the whole search's k-th best, so skipping
/// below it never changes the result, whichever stripe got there first. Scores are ≥ 0,
/// so their bit patterns order like the scores and one atomic integer max holds it. It
/// is written only when a stripe's k-th best rises, never per beer.
final class SharedThreshold: Sendable {
    private let bits: Atomic<UInt32>

    /// Starts at `floor` (or 0 when the floor is below 0).
    init(floor: Float) {
        bits = Atomic(max(floor, 0).bitPattern)
    }

    /// The current value.
    @inline(__always)
    var value: Float { Float(bitPattern: bits.load(ordering: .relaxed)) }

    /// Raises the value to `score` if that is higher.
    func raise(to score: Float) {
        guard score > 0 else { return }
        bits.max(score.bitPattern, ordering: .relaxed)
    }
}
