import Foundation

/// A value that threads change in turn, under an `NSLock`.
///
/// Tests use it instead of `Synchronization.Mutex` because the CI runs some of them under
/// the thread sanitizer, which sees a pthread mutex's ordering (`NSLock` is one) but not
/// `Mutex`'s on Linux, and reports its accesses as races.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Read and written only with `lock` held.
    private var value: Value

    /// A box holding `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` on the value with the lock held.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try lock.withLock { try body(&value) }
    }
}
