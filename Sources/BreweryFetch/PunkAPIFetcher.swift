import AsyncHTTPClient
import BreweryCore
import Foundation

/// Pages through a Punk-API-compatible server (`GET {base}/beers?page=N&per_page=80`),
/// or downloads one JSON array of beers, with bounded concurrency, retries and caps.
///
/// Paging stops at the first empty or short page; paging headers are not relied on.
/// Every page goes through ``CatalogueDecoder`` like a file import.
package struct PunkAPIFetcher: Sendable {
    /// Limits and timings.
    package struct Configuration: Sendable {
        package var perPage = 80
        /// Pages requested at once.
        package var concurrency = 4
        /// A server that sends more full pages than this is stopped.
        package var maxPages = 500
        /// Seconds per request, from sending it to the last byte of the answer.
        package var timeout: TimeInterval = 20
        /// Seconds for the whole fetch, every page and retry included.
        package var deadline: TimeInterval = 600
        /// Attempts per page for 5xx, 429 and connection failures.
        package var maxAttempts = 4
        /// First backoff delay in seconds; doubles per attempt, with jitter.
        package var baseDelay: TimeInterval = 0.5
        /// Longest `Retry-After` honoured, in seconds.
        package var maxRetryAfter: TimeInterval = 60
        /// Largest body accepted, in bytes (counted as it arrives, decompressed).
        package var maxBodyBytes = 32 * 1_048_576
        /// Largest total of all pages' bodies, in bytes.
        package var maxTotalBytes = 256 * 1_048_576
        /// Waits this long, in one step of a backoff or `Retry-After` wait (the fetcher
        /// checks for Ctrl-C between steps of at most 0.1 s). Tests inject a clock here.
        package var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

        package init() {}
    }

    /// What a fetch brought.
    package struct Report: Sendable {
        package var beers: [Beer]
        package var pages: Int
        /// Duplicates with different content, and other things worth saying.
        package var warnings: [String]
    }

    package let configuration: Configuration
    let cancelled: @Sendable () -> Bool

    /// Creates a fetcher; `cancelled` is polled between pages and during backoff.
    package init(configuration: Configuration, cancelled: @escaping @Sendable () -> Bool = { false }) {
        self.configuration = configuration
        self.cancelled = cancelled
    }

    /// Fetches everything from `source`, blocking the calling thread (the REPL runs on
    /// the main thread, so the async work runs in a task and is waited for).
    package func fetchAll(from source: String, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(FetchError)
        -> Report
    {
        let box = ResultBox()
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do { box.set(.success(try await fetch(from: source, progress: progress))) } catch {
                box.set(.failure(error as? FetchError ?? .connection(url: source, reason: "\(error)", attempts: 1)))
            }
            semaphore.signal()
        }
        semaphore.wait()
        return try box.get()
    }

    /// Fetches everything from `source`.
    package func fetch(from source: String, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> Report
    {
        guard let url = URL(string: source), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else { throw FetchError.badURL(source) }
        let client = BoundedRequest.client(limit: configuration.maxBodyBytes)
        do {
            let report = try await fetch(url, source: source, client: client, progress: progress)
            try? await client.shutdown()
            return report
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func fetch(
        _ url: URL, source: String, client: HTTPClient, progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws -> Report {
        let clock = FetchClock(seconds: configuration.deadline, url: source)
        if url.path.hasSuffix(".json") {
            let data = try await get(url, clock: clock, client: client)
            let beers = try decode(data, url: url)
            try CatalogueDecoder.validate(beers, source: source)
            return Report(beers: beers, pages: 1, warnings: [])
        }
        let base = source.hasSuffix("/") ? String(source.dropLast()) : source
        var byID: [Int: Beer] = [:]
        var order: [Int] = []
        var warnings: [String] = []
        var page = 1
        var pagesFetched = 0
        var bytes = 0
        var done = false
        while !done {
            if cancelled() { throw FetchError.cancelled }
            try clock.check()
            if page > configuration.maxPages {
                throw FetchError.tooManyPages(url: base, limit: configuration.maxPages)
            }
            let window = Array(page..<min(page + configuration.concurrency, configuration.maxPages + 1))
            // Children never throw: every request of the window finishes (each is bounded by
            // its deadline, and stops at Ctrl-C) and the first failure is thrown after.
            let outcomes = await withTaskGroup(of: (Int, Result<([Beer], Int), any Error>).self) { group in
                for p in window {
                    let pageURL = URL(string: "\(base)/beers?page=\(p)&per_page=\(configuration.perPage)")!
                    group.addTask {
                        do {
                            let data = try await get(pageURL, clock: clock, client: client)
                            return (p, .success((try decode(data, url: pageURL), data.count)))
                        } catch {
                            return (p, .failure(error))
                        }
                    }
                }
                var out: [Int: Result<([Beer], Int), any Error>] = [:]
                for await (p, outcome) in group { out[p] = outcome }
                return out
            }
            var results: [Int: [Beer]] = [:]
            for p in window {
                switch outcomes[p] {
                case .success(let (beers, size))?:
                    results[p] = beers
                    bytes += size
                    if bytes > configuration.maxTotalBytes {
                        throw FetchError.tooLarge(url: base, limit: configuration.maxTotalBytes)
                    }
                case .failure(let error)?: throw error
                case nil: break
                }
                // Pages after a short page are not needed; their errors do not matter.
                if let got = results[p], got.count < configuration.perPage { break }
            }
            for p in window {
                let beers = results[p] ?? []
                pagesFetched += 1
                var fresh = 0
                for b in beers {
                    if let old = byID[b.id] {
                        if old != b {
                            warnings.append("beer \(b.id) appears twice with different content (page \(p)); kept the first")
                        }
                    } else {
                        byID[b.id] = b
                        order.append(b.id)
                        fresh += 1
                    }
                }
                progress(pagesFetched, order.count)
                if beers.count < configuration.perPage {
                    done = true
                    break
                }
                if fresh == 0 { throw FetchError.repeatingPages(url: "\(base)/beers?page=\(p)") }
            }
            page += window.count
        }
        let beers = order.compactMap { byID[$0] }
        do { try CatalogueDecoder.validate(beers, source: base) } catch {
            if case .empty = error { throw FetchError.badBody(url: "\(base)/beers?page=1", detail: "no beers at all") }
            throw FetchError.invalidCatalogue(error)
        }
        return Report(beers: beers, pages: pagesFetched, warnings: warnings)
    }

    func decode(_ data: Data, url: URL) throws(FetchError) -> [Beer] {
        do {
            return try CatalogueDecoder.decodeArray(data, source: url.absoluteString, allowEmpty: true)
        } catch {
            throw .badBody(
                url: url.absoluteString,
                detail: error.description.replacingOccurrences(of: "catalogue '\(url.absoluteString)' ", with: ""))
        }
    }

    /// One GET with retries: 5xx and connection failures back off exponentially with
    /// jitter; 429 waits for `Retry-After` (or the backoff); 4xx fails at once. Each
    /// attempt is a ``BoundedRequest``: its body is capped as it streams in, it ends at
    /// its timeout (or the fetch's deadline, if sooner), and it follows no redirect to
    /// another origin.
    func get(_ url: URL, clock: FetchClock, client: HTTPClient) async throws -> Data {
        var attempt = 0
        while true {
            attempt += 1
            if cancelled() { throw FetchError.cancelled }
            try clock.check()
            let request = BoundedRequest(
                url: url, limit: configuration.maxBodyBytes, deadline: min(configuration.timeout, clock.remaining),
                cancelled: cancelled)
            let answer: BoundedRequest.Answer
            let outcome = await request.run(on: client)
            switch outcome {
            case .answer(let a): answer = a
            case .tooLarge: throw FetchError.tooLarge(url: url.absoluteString, limit: configuration.maxBodyBytes)
            case .redirected(let target): throw FetchError.redirected(url: url.absoluteString, to: target)
            case .cancelled: throw FetchError.cancelled
            case .timedOut, .failed:
                try clock.check()
                if attempt >= configuration.maxAttempts {
                    var reason = "timed out"
                    if case .failed(let why) = outcome { reason = why }
                    throw FetchError.connection(url: url.absoluteString, reason: reason, attempts: attempt)
                }
                try await backoff(attempt)
                continue
            }
            switch answer.status {
            case 200..<300:
                return answer.body
            case 429:
                if attempt >= configuration.maxAttempts {
                    throw FetchError.rateLimited(url: url.absoluteString, attempts: attempt)
                }
                let wait = Self.retryAfter(answer.headers) ?? delay(attempt)
                // A server that asks for longer than is honoured is told so now, not
                // waited on in silence.
                guard wait <= configuration.maxRetryAfter else {
                    throw FetchError.rateLimitedFor(url: url.absoluteString, seconds: wait)
                }
                try await sleep(min(wait, clock.remaining))
            case 400..<500:
                throw FetchError.client(url: url.absoluteString, status: answer.status, message: Self.message(answer.body))
            case 500..<600:
                if attempt >= configuration.maxAttempts {
                    throw FetchError.server(url: url.absoluteString, status: answer.status, attempts: attempt)
                }
                try await backoff(attempt)
            default:
                throw FetchError.badBody(url: url.absoluteString, detail: "answered \(answer.status), not a page of beers")
            }
        }
    }

    func delay(_ attempt: Int) -> TimeInterval {
        let d = configuration.baseDelay * pow(2, Double(attempt - 1))
        return d * Double.random(in: 0.5...1.0)
    }

    func backoff(_ attempt: Int) async throws { try await sleep(delay(attempt)) }

    func sleep(_ seconds: TimeInterval) async throws {
        // At most a day: no wait can overflow the nanosecond count.
        var left = Duration.nanoseconds(Int64(min(max(seconds, 0), 86_400) * 1e9))
        let step = Duration.milliseconds(100)
        while left > .zero {
            if cancelled() { throw FetchError.cancelled }
            let d = min(left, step)
            try await configuration.sleep(d)
            left -= d
        }
    }

    /// Seconds from `Retry-After` (seconds form) or `X-RateLimit-Reset` (epoch seconds).
    static func retryAfter(_ headers: [String: String]) -> TimeInterval? {
        if let v = headers["retry-after"], let s = Double(v.trimmingCharacters(in: .whitespaces)), s.isFinite {
            return max(s, 0)
        }
        if headers["x-ratelimit-remaining"] == "0", let r = headers["x-ratelimit-reset"].flatMap(Double.init), r.isFinite {
            return max(r - Date().timeIntervalSince1970, 0)
        }
        return nil
    }

    /// The server's own words: a JSON `message`, else the start of the body.
    static func message(_ data: Data) -> String {
        if let obj = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            if let m = obj["message"] as? String { return m }
            if let m = obj["error"] as? String { return m }
            if let d = obj["detail"] { return "\(d)" }
        }
        let text = String(decoding: data.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.replacingOccurrences(of: "\n", with: " ")
    }
}

/// The whole fetch's deadline.
struct FetchClock: Sendable {
    let seconds: TimeInterval
    let url: String
    let end: ContinuousClock.Instant

    init(seconds: TimeInterval, url: String) {
        self.seconds = seconds
        self.url = url
        end = .now + .nanoseconds(Int64(min(max(seconds, 0), 86_400) * 1e9))
    }

    /// Seconds left (0 once passed).
    var remaining: TimeInterval {
        let left = end - .now
        return max(left / .seconds(1), 0)
    }

    /// Throws once the deadline has passed.
    func check() throws(FetchError) {
        if remaining <= 0 { throw .deadline(url: url, seconds: seconds) }
    }
}

/// Carries a result from a task to a waiting thread.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<PunkAPIFetcher.Report, FetchError>?
    func set(_ r: Result<PunkAPIFetcher.Report, FetchError>) {
        lock.lock()
        result = r
        lock.unlock()
    }
    func get() throws(FetchError) -> PunkAPIFetcher.Report {
        lock.lock()
        defer { lock.unlock() }
        return try (result ?? .failure(.cancelled)).get()
    }
}
