import Dispatch

/// A value computed on another thread as soon as it is created; reading it waits until
/// it is ready.
///
/// The REPL builds its name-completion index this way: a million names take about two
/// seconds to index, which then pass while the user types instead of before the prompt.
package final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: Value?

    /// Starts computing `make()` on a global queue.
    package init(_ make: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = make()
            done.leave()
        }
    }

    /// The value, waiting for it if it is still being computed.
    package var value: Value {
        done.wait()
        return result!
    }

    /// The value if it is ready within `seconds`, else nil (it goes on being computed).
    package func value(waitingAtMost seconds: Double) -> Value? {
        done.wait(timeout: .now() + seconds) == .success ? result : nil
    }
}
