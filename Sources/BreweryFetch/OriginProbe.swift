import Foundation
import NIOCore
import NIOPosix

/// One TCP connection to a URL's origin, closed as soon as it is made: it tells a host
/// that does not resolve or a port that refuses within milliseconds.
///
/// AsyncHTTPClient's connection pool retries a failed connection until the request's
/// deadline, so without the probe a dead server or an offline machine costs every attempt
/// its whole timeout. The probe only ever shortens a request: a connection it makes, a
/// probe that times out or an error it cannot name leave the request to end on its own.
struct OriginProbe: Sendable {
    let host: String
    let port: Int

    /// The origin of an http(s) `url`; nil for any other URL.
    init?(_ url: URL) {
        guard let host = url.host, !host.isEmpty else { return nil }
        switch url.scheme?.lowercased() {
        case "http": port = url.port ?? 80
        case "https": port = url.port ?? 443
        default: return nil
        }
        // A bracketed IPv6 literal is connected to without its brackets.
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The longest a probe waits for its connection, in seconds.
    static let longest: TimeInterval = 5

    /// Why the origin cannot be reached ("unknown host", "connection refused"), or nil
    /// when a connection was made or the probe could not tell within `timeout`.
    func failure(timeout: TimeAmount) async -> String? {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connectTimeout(timeout)
        do {
            let channel = try await bootstrap.connect(host: host, port: port).get()
            try? await channel.close().get()
            return nil
        } catch {
            guard case .failed(let reason) = BoundedRequest.outcome(of: error), Self.tells(reason) else { return nil }
            return reason
        }
    }

    /// The reasons a failed probe is trusted with: the ones no retry within the same
    /// request would change.
    static func tells(_ reason: String) -> Bool { reason == "unknown host" || reason == "connection refused" }
}
