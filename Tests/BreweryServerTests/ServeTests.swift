import BreweryCore
import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `brewery serve` over real HTTP on 127.0.0.1: endpoints, errors, concurrency, a
/// misbehaving client, shutdown, and `brewery fetch` from it.
@Suite(.onThreadsOfItsOwn()) struct ServeTests {
    let folder = TemporaryFolder(prefix: "brewery-serve-tests")

    /// The invented fixture beers as a catalogue file.
    func fixtureCatalogue() -> String {
        let path = folder.path + "/fixtures.json"
        // The fixtures and one beer with a whole recipe (id 9002), for the recipe routes.
        #expect(
            FileManager.default.createFile(atPath: path, contents: Fixtures.json(Fixtures.beers + [Fixtures.everyField])),
            "wrote \(path)")
        return path
    }

    @Test func punkAPIEndpointsAnswerOverHTTP() async throws {
        let server = try ServerProcess(catalogue: fixtureCatalogue())
        let page = try #require(try await server.json("/v2/beers?per_page=3&page=2") as? [[String: Any]])
        #expect(page.compactMap { $0["id"] as? Int } == [4, 5, 6])
        let one = try await server.request("/v2/beers/7")
        #expect(one.status == 200)
        #expect(one.headers["access-control-allow-origin"] == "*")
        #expect(one.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(
            (try JSONSerialization.jsonObject(with: one.body) as? [[String: Any]])?.first?["name"] as? String == "Tokyo* Dreams")
        #expect((try await server.json("/v2/beers/random") as? [Any])?.count == 1)
        #expect(
            (try await server.json("/v2/beers?beer_name=tokyo*") as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [7])
        let head = try await server.request("/v2/beers/7", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
        // Every request got a log line: method, target, status, milliseconds.
        try await Task.sleep(for: .milliseconds(200))
        #expect(server.log.contains("GET /v2/beers/7 200 "))
        #expect(server.stop() == 0)
    }

    @Test func errorsAreJSONWithTheRightStatus() async throws {
        let server = try ServerProcess(catalogue: fixtureCatalogue(), arguments: ["--quiet"])
        for (target, method, status) in [
            ("/v2/beers?abv_gt=-1", "GET", 400), ("/v2/beers?per_page=81", "GET", 400), ("/v2/beers?page=0", "GET", 400),
            ("/v2/beers?brewed_after=13-2014", "GET", 400), ("/v2/beers?beer_name=", "GET", 400), ("/v2/beers/abc", "GET", 400),
            ("/v2/beers/1000", "GET", 404), ("/v2/nowhere", "GET", 404), ("/v2/beers", "POST", 405),
            ("/v2/beers/1", "DELETE", 405),
        ] {
            let r = try await server.request(target, method: method)
            #expect(r.status == status, "\(method) \(target)")
            let body = try JSONSerialization.jsonObject(with: r.body) as? [String: Any]
            #expect(body?["statusCode"] as? Int == status, "\(target)")
            #expect((body?["message"] as? String)?.isEmpty == false, "\(target)")
            #expect(r.headers["access-control-allow-origin"] == "*")
        }
        let missing = try await server.json("/v2/beers/1000") as? [String: Any]
        #expect(missing?["message"] as? String == "No beer found that matches the ID 1000")
        #expect(server.log.isEmpty)  // --quiet
    }

    @Test func recommendationEndpointsAnswerWithTheCLIDocuments() async throws {
        let server = try ServerProcess(catalogue: fixtureCatalogue())
        let like = try #require(try await server.json("/v2/beers/1/like?limit=3") as? [String: Any])
        #expect((like["results"] as? [[String: Any]])?.count == 3)
        let several = try #require(try await server.json("/v2/recommend/like?ids=1|7&not=4") as? [String: Any])
        #expect((several["liked"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [1, 7])
        let food = try #require(try await server.json("/v2/recommend/food?q=chicken+tacos") as? [String: Any])
        #expect(food["match"] as? String == "all")
        let search = try #require(try await server.json("/v2/search?q=lantern") as? [String: Any])
        #expect(search["total"] as? Int == 2)
    }

    /// Every path in the OpenAPI document answers as it says: 200 with the documented
    /// kind of JSON and its required fields.
    @Test func theOpenAPIDocumentMatchesTheServer() async throws {
        let server = try ServerProcess(catalogue: fixtureCatalogue(), arguments: ["--quiet"])
        let doc = try #require(try await server.json("/openapi.json") as? [String: Any])
        let paths = try #require(doc["paths"] as? [String: [String: Any]])
        let schemas = try #require((doc["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        let examples = ["/v2/recommend/like": "?ids=1|2", "/v2/recommend/food": "?q=chicken", "/v2/search": "?q=lager"]
        // A rating, a wish and a bottle (the server listens on 127.0.0.1, so it takes writes)
        // for the taste routes.
        #expect(try await server.request("/v2/ratings/1?score=4.5", method: "PUT").status == 200)
        #expect(try await server.request("/v2/wishlist/1", method: "PUT").status == 200)
        #expect(try await server.request("/v2/cellar/1", method: "PUT").status == 200)
        for (path, operations) in paths {
            let get = try #require(operations["get"] as? [String: Any])
            let ok = try #require((get["responses"] as? [String: Any])?["200"] as? [String: Any])
            let content = try #require(ok["content"] as? [String: Any])
            // The recipe routes answer for a beer with a recipe.
            let id = path.contains("/recipe") ? "9002" : "1"
            let target = path.replacingOccurrences(of: "{id}", with: id) + (examples[path] ?? "")
            let r = try await server.request(target)
            #expect(r.status == 200, "\(target)")
            if let xml = content["application/xml"] {
                #expect((xml as? [String: Any])?["schema"] != nil, "\(path)")
                #expect(r.headers["content-type"] == "application/xml; charset=utf-8", "\(target)")
                #expect(String(decoding: r.body, as: UTF8.self).hasPrefix("<?xml"), "\(target)")
                continue
            }
            let schema = try #require((content["application/json"] as? [String: Any])?["schema"] as? [String: Any])
            let body = try JSONSerialization.jsonObject(with: r.body)
            var resolved = schema
            if let ref = schema["$ref"] as? String { resolved = schemas[String(ref.split(separator: "/").last!)] ?? [:] }
            switch resolved["type"] as? String {
            case "array": #expect(body is [Any], "\(target)")
            case "object":
                let object = body as? [String: Any]
                #expect(object != nil, "\(target)")
                for key in resolved["required"] as? [String] ?? [] { #expect(object?[key] != nil, "\(target): \(key)") }
            default: Issue.record("\(path): no type in its 200 schema")
            }
        }
    }

    /// Many clients at once, while one has sent only half its request: they are all
    /// answered while it waits, and it is answered too once it sends the rest.
    @Test func aSlowClientBlocksNoOne() async throws {
        // A long idle timeout: on a loaded machine the 64 requests must not outlast it.
        let server = try ServerProcess(catalogue: fixtureCatalogue(), arguments: ["--quiet", "--idle-timeout", "600"])
        let slow = try RawConnection(port: server.port)
        let request = "GET /v2/beers/3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        let half = request.index(request.startIndex, offsetBy: request.count / 2)
        for c in request[..<half] {
            slow.send(String(c))
            try await Task.sleep(for: .milliseconds(20))
        }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<64 { group.addTask { try await server.request("/v2/beers/\(i % 8 + 1)").status } }
            for try await status in group { #expect(status == 200) }
        }
        for c in request[half...] { slow.send(String(c)) }
        let answer = slow.readAll(seconds: 60)
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(answer.contains("Hello My Name Is Zo"))
    }

    /// A client that stalls mid-request is dropped after --idle-timeout, unanswered,
    /// and the server goes on answering others.
    @Test func aStalledClientIsDroppedAfterTheIdleTimeout() async throws {
        let server = try ServerProcess(catalogue: fixtureCatalogue(), arguments: ["--quiet", "--idle-timeout", "1"])
        let stalled = try RawConnection(port: server.port)
        stalled.send("GET /v2/beers/3 HTTP/1.1\r\nHost: x\r\n")
        let started = ContinuousClock.now
        let answer = stalled.readAll(seconds: 20)
        let waited = ContinuousClock.now - started
        #expect(answer.isEmpty)
        #expect(waited < .seconds(15), "closed after \(waited), not about 1 s")
        #expect(try await server.request("/v2/beers/3").status == 200)
    }

    /// With more clients than file descriptors, it stops accepting (they wait in the
    /// kernel's queue) instead of spinning on `accept`, and takes connections again as
    /// others close.
    @Test func runningOutOfFileDescriptorsNeitherSpinsNorStops() async throws {
        let server = try ServerProcess(
            catalogue: fixtureCatalogue(), arguments: ["--quiet", "--idle-timeout", "600"], fileLimit: 64)
        var held: [RawConnection] = []
        for _ in 0..<100 { held.append(try RawConnection(port: server.port)) }
        try await Task.sleep(for: .milliseconds(500))
        let before = server.processorSeconds
        try await Task.sleep(for: .seconds(2))
        let spent = server.processorSeconds - before
        #expect(spent < 0.5, "\(spent) s of processor time in 2 s with every descriptor taken")
        held.removeAll()
        #expect(try await server.request("/v2/beers/1").status == 200)
    }

    @Test func oversizedHeadersAndQueriesAreRefused() async throws {
        let server = try ServerProcess(catalogue: fixtureCatalogue(), arguments: ["--quiet"])
        let long = try await server.request("/v2/beers?beer_name=" + String(repeating: "a", count: 9000))
        #expect(long.status == 414)
        let raw = try RawConnection(port: server.port)
        raw.send("GET /v2/beers HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 40_000))\r\n\r\n")
        let answer = raw.readAll(seconds: 5)
        #expect(answer.hasPrefix("HTTP/1.1 414") && answer.contains(#""statusCode":414"#))
        // And it still serves.
        #expect(try await server.request("/v2/beers/1").status == 200)
    }

    /// What the HTTP parser refuses gets the API's JSON error in request order, and the
    /// connection ends; an HTTP/1.0 request without keep-alive ends its connection.
    @Test func refusedRequestsAndHTTP10AreAnsweredAndClosed() async throws {
        let server = try ServerProcess(catalogue: fixtureCatalogue(), arguments: ["--quiet"])
        func exchange(_ request: String) throws -> (answer: String, seconds: Double) {
            let raw = try RawConnection(port: server.port)
            let start = Date()
            raw.send(request)
            return (raw.readAll(seconds: 10), Date().timeIntervalSince(start))
        }
        for length in [17_000, 40_000, 1_000_000] {
            let (answer, seconds) = try exchange(
                "GET /v2/beers?beer_name=\(String(repeating: "a", count: length)) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 414 "), "\(length)")
            #expect(answer.contains(#""statusCode":414"#) && answer.contains("query string is limited to 8192 bytes"))
            #expect(seconds < 5, "the connection was left open")
        }
        let (garbage, closed) = try exchange("NOT HTTP AT ALL\r\n\r\n")
        #expect(garbage.hasPrefix("HTTP/1.1 400 ") && garbage.contains(#""statusCode":400"#) && closed < 5)
        // A pipelined request the parser refuses is answered after the one before it.
        let (both, _) = try exchange(
            "GET /v2/beers/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /v2/beers?q=\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\n\r\n"
        )
        #expect(both.hasPrefix("HTTP/1.1 200 ") && both.contains("HTTP/1.1 414 "), "\(both.prefix(200))")
        let (old, seconds) = try exchange("GET /v2/beers/1 HTTP/1.0\r\n\r\n")
        #expect(old.contains(" 200 OK") && seconds < 5, "an HTTP/1.0 connection was held open")
        #expect(try await server.request("/v2/beers/1").status == 200)
    }

    /// The snapshot of a catalogue read from its JSON is written once the server listens,
    /// while it answers.
    @Test func theSnapshotIsWrittenWhileItServes() async throws {
        let server = try ServerProcess(catalogue: fixtureCatalogue(), arguments: ["--quiet"])
        #expect(try await server.request("/v2/beers/1").status == 200)
        let snapshots = server.folder.path + "/.cache/brewery/snapshots"
        let deadline = Date().addingTimeInterval(30)
        var names: [String] = []
        while names.isEmpty && Date() < deadline {
            names = ((try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []).filter { $0.hasSuffix(".bin") }
            if names.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(names.count == 1, "no snapshot in \(snapshots) while serving")
        #expect(server.process.isRunning)
        #expect(try await server.request("/v2/beers/2").status == 200)
    }

    @Test func sigtermStopsItCleanly() async throws {
        let server = try ServerProcess(catalogue: fixtureCatalogue())
        #expect(try await server.request("/v2/beers/1").status == 200)
        server.process.terminate()
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
    }

    /// Runs `brewery serve` with `arguments` on the fixture, in the test's folder, to its
    /// end: its exit status and what it wrote to standard error.
    func serveToItsEnd(_ arguments: [String]) throws -> (status: Int32, text: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: BuiltProduct.path("brewery"))
        p.arguments = ["serve", "--catalogue", fixtureCatalogue()] + arguments
        var env = ["HOME": folder.path, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": folder.path + "/.cache"]
        for (k, v) in ProcessInfo.processInfo.environment where k.hasSuffix("SAN_OPTIONS") { env[k] = v }
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    @Test func aHostNoNameServiceKnowsIsOneLineAndExit1() throws {
        let (status, text) = try serveToItsEnd(["--host", "nonsense.invalid", "--port", "0"])
        #expect(status == 1)
        #expect(text.contains("no such local address; --host takes an address of this machine"), "\(text)")
        #expect(text.split(separator: "\n").count == 1)
    }

    @Test func aPortInUseIsOneLineAndExit1() throws {
        let first = try ServerProcess(catalogue: fixtureCatalogue(), arguments: ["--quiet"])
        let (status, text) = try serveToItsEnd(["--port", String(first.port)])
        #expect(status == 1)
        #expect(text.contains("in use"))
        #expect(text.split(separator: "\n").count == 1)
        // The catalogue was read all the same: its snapshot is written as the command ends.
        let snapshots = folder.path + "/.cache/brewery/snapshots"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []).filter { $0.hasSuffix(".bin") }
        #expect(names.count == 1)
    }

    /// `brewery fetch --from http://127.0.0.1:PORT/v2` gets back exactly the catalogue served.
    @Test(.enabled(if: SharedData.shouldRun("v2"), "needs ../shared/punkapi/v2/beers.json"))
    func fetchRoundTripsTheRealCatalogue() async throws {
        let source = SharedData.punkAPI("v2")
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let server = try ServerProcess(catalogue: source, arguments: ["--quiet"])
        // The query of the README, as the Punk API answered it.
        let beers = try #require(try await server.json("/v2/beers?hops=nelson&abv_gt=6&per_page=5") as? [[String: Any]])
        #expect(beers.count == 5)
        let ids = beers.compactMap { $0["id"] as? Int }
        #expect(ids == ids.sorted())
        for b in beers { #expect((b["abv"] as? Double ?? 0) > 6) }
        let out = folder.path + "/fetched.json"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: BuiltProduct.path("brewery"))
        p.arguments = ["fetch", "--from", server.base + "/v2", "--catalogue", out]
        var env = ["HOME": folder.path, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": folder.path + "/.cache"]
        for (k, v) in ProcessInfo.processInfo.environment where k.hasSuffix("SAN_OPTIONS") { env[k] = v }
        p.environment = env
        p.standardOutput = Pipe()
        p.standardError = Pipe()
        try p.run()
        let errors = (p.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(String(decoding: errors, as: UTF8.self))")
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: source))) as? NSArray
        let fetched = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? NSArray
        #expect(original != nil && original == fetched)
    }
}

/// The taste routes over HTTP: writes on a loopback address, 403 on another, none kept
/// from a browser page of another origin.
@Suite(.onThreadsOfItsOwn()) struct ServeTasteTests {
    let folder = TemporaryFolder(prefix: "brewery-serve-taste")

    func fixtureCatalogue() -> String {
        let path = folder.path + "/fixtures.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Fixtures.json()), "wrote \(path)")
        return path
    }

    @Test func ratingsAreWrittenOnLoopbackAndRefusedElsewhere() async throws {
        let local = try ServerProcess(catalogue: fixtureCatalogue(), arguments: ["--quiet"])
        var r = try await local.request("/v2/ratings/2?score=4", method: "PUT")
        #expect(r.status == 200)
        r = try await local.request("/v2/ratings")
        let rows = try #require((try JSONSerialization.jsonObject(with: r.body) as? [String: Any])?["results"] as? [Any])
        #expect(rows.count == 1)
        r = try await local.request("/v2/ratings/2", method: "OPTIONS")
        #expect(r.headers["allow"] == "GET, HEAD, OPTIONS, PUT, DELETE")
        #expect(try await local.request("/v2/ratings/2", method: "DELETE").status == 200)
        // Listening on every interface: writes need --allow-writes.
        let open = try ServerProcess(catalogue: fixtureCatalogue(), arguments: ["--quiet", "--host", "0.0.0.0"])
        r = try await open.request("/v2/ratings/2?score=4", method: "PUT")
        #expect(r.status == 403)
        #expect(String(decoding: r.body, as: UTF8.self).contains("--allow-writes"))
        let allowed = try ServerProcess(
            catalogue: fixtureCatalogue(), arguments: ["--quiet", "--host", "0.0.0.0", "--allow-writes"])
        #expect(try await allowed.request("/v2/ratings/2?score=4", method: "PUT").status == 200)
    }
}
