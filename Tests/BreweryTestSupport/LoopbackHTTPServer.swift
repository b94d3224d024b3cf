import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for fetch tests: one thread per connection, one
/// request per connection, bounded in everything. Never binds anything but loopback.
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// What to send back.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        /// Sleep this long before answering (a hung server).
        public var delay: TimeInterval
        /// Send only this many bytes of the body, then close (a truncated answer).
        public var truncateTo: Int?
        /// Send the body one byte at a time, this many seconds apart (a trickling server).
        public var drip: TimeInterval?

        public init(
            status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: TimeInterval = 0,
            truncateTo: Int? = nil, drip: TimeInterval? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.truncateTo = truncateTo
            self.drip = drip
        }

        /// A JSON answer.
        public static func json(_ body: Data, status: Int = 200) -> Response {
            Response(status: status, headers: ["Content-Type": "application/json"], body: body)
        }
    }

    /// A parsed request: path and query items.
    public struct Request: Sendable {
        public var path: String
        public var query: [String: String]

        public init(path: String, query: [String: String]) {
            self.path = path
            self.query = query
        }
    }

    public let port: UInt16
    private let socketFD: Int32
    private let handler: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var requests: [String] = []
    private var drippedBytes = 0
    private var stopped = false

    /// Starts serving on an ephemeral loopback port.
    public init(handler: @escaping @Sendable (Request) -> Response) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        port = UInt16(bigEndian: addr.sin_port)
        socketFD = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// The base URL, e.g. `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The request lines seen so far (path?query).
    public var seen: [String] {
        lock.lock()
        defer { lock.unlock() }
        return requests
    }

    /// Body bytes sent so far in drip mode (a client that gives up stops the drip).
    public var dripped: Int {
        lock.lock()
        defer { lock.unlock() }
        return drippedBytes
    }

    /// Stops accepting connections. The listening socket is only shut down here; the
    /// accept loop closes it once it has left `accept`, so its descriptor number cannot
    /// be reused by another server's socket while this loop still accepts on it (which
    /// once made a stopped server answer another server's clients).
    public func stop() {
        lock.lock()
        let was = stopped
        stopped = true
        lock.unlock()
        if !was { shutdown(socketFD, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        defer { close(socketFD) }
        while true {
            let client = accept(socketFD, nil, nil)
            if client < 0 { return }
            if isStopped {
                close(client)
                return
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 8192)
        var received = Data()
        while received.count < 8192, !received.contains(Data("\r\n\r\n".utf8)) {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return }
            received.append(contentsOf: buffer[0..<n])
        }
        let head = String(decoding: received, as: UTF8.self)
        let target = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        lock.lock()
        requests.append(target)
        lock.unlock()
        let comps = URLComponents(string: target)
        var query: [String: String] = [:]
        for item in comps?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let response = handler(Request(path: comps?.path ?? target, query: query))
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        var text = "HTTP/1.1 \(response.status) \(response.status < 400 ? "OK" : "Error")\r\n"
        var headers = response.headers
        headers["Content-Length"] = String(response.body.count)
        headers["Connection"] = "close"
        for (k, v) in headers.sorted(by: { $0.key < $1.key }) { text += "\(k): \(v)\r\n" }
        text += "\r\n"
        var out = Data(text.utf8)
        let body = response.truncateTo.map { response.body.prefix($0) } ?? response.body
        if let drip = response.drip {
            guard sendAll(fd, out) else { return }
            for byte in body {
                Thread.sleep(forTimeInterval: drip)
                guard sendAll(fd, Data([byte])) else { return }
                lock.lock()
                drippedBytes += 1
                lock.unlock()
            }
            return
        }
        out.append(body)
        _ = sendAll(fd, out)
    }

    /// Sends every byte; false when the peer is gone.
    private func sendAll(_ fd: Int32, _ out: Data) -> Bool {
        out.withUnsafeBytes { raw in
            var off = 0
            while off < raw.count {
                let n = send(fd, raw.baseAddress! + off, raw.count - off, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                off += n
            }
            return true
        }
    }

    /// A loopback port with nothing listening (for "connection refused").
    public static func closedPort() -> UInt16 {
        guard let s = try? LoopbackHTTPServer(handler: { _ in Response() }) else { return 9 }
        let p = s.port
        s.stop()
        return p
    }
}

/// Serves a catalogue file in pages the way Punk API servers do.
public enum PunkAPIEmulator {
    /// The v3 rules: `page` required, `per_page` 10–80 (422 otherwise).
    /// The v2 rules: `page` defaults to 1, `per_page` 1–80 (400 otherwise).
    public static func page(_ beers: [Data], request: LoopbackHTTPServer.Request, v3: Bool) -> LoopbackHTTPServer.Response {
        let perPage = Int(request.query["per_page"] ?? "25") ?? -1
        let page = request.query["page"].flatMap(Int.init) ?? (v3 ? nil : 1)
        guard let page, page >= 1 else {
            return .json(
                Data(#"{"statusCode":422,"error":"Unprocessable Entity","message":"page is required"}"#.utf8),
                status: v3 ? 422 : 400)
        }
        guard (v3 ? 10...80 : 1...80).contains(perPage) else {
            return .json(Data(#"{"statusCode":422,"message":"per_page must be between 10 and 80"}"#.utf8), status: v3 ? 422 : 400)
        }
        let lo = min((page - 1) * perPage, beers.count)
        let hi = min(lo + perPage, beers.count)
        var body = Data("[".utf8)
        for (i, b) in beers[lo..<hi].enumerated() {
            if i > 0 { body.append(Data(",".utf8)) }
            body.append(b)
        }
        body.append(Data("]".utf8))
        return .json(body)
    }

    /// Each beer object of a JSON array file, re-serialised on its own.
    public static func records(ofFile path: String) throws -> [Data] {
        let array = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [Any] ?? []
        return try array.map { try JSONSerialization.data(withJSONObject: $0) }
    }
}
