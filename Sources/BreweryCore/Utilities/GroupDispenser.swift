import Synchronization

/// Hands out a search's groups (or a food walk's machine words of a ``BeerSet``) in runs,
/// in ascending order, to whichever stripe asks next, so a thread that starts late (or is
/// slowed) simply takes fewer.
///
/// Each stripe sees its groups in ascending order, which its food cursor needs. Once the
/// query is cancelled (the ``QueryCancellation/current`` of the thread that made the
/// dispenser), it hands out nothing more.
final class GroupDispenser: Sendable {
    private let next = Atomic<Int>(0)
    private let cancellation = QueryCancellation.current
    /// Number of groups.
    let count: Int
    /// Groups per claim.
    let run: Int

    /// Dispenses groups `0..<count`, `run` at a time.
    init(count: Int, run: Int) {
        self.count = count
        self.run = max(run, 1)
    }

    /// The next run of groups, or nil when all are taken or the query was cancelled.
    func claim() -> Range<Int>? {
        if let cancellation, cancellation.isCancelled { return nil }
        let first = next.wrappingAdd(run, ordering: .relaxed).oldValue
        return first < count ? first..<min(first + run, count) : nil
    }

    /// Hands out nothing more: a stripe found that no later run can change the result.
    func finish() {
        next.store(count, ordering: .relaxed)
    }
}
