import BreweryCore
import BreweryFetch
import BreweryStore
import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// The fetcher against a real HTTP server on 127.0.0.1, with faults injected.
@Suite(.onThreadsOfItsOwn()) struct PunkAPIFetcherTests {
    static let fixtureRecords: [Data] = Fixtures.beers.map { try! JSONEncoder().encode($0) }

    /// Few retries and short waits keep every test brief. The timeout is long enough that
    /// no request of a busy test run reaches it; the tests of timeouts set theirs.
    var config: PunkAPIFetcher.Configuration {
        var c = PunkAPIFetcher.Configuration()
        c.perPage = 3
        c.timeout = 10
        c.maxAttempts = 3
        c.baseDelay = 0.05
        c.maxRetryAfter = 2
        c.maxPages = 6
        return c
    }

    func server(_ handler: @escaping @Sendable (LoopbackHTTPServer.Request, Int) -> LoopbackHTTPServer.Response) throws
        -> LoopbackHTTPServer
    {
        let counter = Counter()
        return try LoopbackHTTPServer { request in handler(request, counter.next()) }
    }

    @Test func pagesUntilAShortPageAndNeverRepeatsAPage() async throws {
        let s = try server { r, _ in PunkAPIEmulator.page(Self.fixtureRecords, request: r, v3: false) }
        let report = try await PunkAPIFetcher(configuration: config).fetch(from: s.baseURL + "/v2")
        #expect(report.beers == Fixtures.beers)
        let pages = s.seen.compactMap { URLComponents(string: $0)?.queryItems?.first { $0.name == "page" }?.value }
        #expect(Set(pages).count == pages.count)
    }

    @Test func retriesA500ThenSucceeds() async throws {
        let s = try server { r, n in
            n == 0 ? .init(status: 500) : PunkAPIEmulator.page(Self.fixtureRecords, request: r, v3: false)
        }
        #expect(try await PunkAPIFetcher(configuration: config).fetch(from: s.baseURL + "/v2").beers.count == 8)
    }

    @Test func honoursRetryAfterOn429() async throws {
        let s = try server { r, n in
            n == 0
                ? .init(status: 429, headers: ["Retry-After": "1"])
                : PunkAPIEmulator.page(Self.fixtureRecords, request: r, v3: false)
        }
        let slept = Locked<Duration>(.zero)
        var clocked = config
        clocked.sleep = { d in slept.withLock { $0 += d } }
        #expect(try await PunkAPIFetcher(configuration: clocked).fetch(from: s.baseURL + "/v2").beers.count == 8)
        // As long as Retry-After said, no more (a busy run may add a backoff of tenths).
        let waited = slept.withLock { $0 }
        #expect(waited >= .seconds(1) && waited < .milliseconds(1500), "waited \(waited)")
    }

    /// A wait longer than is honoured is said at once, not waited on in silence.
    @Test func aRetryAfterPastTheLongestWaitIsSaidAtOnce() async throws {
        let s = try server { _, _ in .init(status: 429, headers: ["Retry-After": "999999"]) }
        let slept = Locked<Duration>(.zero)
        var clocked = config
        clocked.sleep = { d in slept.withLock { $0 += d } }
        await expectFailure {
            try await PunkAPIFetcher(configuration: clocked).fetch(from: s.baseURL + "/beers.json")
        } matching: { error in
            "\(error)".contains("asks to wait 999999 s")
        }
        // No wait for the Retry-After (2 s in this configuration); a busy run may have backed
        // off a connection failure first (tenths of a second).
        #expect(slept.withLock { $0 } < .seconds(1))
    }

    @Test func aClientErrorSaysWhatTheServerSaidWithoutRetrying() async throws {
        let s = try server { r, _ in
            PunkAPIEmulator.page(Self.fixtureRecords, request: LoopbackHTTPServer.Request(path: r.path, query: [:]), v3: true)
        }
        await expectFailure {
            try await PunkAPIFetcher(configuration: config).fetch(from: s.baseURL + "/v3")
        } matching: { error in
            guard case FetchError.client(_, let status, let message) = error else { return false }
            return status == 422 && message == "page is required"
        }
        #expect(s.seen.count <= config.concurrency)
    }

    /// One page failing while the others are in flight must end the fetch, not hang it
    /// (cancelling in-flight URLSession requests deadlocked FoundationNetworking).
    @Test(.timeLimit(.minutes(1))) func aFailingPageAmongSlowOnesEndsTheFetch() async throws {
        let s = try server { r, _ in
            r.query["page"] == "1" ? .init(status: 404) : .init(status: 200, body: Data("[]".utf8), delay: 0.3)
        }
        await expectFailure {
            try await PunkAPIFetcher(configuration: config).fetch(from: s.baseURL + "/v2")
        } matching: { error in
            if case FetchError.client(_, let status, _) = error { return status == 404 }
            return false
        }
    }

    /// The answer comes long after the timeout, so a loaded machine that wakes the
    /// timeout late still sees it first.
    @Test func aHungResponseTimesOut() async throws {
        let s = try server { _, _ in .init(status: 200, body: Data("[]".utf8), delay: 10) }
        var c = config
        c.timeout = 1
        await expectFailure {
            try await PunkAPIFetcher(configuration: c).fetch(from: s.baseURL + "/v2")
        } matching: { error in
            if case FetchError.connection(_, let reason, _) = error { return reason.contains("timed out") }
            return false
        }
    }

    @Test func truncatedJSONNamesThePage() async throws {
        let s = try server { r, _ in
            var resp = PunkAPIEmulator.page(Self.fixtureRecords, request: r, v3: false)
            resp.truncateTo = resp.body.count / 2
            resp.headers["Content-Length"] = nil
            return resp
        }
        await expectFailure {
            try await PunkAPIFetcher(configuration: config).fetch(from: s.baseURL + "/v2")
        } matching: { error in
            "\(error)".contains("page=") || "\(error)".contains("cannot fetch")
        }
    }

    @Test func aServerThatIgnoresPageIsCaught() async throws {
        let s = try server { r, _ in
            PunkAPIEmulator.page(
                Self.fixtureRecords, request: .init(path: r.path, query: ["page": "1", "per_page": "3"]), v3: false)
        }
        await expectFailure {
            try await PunkAPIFetcher(configuration: config).fetch(from: s.baseURL + "/v2")
        } matching: {
            $0 is FetchError
        }
    }

    @Test func aServerThatNeverEndsIsBounded() async throws {
        let s = try server { r, _ in
            let page = Int(r.query["page"] ?? "1") ?? 1
            let beers = (0..<3).map { Beer(id: page * 10 + $0, name: "Endless \(page)-\($0)") }
            return .json(try! JSONEncoder().encode(beers))
        }
        await expectFailure {
            try await PunkAPIFetcher(configuration: config).fetch(from: s.baseURL + "/v2")
        } matching: { error in
            if case FetchError.tooManyPages = error { return true }
            return false
        }
        #expect(s.seen.count <= config.maxPages + config.concurrency)
    }

    /// A refused port and a host that does not resolve are said as such on every attempt,
    /// not waited on until the request's timeout (the HTTP client retries a connection
    /// until then, and would report "timed out").
    @Test func aRefusedConnectionOrAnUnknownHostIsSaidAsSuch() async throws {
        let port = LoopbackHTTPServer.closedPort()
        for (source, said) in [
            ("http://127.0.0.1:\(port)/v3", "connection refused"), ("http://brewery-test.invalid/v2", "unknown host"),
        ] {
            await expectFailure {
                try await PunkAPIFetcher(configuration: config).fetch(from: source)
            } matching: {
                guard case FetchError.connection(_, let reason, let attempts) = $0 else { return false }
                return reason == said && attempts == config.maxAttempts
            }
        }
    }

    @Test func laterDuplicatesWithOtherContentAreReported() async throws {
        var records = Self.fixtureRecords
        var changed = Fixtures.beers[0]
        changed.name = "Changed"
        records.append(try JSONEncoder().encode(changed))
        let served = records
        let s = try server { r, _ in PunkAPIEmulator.page(served, request: r, v3: false) }
        let report = try await PunkAPIFetcher(configuration: config).fetch(from: s.baseURL + "/v2")
        #expect(report.beers.count == 8)
        #expect(report.warnings.contains { $0.contains("beer 1 appears twice") })
    }

    /// A server that sends a byte every 0.2 s never lets one request outlast its timeout
    /// (1 s): the client hangs up after a few bytes of the 502, not all of them 100 s
    /// later. (One request at a time, counted at the server, as wall time in a busy test
    /// run measures the run, not the fetcher; 40 bytes leave 7 s for a loaded machine.)
    @Test func aTricklingServerIsCutOffAtTheTimeout() async throws {
        let body = Data("[".utf8) + Data(repeating: 0x20, count: 500) + Data("]".utf8)
        let s = try server { _, _ in .init(status: 200, headers: ["Content-Type": "application/json"], body: body, drip: 0.2) }
        var c = config
        c.maxAttempts = 1
        c.timeout = 1
        c.concurrency = 1
        await expectFailure {
            try await PunkAPIFetcher(configuration: c).fetch(from: s.baseURL + "/v2")
        } matching: { error in
            if case FetchError.connection(_, let reason, _) = error { return reason == "timed out" }
            return false
        }
        try await Task.sleep(for: .milliseconds(500))
        #expect(s.dripped < 40, "the server sent \(s.dripped) bytes before the client hung up")
    }

    /// Retries cannot stretch a fetch past its deadline: 20 attempts are allowed, but
    /// 1.5 s leaves room for only a few.
    @Test func theWholeFetchHasADeadline() async throws {
        let s = try server { _, _ in .init(status: 503, delay: 0.3) }
        var c = config
        c.maxAttempts = 20
        c.baseDelay = 0.2
        c.deadline = 1.5
        await expectFailure {
            try await PunkAPIFetcher(configuration: c).fetch(from: s.baseURL + "/v2")
        } matching: { error in
            if case FetchError.deadline = error { return "\(error)".contains("BREWERY_FETCH_DEADLINE") }
            return false
        }
        #expect(s.seen.count < 4 * 6, "\(s.seen.count) requests")
    }

    /// A small gzip body that inflates past the cap is stopped as it inflates.
    @Test func aGzipBombIsStoppedAtTheCap() async throws {
        let inflated = Data("[".utf8) + Data(repeating: 0x20, count: 64 * 1_048_576) + Data("]".utf8)
        let bomb = try gzip(inflated)
        #expect(bomb.count < 1_048_576)
        let s = try server { _, _ in
            .init(status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: bomb)
        }
        var c = config
        c.maxBodyBytes = 4 * 1_048_576
        await expectFailure {
            try await PunkAPIFetcher(configuration: c).fetch(from: s.baseURL + "/beers.json")
        } matching: { error in
            if case FetchError.tooLarge(_, let limit) = error { return limit == 4 * 1_048_576 }
            return false
        }
    }

    /// Pages each under the body cap still cannot add up past the fetch's total.
    @Test func thePagesTogetherAreCapped() async throws {
        let s = try server { r, _ in PunkAPIEmulator.page(Self.fixtureRecords, request: r, v3: false) }
        var c = config
        c.maxTotalBytes = 2_000
        await expectFailure {
            try await PunkAPIFetcher(configuration: c).fetch(from: s.baseURL + "/v2")
        } matching: { error in
            if case FetchError.tooLarge(let url, 2_000) = error { return url == s.baseURL + "/v2" }
            return false
        }
    }

    /// A redirect to another port, or to a file, is refused and named; one on the same
    /// server is followed.
    @Test func redirectsLeaveTheServerOnlyWhenRefused() async throws {
        let other = try LoopbackHTTPServer { r in PunkAPIEmulator.page(Self.fixtureRecords, request: r, v3: false) }
        for target in [other.baseURL + "/v2/beers?page=1&per_page=3", "file:///etc/passwd"] {
            let s = try server { _, _ in .init(status: 302, headers: ["Location": target]) }
            await expectFailure {
                try await PunkAPIFetcher(configuration: config).fetch(from: s.baseURL + "/v2")
            } matching: { error in
                if case FetchError.redirected(_, let to) = error { return to.hasPrefix(target.prefix(12)) }
                return false
            }
        }
        #expect(other.seen.isEmpty)
        let moved = try server { r, _ in
            if r.path.hasPrefix("/old/") {
                return .init(status: 301, headers: ["Location": "/new/beers?page=\(r.query["page"]!)&per_page=3"])
            }
            return PunkAPIEmulator.page(Self.fixtureRecords, request: r, v3: false)
        }
        let report = try await PunkAPIFetcher(configuration: config).fetch(from: moved.baseURL + "/old")
        #expect(report.beers.count == Fixtures.beers.count)
    }

    /// Gzip-compresses with the system's gzip (tests only).
    func gzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-9"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return out
    }
}

/// The whole v3 catalogue over HTTP, and the store left intact by a failed fetch.
@Suite(.enabled(if: SharedData.shouldRun("v3"), "../shared/punkapi is not beside the repository"))
struct RealCatalogueFetchTests {
    @Test func fetchingV3OverHTTPYieldsThe415BeersOfTheFile() async throws {
        try #require(SharedData.available("v3"), Comment(rawValue: SharedData.missingMessage("v3")))
        let records = try PunkAPIEmulator.records(ofFile: SharedData.punkAPI("v3"))
        let s = try LoopbackHTTPServer { r in PunkAPIEmulator.page(records, request: r, v3: true) }
        let report = try await PunkAPIFetcher(configuration: .init()).fetch(from: s.baseURL + "/v3")
        let file = try CatalogueStore(path: SharedData.punkAPI("v3")).load().catalogue.beers
        #expect(report.beers.count == 415)
        #expect(report.beers == Array(file))
        #expect(report.pages == 6)
    }

    @Test func aFailedFetchLeavesThePreviousCatalogue() async throws {
        let folder = TemporaryFolder(prefix: "brewery-fetch")
        defer { withExtendedLifetime(folder) {} }
        let dir = folder.path
        let store = CatalogueStore(path: dir + "/catalogue.json")
        try store.save(Fixtures.beers, source: "before")
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let s = try LoopbackHTTPServer { _ in .init(status: 503) }
        var c = PunkAPIFetcher.Configuration()
        c.maxAttempts = 2
        c.baseDelay = 0.01
        await expectFailure {
            try store.save(try await PunkAPIFetcher(configuration: c).fetch(from: s.baseURL + "/v3").beers, source: "after")
        } matching: {
            $0 is FetchError
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    }
}

/// A thread-safe request counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = -1
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        n += 1
        return n
    }
}

/// Expects `body` to throw an error that `matches`.
func expectFailure(
    _ body: () async throws -> some Any, matching: (any Error) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) async {
    do {
        _ = try await body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
    } catch {
        #expect(matching(error), "unexpected error: \(error)", sourceLocation: sourceLocation)
    }
}
