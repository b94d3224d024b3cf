/// A command failed for a reason that is not a usage error.
struct CommandError: Error, CustomStringConvertible {
    var description: String
    var usage = false
    init(_ message: String, usage: Bool = false) {
        description = message
        self.usage = usage
    }
}
