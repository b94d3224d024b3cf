import Foundation

/// Why the server could not run.
package struct ServerError: Error, CustomStringConvertible, Sendable {
    /// The address it was to listen on.
    package let host: String
    package let port: Int
    /// What the system said.
    package let detail: String

    init(host: String, port: Int, underlying: any Error) {
        self.host = host
        self.port = port
        let text = String(describing: underlying)
        if text.contains("Address already in use") {
            detail = "the port is in use (another server?); pick another with --port"
        } else if text.contains("Cannot assign requested address") || text.contains("getaddrinfo") || text.contains("resolve")
            || text.contains("UnknownHost")
        {
            detail = "no such local address; --host takes an address of this machine, e.g. 127.0.0.1 or 0.0.0.0"
        } else if text.contains("Permission denied") {
            detail = "permission denied (ports below 1024 need privileges); pick another with --port"
        } else {
            detail = text
        }
    }

    package var description: String { "cannot serve on \(host):\(port): \(detail)" }
}
