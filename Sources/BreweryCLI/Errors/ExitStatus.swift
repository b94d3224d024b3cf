import ArgumentParser
import BreweryCore
import BreweryFetch
import BreweryStore

/// The one place errors become exit codes: 0 ok, 1 failure, 64 usage error.
enum ExitStatus {
    static let ok: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64

    /// The exit code for an error thrown by a command.
    static func code(for error: any Error) -> Int32 {
        switch error {
        case is ScoringError, is UsageError: return usage
        case is CatalogueError, is StoreError, is FetchError: return failure
        case let e as CommandError: return e.usage ? usage : failure
        default: return failure
        }
    }

    /// The one-line message of Brewery's own errors; nil for ArgumentParser's, which
    /// the caller words itself.
    static func message(for error: any Error) -> String? {
        switch error {
        case let e as UsageError: e.description
        case let e as CommandError: e.description
        case let e as ScoringError: e.description
        case let e as CatalogueError: e.description
        case let e as StoreError: e.description
        case let e as FetchError: e.description
        default: nil
        }
    }
}
