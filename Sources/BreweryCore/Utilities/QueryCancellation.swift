import Synchronization

/// Whether the one who asked for a query still wants its answer: set once, from any
/// thread, when they go away (a server's client closed its connection).
///
/// A query learns of it between runs of blocks: ``GroupDispenser`` takes the
/// ``current`` cancellation of the thread that starts a search, and hands out no more
/// work once it is set, so the search ends early with a partial result nobody reads.
/// Invariant: a query that is never cancelled ranks exactly as without one.
package final class QueryCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A cancellation not yet set.
    package init() {}

    /// Marks the query unwanted.
    package func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether ``cancel()`` was called.
    package var isCancelled: Bool { flag.load(ordering: .relaxed) }

    /// The cancellation of the query the current thread runs (bound with
    /// `QueryCancellation.$current.withValue(_:operation:)`, which also works on a thread
    /// outside any task); nil when none is bound.
    @TaskLocal package static var current: QueryCancellation?
}
