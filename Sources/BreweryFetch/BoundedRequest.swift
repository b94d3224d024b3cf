import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// One HTTP GET whose body size, total time and redirects are bounded while it runs.
///
/// - The body is counted as it arrives, after any `Content-Encoding` is undone, and the
///   request is cancelled the moment it passes the cap (a gzip bomb stops there).
/// - One deadline covers connection to last byte: a server sending a byte a second is
///   cut off like a silent one.
/// - Only `http` and `https`; a redirect to the same scheme, host and port is followed
///   (at most ``maximumRedirects``), any other is ``Outcome/redirected(to:)``.
/// - `cancelled` is polled while it runs (Ctrl-C), and cancels it.
struct BoundedRequest: Sendable {
    /// A whole answer.
    struct Answer: Sendable {
        var status: Int
        /// Header values by lower-cased name (the last of a repeated header wins).
        var headers: [String: String]
        var body: Data
    }

    /// How the request ended.
    enum Outcome: Sendable {
        /// A whole answer, of any status other than a redirect.
        case answer(Answer)
        /// The body passed `limit` bytes.
        case tooLarge
        /// The deadline passed before the answer was whole.
        case timedOut
        /// The server redirected to another origin, or to something not http(s).
        case redirected(to: String)
        /// Ctrl-C.
        case cancelled
        /// The transfer failed: refused, reset, unknown host... (a short reason).
        case failed(String)
    }

    /// Same-origin redirects followed before giving up.
    static let maximumRedirects = 5

    var url: URL
    /// Most body bytes accepted (decoded).
    var limit: Int
    /// Seconds for the whole request, redirects included.
    var deadline: TimeInterval
    var cancelled: @Sendable () -> Bool

    /// A client for requests of at most `limit` decoded body bytes: no redirects followed,
    /// gzip and deflate undone up to the cap, a connection of its own for each request (a
    /// kept-alive one the server has just closed would fail a request that did nothing
    /// wrong). The caller shuts it down.
    static func client(limit: Int) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(30)),
            decompression: .enabled(limit: .size(limit)))
        configuration.httpVersion = .http1Only
        configuration.maximumUsesPerConnection = 1
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Runs the request on `client`, racing it against the deadline, Ctrl-C and an
    /// ``OriginProbe`` (a host that does not resolve or a port that refuses ends the
    /// request at once, where the client would retry the connection until the deadline):
    /// whichever ends first ends the others.
    func run(on client: HTTPClient) async -> Outcome {
        let seconds = max(deadline, 0.001)
        let end = ContinuousClock.now + .nanoseconds(Int64(min(seconds, 86_400) * 1e9))
        return await withTaskGroup(of: Outcome?.self) { group in
            group.addTask { await exchange(on: client, until: end) }
            group.addTask {
                // Bounded, as the group waits for it even when the request has ended.
                let wait = TimeAmount.milliseconds(Int64(min(seconds, OriginProbe.longest) * 1000))
                guard let probe = OriginProbe(url), let reason = await probe.failure(timeout: wait) else { return nil }
                return .failed(reason)
            }
            group.addTask {
                while ContinuousClock.now < end {
                    if cancelled() { return .cancelled }
                    do { try await Task.sleep(for: min(.milliseconds(50), end - .now)) } catch { return nil }
                }
                return .timedOut
            }
            var outcome = Outcome.cancelled
            for await ended in group {
                guard let ended else { continue }
                outcome = ended
                group.cancelAll()
                break
            }
            return outcome
        }
    }

    /// The request and its same-origin redirects, the body read as it arrives.
    private func exchange(on client: HTTPClient, until end: ContinuousClock.Instant) async -> Outcome {
        var target = url
        for _ in 0...Self.maximumRedirects {
            guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                return .failed("not an http(s) URL")
            }
            var request = HTTPClientRequest(url: target.absoluteString)
            request.headers.add(name: "Accept", value: "application/json")
            request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
            request.headers.add(name: "User-Agent", value: "brewery")
            let left = max(Int64((end - .now) / .milliseconds(1)), 1)
            do {
                let response = try await client.execute(request, deadline: .now() + .milliseconds(left))
                let status = Int(response.status.code)
                if (300..<400).contains(status), status != 304, let location = response.headers.first(name: "location") {
                    // The body of a redirect is not wanted: ending the request drops it.
                    guard let next = URL(string: location, relativeTo: target)?.absoluteURL,
                        let nextScheme = next.scheme?.lowercased(), nextScheme == "http" || nextScheme == "https",
                        Self.sameOrigin(next, url)
                    else { return .redirected(to: URL(string: location, relativeTo: target)?.absoluteString ?? location) }
                    target = next
                    continue
                }
                var body = Data()
                for try await chunk in response.body {
                    guard body.count + chunk.readableBytes <= limit else { return .tooLarge }
                    body.append(contentsOf: chunk.readableBytesView)
                }
                // An answer that ends past the deadline is late, whichever task a loaded
                // machine happens to wake first: the request timed out.
                guard ContinuousClock.now < end else { return .timedOut }
                var headers: [String: String] = [:]
                for (name, value) in response.headers { headers[name.lowercased()] = value }
                return .answer(Answer(status: status, headers: headers, body: body))
            } catch {
                return Self.outcome(of: error)
            }
        }
        return .failed("more than \(Self.maximumRedirects) redirects")
    }

    /// What a failed request means, in a few words.
    static func outcome(of error: any Error) -> Outcome {
        if error is CancellationError { return .cancelled }
        if let e = error as? NIOHTTPDecompression.DecompressionError, case .limit = e { return .tooLarge }
        if let e = error as? HTTPClientError {
            if [.deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout].contains(e) { return .timedOut }
            if e == .cancelled { return .cancelled }
            if e == .remoteConnectionClosed { return .failed("the server closed the connection without answering") }
            if [.invalidURL, .emptyScheme].contains(e) { return .failed("not an http(s) URL") }
        }
        let text = String(describing: error).lowercased()
        if text.contains("refused") { return .failed("connection refused") }
        if text.contains("dns") || text.contains("resolve") || text.contains("unknown host") {
            return .failed("unknown host")
        }
        if text.contains("reset") || text.contains("eof") || text.contains("closed") { return .failed("connection lost") }
        return .failed(String(String(describing: error).prefix(120)))
    }

    /// Same scheme, host and port (default ports spelled out or not).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ u: URL) -> Int? {
            if let p = u.port { return p }
            switch u.scheme?.lowercased() {
            case "https": return 443
            case "http": return 80
            default: return nil
            }
        }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b)
    }
}
