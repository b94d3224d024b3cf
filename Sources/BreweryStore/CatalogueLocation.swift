import Foundation

/// Where the catalogue lives: `--catalogue PATH`, else `$BREWERY_CATALOGUE`, else
/// `$XDG_DATA_HOME/brewery/catalogue.json` (default `~/.local/share/brewery/catalogue.json`).
package enum CatalogueLocation {
    /// Resolves the catalogue path.
    ///
    /// - Parameters:
    ///   - explicit: the `--catalogue` option, if given.
    ///   - environment: the process environment.
    package static func resolve(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return expand(explicit, environment) }
        if let env = environment["BREWERY_CATALOGUE"], !env.isEmpty { return expand(env, environment) }
        return defaultPath(environment: environment)
    }

    /// The default path when nothing is set.
    package static func defaultPath(environment: [String: String]) -> String {
        XDGDirectory.data.path(environment: environment) + "/brewery/catalogue.json"
    }

    private static func expand(_ path: String, _ env: [String: String]) -> String {
        if path == "~" || path.hasPrefix("~/") { return (env["HOME"] ?? NSHomeDirectory()) + path.dropFirst() }
        return path
    }
}
