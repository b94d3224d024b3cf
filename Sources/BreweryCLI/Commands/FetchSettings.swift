import BreweryFetch

/// The fetcher's settings from the environment: `BREWERY_FETCH_TIMEOUT` (seconds per
/// request), `BREWERY_FETCH_DEADLINE` (seconds for the whole fetch) and
/// `BREWERY_FETCH_ATTEMPTS` (tries per page), each checked against a range
/// so that no value can make a fetch wait or retry without end.
enum FetchSettings {
    /// Timeouts accepted, in seconds.
    static let timeouts = 0.1...3600.0
    /// Whole-fetch deadlines accepted, in seconds.
    static let deadlines = 1.0...86_400.0
    /// Attempts accepted.
    static let attempts = 1...20

    static func configuration(environment: [String: String]) throws(BreweryError) -> PunkAPIFetcher.Configuration {
        var config = PunkAPIFetcher.Configuration()
        if let text = environment["BREWERY_FETCH_TIMEOUT"], !text.isEmpty {
            guard let t = Double(text), timeouts.contains(t) else {
                throw .usage("BREWERY_FETCH_TIMEOUT must be a number of seconds from 0.1 to 3600, not '\(text.prefix(40))'")
            }
            config.timeout = t
        }
        if let text = environment["BREWERY_FETCH_DEADLINE"], !text.isEmpty {
            guard let t = Double(text), deadlines.contains(t) else {
                throw .usage("BREWERY_FETCH_DEADLINE must be a number of seconds from 1 to 86400, not '\(text.prefix(40))'")
            }
            config.deadline = t
        }
        if let text = environment["BREWERY_FETCH_ATTEMPTS"], !text.isEmpty {
            guard let a = Int(text), attempts.contains(a) else {
                throw .usage("BREWERY_FETCH_ATTEMPTS must be a whole number from 1 to 20, not '\(text.prefix(40))'")
            }
            config.maxAttempts = a
        }
        return config
    }
}
