/// A usage problem found by a command itself (a bad value, a missing word).
struct UsageError: Error, CustomStringConvertible, Equatable {
    var description: String
    init(_ message: String) { description = message }
}
