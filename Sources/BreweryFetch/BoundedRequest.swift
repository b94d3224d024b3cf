import CCurl
import Foundation

/// One HTTP GET, on libcurl, whose body size, total time and redirects are bounded
/// while it runs.
///
/// - The body is counted as it arrives, after any `Content-Encoding` is undone, and the
///   transfer is aborted the moment it passes the cap: a small gzip bomb stops at the
///   cap instead of inflating in memory.
/// - The whole request, connection to last byte, has one deadline: a server that sends a
///   byte a second is cut off like a silent one.
/// - Only `http` and `https` are spoken. Redirects are not followed by libcurl: a redirect
///   to the same scheme, host and port is followed here (at most ``maximumRedirects``),
///   any other is reported as ``Outcome/redirected(to:)``.
/// - `cancelled` is polled while it runs (Ctrl-C).
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

    /// Runs the request on a thread of its own: libcurl's easy interface blocks, and a
    /// shared queue's threads may all be busy (the deadline must not wait for one).
    func run() async -> Outcome {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: perform()) }
            thread.name = "brewery.fetch"
            thread.start()
        }
    }

    /// Runs the request on the calling thread.
    func perform() -> Outcome {
        let end = ContinuousClock.now + .milliseconds(Int64(max(deadline, 0.001) * 1000))
        var target = url
        for _ in 0...Self.maximumRedirects {
            let left = end - .now
            let milliseconds = max(Int64(left / .milliseconds(1)), 1)
            let step = Transfer(limit: limit, cancelled: cancelled).perform(target, milliseconds: Int(milliseconds))
            guard case .redirect(let location) = step else { return step.outcome }
            guard let next = URL(string: location), let scheme = next.scheme?.lowercased(),
                scheme == "http" || scheme == "https", Self.sameOrigin(next, url)
            else { return .redirected(to: location) }
            target = next
        }
        return .failed("more than \(Self.maximumRedirects) redirects")
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

/// One libcurl transfer (no redirects followed) and what it gathered.
private final class Transfer {
    enum Step {
        case done(BoundedRequest.Outcome)
        case redirect(String)

        var outcome: BoundedRequest.Outcome {
            switch self {
            case .done(let o): return o
            case .redirect(let to): return .redirected(to: to)
            }
        }
    }

    let limit: Int
    let cancelled: @Sendable () -> Bool
    var body = Data()
    var headers: [String: String] = [:]
    var overLimit = false

    /// libcurl's global state, set up once before the first transfer.
    static let setUp: Void = { _ = curl_global_init(Int(CURL_GLOBAL_ALL)) }()

    init(limit: Int, cancelled: @escaping @Sendable () -> Bool) {
        self.limit = limit
        self.cancelled = cancelled
    }

    func perform(_ url: URL, milliseconds: Int) -> Step {
        Self.setUp
        let list = curl_slist_append(nil, "Accept: application/json")
        defer { curl_slist_free_all(list) }
        guard let handle = curl_easy_init() else { return .done(.failed("libcurl could not start a transfer")) }
        defer { curl_easy_cleanup(handle) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let code: CURLcode = url.absoluteString.withCString { address in
            brewery_curl_set_pointer(handle, CURLOPT_URL, address)
            brewery_curl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https")
            brewery_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
            brewery_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
            brewery_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
            brewery_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, min(milliseconds, 30_000))
            // Every encoding libcurl can undo is accepted; the cap counts decoded bytes.
            brewery_curl_set_pointer(handle, CURLOPT_ACCEPT_ENCODING, "")
            brewery_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit))
            brewery_curl_set_pointer(handle, CURLOPT_USERAGENT, "brewery")
            brewery_curl_set_pointer(handle, CURLOPT_HTTPHEADER, list)
            brewery_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, transferWrite)
            brewery_curl_set_pointer(handle, CURLOPT_WRITEDATA, me)
            brewery_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, transferHeader)
            brewery_curl_set_pointer(handle, CURLOPT_HEADERDATA, me)
            brewery_curl_set_progress_callback(handle, transferProgress)
            brewery_curl_set_pointer(handle, CURLOPT_XFERINFODATA, me)
            brewery_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
            return curl_easy_perform(handle)
        }
        switch code {
        case CURLE_OK: break
        case CURLE_WRITE_ERROR where overLimit, CURLE_FILESIZE_EXCEEDED: return .done(.tooLarge)
        case CURLE_OPERATION_TIMEDOUT: return .done(.timedOut)
        case CURLE_ABORTED_BY_CALLBACK: return .done(.cancelled)
        case CURLE_COULDNT_CONNECT: return .done(.failed("connection refused"))
        case CURLE_COULDNT_RESOLVE_HOST: return .done(.failed("unknown host"))
        case CURLE_UNSUPPORTED_PROTOCOL: return .done(.failed("not an http(s) URL"))
        case CURLE_GOT_NOTHING: return .done(.failed("the server closed the connection without answering"))
        case CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: return .done(.failed("connection lost"))
        default: return .done(.failed(String(cString: curl_easy_strerror(code))))
        }
        var status = 0
        brewery_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if (300..<400).contains(status), status != 304 {
            var location: UnsafeMutablePointer<CChar>? = nil
            brewery_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location)
            if let location { return .redirect(String(cString: location)) }
            if let raw = headers["location"] { return .redirect(raw) }
        }
        return .done(.answer(.init(status: status, headers: headers, body: body)))
    }

    /// Takes a piece of the (decoded) body; 0 aborts the transfer past the cap.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        if body.count + bytes.count > limit {
            overLimit = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// Takes one header line; a status line starts a new set (after `100 Continue`).
    func header(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

private func transferWrite(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?)
    -> Int
{
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.write(UnsafeRawBufferPointer(start: data, count: size * count))
}

private func transferHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?)
    -> Int
{
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    transfer.header(String(decoding: bytes, as: UTF8.self))
    return size * count
}

private func transferProgress(
    _ context: UnsafeMutableRawPointer?, _ total: curl_off_t, _ now: curl_off_t, _ upTotal: curl_off_t, _ upNow: curl_off_t
) -> Int32 {
    guard let context else { return 0 }
    return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().cancelled() ? 1 : 0
}
