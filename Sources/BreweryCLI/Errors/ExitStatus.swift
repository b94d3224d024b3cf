/// Brewery's exit codes: 0 ok, 1 failure, 64 usage error.
enum ExitStatus {
    static let ok: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}
