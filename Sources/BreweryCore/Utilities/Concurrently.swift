import Dispatch

/// Brewery's one way of doing two things at once (loading, checksums, index builds).
package enum Concurrently {
    /// Runs `first` on this thread and `second` on another, and returns when both are
    /// done; with `parallel` false, runs them here one after the other.
    ///
    /// The two must not write the same memory.
    package static func run(parallel: Bool = true, _ first: () -> Void, _ second: () -> Void) {
        guard parallel else {
            first()
            second()
            return
        }
        withoutActuallyEscaping(second) { second in
            nonisolated(unsafe) let work = second
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { work() }
            first()
            group.wait()
        }
    }
}
