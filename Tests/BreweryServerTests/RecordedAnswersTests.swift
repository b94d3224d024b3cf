import BreweryAPI
import BreweryCore
import BreweryServer
import BreweryTestSupport
import Foundation
import HummingbirdTesting
import Testing

/// Every answer of the server, status, headers and body, compared byte for byte with
/// answers recorded before a change: on the invented fixture kept whole
/// (`Recorded/fixture.txt`), on the real v2 catalogue as digests (`Recorded/real-v2.digests`).
/// The requests go over HTTP on 127.0.0.1 to the application `serve` runs (HummingbirdTesting);
/// the headers compared are the API's own (not the connection's: length, keep-alive, date).
/// A refactoring of a route must leave these untouched. `BREWERY_RECORD_API=1 swift test
/// --filter RecordedAnswers` records anew (review the diff before committing).
@Suite struct RecordedAnswersTests {
    /// Requests as `METHOD target`; `/v2/beers/random` is left out (it is random).
    static let requests: [String] = [
        "GET /v2/beers", "GET /v2/beers?per_page=3&page=2", "GET /v2/beers?page=99999", "HEAD /v2/beers?per_page=1",
        "GET /v2/beers?abv_gt=6&ibu_lt=70", "GET /v2/beers?ebc_gt=20&ebc_lt=200", "GET /v2/beers?beer_name=lntrn",
        "GET /v2/beers?beer_name=tokyo*", "GET /v2/beers?hops=nelson", "GET /v2/beers?yeast=wyeast_1056",
        "GET /v2/beers?malt=extra", "GET /v2/beers?food=chicken", "GET /v2/beers?food=CHICKEN_TACOS",
        "GET /v2/beers?brewed_before=01-2010", "GET /v2/beers?brewed_after=09-2007", "GET /v2/beers?ids=8|1|99",
        "GET /v2/beers?abv_gt=-1", "GET /v2/beers?per_page=81", "GET /v2/beers?page=x", "GET /v2/beers?brewed_after=13-2014",
        "GET /v2/beers?ids=1,2", "GET /v2/beers?food=%zz", "GET /v2/beers?beer_name=%FF", "GET /v2/beers?unknown=1",
        "GET /v2/beers/7", "GET /v2/beers/1000", "GET /v2/beers/abc", "GET /v2/beers/-3", "GET /v2/nothing",
        "GET /v2/beers/1/like", "GET /v2/beers/1/like?limit=3&page=2", "GET /v2/beers/1/like?per_page=2",
        "GET /v2/beers/1/like?page=1000000", "GET /v2/beers/3/like?explain=true&limit=2",
        "GET /v2/beers/2/like?abv_gt=5&weights=abv=2,ibu=1,ebc=1,food=1", "GET /v2/beers/1/like?weights=numeric,food=1",
        "GET /v2/beers/1/like?weights=bogus=1", "GET /v2/beers/1/like?explain=maybe", "GET /v2/beers/1/like?limit=81",
        "GET /v2/beers/1/like?not=4&exclude=2", "GET /v2/beers/1/like?ids=1|2|3",
        "GET /v2/recommend/like?ids=1|Tokyo*_Dreams&not=4&abv_lt=10", "GET /v2/recommend/like?ids=lantern_lager&exclude=2",
        "GET /v2/recommend/like?ids=1|1000", "GET /v2/recommend/like?ids=zzqqxx", "GET /v2/recommend/like?ids=lantern",
        "GET /v2/recommend/like?ids=lantern_lagr", "GET /v2/recommend/like?ids=1&not=1", "GET /v2/recommend/like",
        "GET /v2/recommend/like?ids=|", "GET /v2/recommend/like?ids=1|2|3|4|5|6|7|8|1|2|3|4|5|6|7|8|1",
        "GET /v2/recommend/food?q=chicken+tacos", "GET /v2/recommend/food?q=chicken+tacos&explain=1",
        "GET /v2/recommend/food?q=chocolate&limit=2&page=2", "GET /v2/recommend/food?q=chicken+haggis",
        "GET /v2/recommend/food?q=poutine", "GET /v2/recommend/food?q=venisson", "GET /v2/recommend/food?q=with+the",
        "GET /v2/recommend/food?q=cake&abv_lt=7", "GET /v2/recommend/food", "GET /v2/search?q=lantern",
        "GET /v2/search?q=hashtg", "GET /v2/search?q=zzqx", "GET /v2/search?q=a&per_page=2&page=2", "GET /v2/search?q=%20",
        "GET /v2/search?q=lantern&abv_gt=4.5", "POST /v2/beers", "DELETE /v2/beers/1", "OPTIONS /v2/beers",
        "OPTIONS /v2/recommend/food", "GET /openapi.json",
    ]

    static let folder = SharedData.repositoryRoot.appendingPathComponent("Tests/BreweryServerTests/Recorded")
    static var recording: Bool { ProcessInfo.processInfo.environment["BREWERY_RECORD_API"] == "1" }

    /// Headers of the connection, not of the answer.
    static let connectionHeaders: Set<String> = ["content-length", "connection", "date", "server"]

    /// Each answer as text: the request, the status, each header, then the body. A HEAD's
    /// body is the GET's (its own is checked to be empty, its length the GET's). Requests
    /// are sent byte for byte as written (an HTTP client would mend `%zz`).
    static func answers(_ requests: [String], _ catalogue: Catalogue) async throws -> [String] {
        let app = BreweryServer(api: BreweryAPI(catalogue: catalogue), port: 0).application()
        return try await app.test(.live) { client in
            let port = try #require(client.port)
            // On a thread of its own: the server's handlers need the cooperative pool.
            func exchange(_ method: Substring, _ target: Substring) async throws -> (head: [Substring], body: Substring) {
                let request = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                let answer = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
                    Thread {
                        guard let connection = try? RawConnection(port: port) else { return done.resume(returning: "") }
                        connection.send(request)
                        done.resume(returning: connection.readAll())
                    }.start()
                }
                let end = try #require(answer.range(of: "\r\n\r\n"), "an answer to \(method) \(target)")
                return (answer[..<end.lowerBound].split(separator: "\r\n"), answer[end.upperBound...])
            }
            var texts: [String] = []
            for request in requests {
                let parts = request.split(separator: " ", maxSplits: 1)
                var (head, body) = try await exchange(parts[0], parts[1])
                let fields = head.dropFirst().map { $0.split(separator: ":", maxSplits: 1) }
                if parts[0] == "HEAD" {
                    body = try await exchange("GET", parts[1]).body
                    #expect(head.isEmpty == false && fields.contains { $0 == ["Content-Length", " \(body.utf8.count)"] })
                }
                var text = "### \(request)\nstatus \(head[0].split(separator: " ")[1])\n"
                for field in fields where !connectionHeaders.contains(field[0].lowercased()) {
                    text += "\(field[0]):\(field[1])\n"
                }
                texts.append(text + "\n" + body + "\n")
            }
            return texts
        }
    }

    @Test func fixtureAnswersAreUnchanged() async throws {
        let got = try await Self.answers(Self.requests, Fixtures.served)
        let file = Self.folder.appendingPathComponent("fixture.txt")
        if Self.recording {
            try Data(got.joined().utf8).write(to: file)
            return
        }
        let want = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "### ").dropFirst().map { "### " + $0 }
        #expect(want.count == got.count, "Recorded/fixture.txt holds \(want.count) answers, not \(got.count)")
        for (w, g) in zip(want, got) { #expect(w == g) }
    }

    @Test(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"))
    func realCatalogueAnswersAreUnchanged() async throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.punkAPI("v2")))
        let catalogue = Catalogue(beers: try CatalogueDecoder.decodeArray(data, source: "v2"))
        let real =
            Self.requests.map { $0.replacingOccurrences(of: "/beers/1/", with: "/beers/192/") } + [
                "GET /v2/beers?beer_name=punk", "GET /v2/beers?food=chicken&per_page=80", "GET /v2/beers/192",
                "GET /v2/beers/192/like?explain=true&limit=5", "GET /v2/recommend/like?ids=192|106|Dead_Pony_Club&not=4",
                "GET /v2/recommend/food?q=spicy+chicken+tacos&explain=true", "GET /v2/search?q=punk+ipaa",
            ]
        let file = Self.folder.appendingPathComponent("real-v2.digests")
        let want = Self.recording ? [:] : try OutputDigest.read(file)
        var lines: [String] = []
        for (n, (request, answer)) in zip(real, try await Self.answers(real, catalogue)).enumerated() {
            let digest = OutputDigest.of(answer.utf8)
            lines.append("\(digest)  \(n)  \(request)")
            if !Self.recording { #expect(want["\(n)"] == digest, "\(request)") }
        }
        if Self.recording { try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file) }
    }
}
