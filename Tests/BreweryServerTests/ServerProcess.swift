import BreweryTestSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `brewery serve` run as a user runs it, on 127.0.0.1 and a free port, with a private
/// HOME; stopped (SIGTERM) when the test is done with it.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let folder = TemporaryFolder(prefix: "brewery-serve")
    private let output = Pipe()
    private let errors = Pipe()
    /// `http://127.0.0.1:PORT`.
    private(set) var base = ""
    private(set) var port = 0
    /// What it printed on standard output after the first line (the request log).
    private var logged = Data()
    private let lock = NSLock()

    /// Starts the server on `catalogue` and waits until it listens; with `fileLimit`, it
    /// may open that many file descriptors at most (`ulimit -n`).
    init(catalogue: String, arguments: [String] = [], fileLimit: Int? = nil) throws {
        let serve = [BuiltProduct.path("brewery"), "serve", "--catalogue", catalogue, "--port", "0"] + arguments
        if let fileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$@\"", "sh"] + serve
        } else {
            process.executableURL = URL(fileURLWithPath: serve[0])
            process.arguments = Array(serve.dropFirst())
        }
        let home = folder.path
        var env = [
            "HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_CACHE_HOME": home + "/.cache",
            "XDG_DATA_HOME": home + "/.local/share", "XDG_STATE_HOME": home + "/.local/state",
        ]
        for (k, v) in ProcessInfo.processInfo.environment where k.hasSuffix("SAN_OPTIONS") { env[k] = v }
        process.environment = env
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The first line says where it listens.
        var first = Data()
        let deadline = Date().addingTimeInterval(60)
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty || Date() > deadline {
                let err = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
                throw ServerTestError.didNotStart(err)
            }
            first += chunk
        }
        let text = String(decoding: first, as: UTF8.self)
        guard let range = text.range(of: #"http://(127\.0\.0\.1|0\.0\.0\.0):(\d+)"#, options: .regularExpression),
            let p = Int(text[range].split(separator: ":").last ?? "")
        else { throw ServerTestError.didNotStart(text) }
        port = p
        base = "http://127.0.0.1:\(p)"
        if let newline = first.firstIndex(of: UInt8(ascii: "\n")) { logged = first[(newline + 1)...] }
        output.fileHandleForReading.readabilityHandler = { [weak self] h in
            let d = h.availableData
            guard let self else { return }
            self.lock.withLock { self.logged += d }
        }
    }

    /// Seconds of processor time the server has used so far (user and system).
    var processorSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
        let fields = stat[(stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[12]), let system = Double(fields[13]) else { return .infinity }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The request log so far.
    var log: String { lock.withLock { String(decoding: logged, as: UTF8.self) } }

    /// Sends SIGTERM and waits for the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        return process.terminationStatus
    }

    deinit { stop() }

    /// GETs (or `method`s) `target`: status, headers and body.
    func request(_ target: String, method: String = "GET") async throws -> (
        status: Int, headers: [String: String], body: Data
    ) {
        var r = URLRequest(url: URL(string: base + target)!)
        r.httpMethod = method
        r.timeoutInterval = 30
        let (data, response) = try await URLSession.shared.data(for: r)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (k, v) in http.allHeaderFields { headers[String(describing: k).lowercased()] = String(describing: v) }
        return (http.statusCode, headers, data)
    }

    /// The JSON of `target`'s answer.
    func json(_ target: String) async throws -> Any {
        try JSONSerialization.jsonObject(with: try await request(target).body)
    }
}

enum ServerTestError: Error {
    case didNotStart(String)
}

/// A raw TCP connection to the server, for clients that misbehave.
final class RawConnection {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if ok != 0 { throw ServerTestError.didNotStart("connect failed") }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Everything the server sends until it closes (or `seconds` pass).
    func readAll(seconds: Int = 10) -> String {
        var tv = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    deinit { close(fd) }
}
