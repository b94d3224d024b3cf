import BreweryCore
import BreweryStore

/// The snapshots of catalogues read from their JSON (what makes the next run fast), and
/// when each is written; what went wrong with one is a warning, never an error.
final class SnapshotWrites {
    /// When a snapshot is written.
    enum Timing {
        /// As part of the load.
        case duringLoad
        /// By ``writePending()``: a one-shot command answers first.
        case whenAsked
        /// On another thread as soon as the load ends: the shell answers its first
        /// command, or shows its prompt, while it is written (``finish(waiting:)``).
        case beside
    }

    var timing = Timing.duringLoad
    /// The snapshots left to write (``Timing/whenAsked``).
    private var pending: [CatalogueStore.PendingSnapshot] = []
    /// Snapshots being written on another thread, each giving what went wrong.
    private var running: [BackgroundValue<String?>] = []
    private let warn: (String) -> Void

    init(warn: @escaping (String) -> Void) { self.warn = warn }

    /// Takes a loaded catalogue's snapshot to write, as ``timing`` says.
    func add(_ snapshot: CatalogueStore.PendingSnapshot) {
        if timing == .beside { running.append(BackgroundValue { snapshot.write() }) } else { pending.append(snapshot) }
    }

    /// Writes the snapshots left for after the command (``Timing/whenAsked``).
    func writePending() {
        let left = pending
        pending = []
        for snapshot in left { if let warning = snapshot.write() { warn(warning) } }
    }

    /// Says what went wrong with the snapshots written on another thread that are done,
    /// or, `waiting`, with all of them once they are.
    func finish(waiting: Bool) {
        guard !running.isEmpty else { return }
        var left: [BackgroundValue<String?>] = []
        for write in running {
            guard let outcome = waiting ? write.value : write.value(waitingAtMost: 0) else {
                left.append(write)
                continue
            }
            if let warning = outcome { warn(warning) }
        }
        running = left
    }
}
