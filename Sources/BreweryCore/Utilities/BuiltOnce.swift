import Foundation

/// A value made by its first reader and kept; readers meanwhile wait for it.
///
/// Made either by the closure given at creation, or by the one the first reader passes
/// (for a value derived from its owner, which cannot be captured while it is made).
package final class BuiltOnce<Value: Sendable>: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var built: Value?
    private let make: (@Sendable () -> Value)?

    /// A value `make` makes when first read.
    package init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// A value the first reader makes (``value(making:)``).
    package init() { make = nil }

    /// The value, made now by the closure given at creation if not yet made.
    package var value: Value {
        value(making: make ?? { preconditionFailure("BuiltOnce() is read with value(making:)") })
    }

    /// The value, made now by `make` if not yet made.
    package func value(making make: () -> Value) -> Value {
        lock.withLock {
            if let built { return built }
            let made = make()
            built = made
            return made
        }
    }
}
