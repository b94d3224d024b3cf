import Foundation

/// How a search runs: on one thread, or on every core with `DispatchQueue.concurrentPerform`.
/// The result is the same either way.
package enum SearchExecution: Sendable {
    /// On every core from the searcher's parallel threshold (a catalogue size), else on one thread.
    case automatic
    /// Always one thread.
    case serial
    /// Always on every core, even for tiny catalogues (tests use it).
    case parallel

    /// How many stripes a parallel search splits into: the active processors, at least
    /// two. Read once: on Linux, Foundation reads the cgroup's files for it.
    static let stripes = max(ProcessInfo.processInfo.activeProcessorCount, 2)
}
