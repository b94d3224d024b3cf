import BreweryAPI
import BreweryServer
import BreweryTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The router `serve` runs, over HTTP on 127.0.0.1 (HummingbirdTesting with AsyncHTTPClient):
/// what its middleware adds to the API's answers.
@Suite struct APIRouterTests {
    static let api = BreweryAPI(catalogue: Fixtures.served)
    var app: some ApplicationProtocol { BreweryServer(api: Self.api, port: 0).application() }

    @Test func aBrowsersPreflightIsAnsweredByTheCORSMiddleware() async throws {
        try await app.test(.ahc(.http)) { client in
            let origin: HTTPFields = [.origin: "https://beer.example"]
            let preflight = try await client.execute(uri: "/v2/recommend/food", method: .options, headers: origin)
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "*")
            #expect(preflight.headers[.accessControlAllowMethods] == "GET, HEAD, OPTIONS")
            #expect(preflight.headers[.accessControlMaxAge] == "86400")
            let answer = try await client.execute(uri: "/v2/beers/7", method: .get, headers: origin)
            #expect(answer.status == .ok && answer.headers[.accessControlAllowOrigin] == "*")
            // Without an Origin, every answer still says any page may read it, as the Punk API's did.
            let plain = try await client.execute(uri: "/v2/beers/7", method: .get)
            #expect(plain.headers[.accessControlAllowOrigin] == "*")
        }
    }

    @Test func routesMethodsAndPaths() async throws {
        try await app.test(.ahc(.http)) { client in
            // A percent-encoded id is the id.
            let encoded = try await client.execute(uri: "/v2/beers/%37", method: .get)
            #expect(String(buffer: encoded.body).contains("\"id\":7,"))
            #expect(try await client.execute(uri: "/v2/nothing", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/v2/beers/1/like/more", method: .get).status == .notFound)
            let post = try await client.execute(uri: "/v2/beers", method: .post)
            #expect(post.status == .methodNotAllowed && post.headers[.allow] == "GET, HEAD, OPTIONS")
            #expect(String(buffer: post.body).contains("POST is not allowed"))
            let patch = try await client.execute(uri: "/v2/beers/7", method: .patch)
            #expect(patch.status == .methodNotAllowed)
            let head = try await client.execute(uri: "/v2/beers/7", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
            #expect(try await client.execute(uri: "/v2/beers/7/", method: .get).status == .ok)
        }
    }

    @Test func aQueryEndsItsConnectionACheapRequestKeepsIt() async throws {
        try await app.test(.ahc(.http)) { client in
            let query = try await client.execute(uri: "/v2/search?q=lantern", method: .get)
            #expect(query.status == .ok && query.headers[.connection] == "close")
            let cheap = try await client.execute(uri: "/v2/beers?page=2&per_page=2", method: .get)
            #expect(cheap.status == .ok && cheap.headers[.connection] == nil)
        }
    }
}
