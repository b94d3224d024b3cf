import BreweryAPI
import BreweryServer
import BreweryTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The web page over HTTP on 127.0.0.1 (HummingbirdTesting): its routes beside the API's,
/// its headers, and writes only from the page's own origin.
@Suite struct WebRouterTests {
    let taste = MemoryTaste()
    var app: some ApplicationProtocol {
        BreweryServer(api: BreweryAPI(catalogue: Fixtures.served, taste: taste, allowsWrites: true), port: 0).application()
    }

    @Test func pagesAndTheirFilesAreServedWithTheirPolicy() async throws {
        try await app.test(.ahc(.http)) { client in
            for (path, type) in [
                ("/", "text/html; charset=utf-8"), ("/beers/7", "text/html; charset=utf-8"), ("/map", "text/html; charset=utf-8"),
                ("/static/app.js", "text/javascript; charset=utf-8"), ("/glass/12.svg", "image/svg+xml"),
            ] {
                let r = try await client.execute(uri: path, method: .get)
                #expect(r.status == .ok, "\(path)")
                #expect(r.headers[.contentType] == type, "\(path)")
                #expect(r.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("default-src 'none'") == true, "\(path)")
            }
            // A beer that is not there is a page saying so, not the API's JSON.
            let missing = try await client.execute(uri: "/beers/4242", method: .get)
            #expect(missing.status == .notFound && missing.headers[.contentType] == "text/html; charset=utf-8")
            #expect(String(buffer: missing.body).contains("No beer found that matches the ID 4242"))
            let head = try await client.execute(uri: "/", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
        }
    }

    @Test func ratingsChangeOnlyFromThePagesOwnOrigin() async throws {
        try await app.test(.ahc(.http)) { client in
            let foreign = try await client.execute(
                uri: "/v2/ratings/7?score=1", method: .put, headers: [.origin: "http://evil.example"])
            #expect(foreign.status == .forbidden)
            let crossSite = try await client.execute(
                uri: "/v2/ratings/7?score=1", method: .delete, headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(crossSite.status == .forbidden)
            #expect(taste.ratings.isEmpty)
            // The page's own request, as the browser marks it.
            let same = try await client.execute(
                uri: "/v2/ratings/7?score=4", method: .put,
                headers: [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"])
            #expect(same.status == .ok)
            // A client that is no browser (no Origin) is governed by the server's write rules alone.
            #expect(try await client.execute(uri: "/v2/ratings/7", method: .delete).status == .ok)
        }
    }

    @Test func anOriginIsTheSameWhenItNamesThisHost() {
        #expect(SameOriginWritesMiddleware.isSameOrigin("http://127.0.0.1:8080", host: "127.0.0.1:8080"))
        #expect(!SameOriginWritesMiddleware.isSameOrigin("http://127.0.0.1:8081", host: "127.0.0.1:8080"))
        #expect(!SameOriginWritesMiddleware.isSameOrigin("null", host: "127.0.0.1:8080"))
        #expect(!SameOriginWritesMiddleware.isSameOrigin("http://127.0.0.1:8080", host: ""))
    }
}
