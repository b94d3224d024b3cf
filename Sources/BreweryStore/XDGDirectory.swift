import Foundation

/// XDG base directories: `$XDG_DATA_HOME`, `$XDG_STATE_HOME` or `$XDG_CACHE_HOME`, else their defaults
/// under `$HOME`. A relative value is ignored, as the specification says.
package enum XDGDirectory: Sendable {
    /// `~/.local/share`: the catalogue.
    case data
    /// `~/.local/state`: the REPL history.
    case state
    /// `~/.cache`: catalogue snapshots, safe to delete.
    case cache

    /// The base directory for this kind.
    package func path(environment env: [String: String]) -> String {
        let (variable, fallback) =
            switch self {
            case .data: ("XDG_DATA_HOME", "/.local/share")
            case .state: ("XDG_STATE_HOME", "/.local/state")
            case .cache: ("XDG_CACHE_HOME", "/.cache")
            }
        if let value = env[variable], value.hasPrefix("/") { return value }
        return (env["HOME"] ?? NSHomeDirectory()) + fallback
    }
}
