import Foundation

/// XDG base directories: `$XDG_DATA_HOME` or `$XDG_STATE_HOME`, else their defaults
/// under `$HOME`. A relative value is ignored, as the specification says.
public enum XDGDirectory: Sendable {
    /// `~/.local/share`: the catalogue.
    case data
    /// `~/.local/state`: the REPL history.
    case state

    /// The base directory for this kind.
    public func path(environment env: [String: String]) -> String {
        let (variable, fallback) = self == .data ? ("XDG_DATA_HOME", "/.local/share") : ("XDG_STATE_HOME", "/.local/state")
        if let value = env[variable], value.hasPrefix("/") { return value }
        return (env["HOME"] ?? NSHomeDirectory()) + fallback
    }
}
