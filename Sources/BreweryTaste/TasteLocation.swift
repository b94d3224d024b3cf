import BreweryCore
import BreweryStore
import Foundation

/// Where the taste store lives: `--taste PATH`, else `$BREWERY_TASTE`, else
/// `$XDG_DATA_HOME/brewery/taste.sqlite` (default `~/.local/share/brewery/taste.sqlite`).
package enum TasteLocation {
    /// Resolves the store's path.
    package static func resolve(explicit: String?, environment: [String: String]) -> String {
        func expand(_ path: String) -> String {
            if path == "~" || path.hasPrefix("~/") { return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst() }
            return path
        }
        if let explicit, !explicit.isEmpty { return expand(explicit) }
        if let value = environment["BREWERY_TASTE"], !value.isEmpty { return expand(value) }
        return XDGDirectory.data.path(environment: environment) + "/brewery/taste.sqlite"
    }

    /// Now, as the store writes dates (``BeerRating/timestamp(_:)``).
    package static func timestamp() -> String { BeerRating.timestamp(Date()) }
}
