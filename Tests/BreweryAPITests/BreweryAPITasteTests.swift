import BreweryAPI
import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

@Suite struct BreweryAPITasteTests {
    let taste = MemoryTaste()

    func call(_ method: APIEndpoint.Method, _ target: String, writes: Bool = true) -> (status: Int, json: [String: Any]) {
        let api = BreweryAPI(catalogue: Fixtures.served, taste: taste, allowsWrites: writes)
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let given = parts[0].split(separator: "/").map(String.init)
        for endpoint in BreweryAPI.endpoints where endpoint.method == method {
            let pattern = endpoint.path.split(separator: "/").map(String.init)
            guard pattern.count == given.count, zip(pattern, given).allSatisfy({ $0 == "{id}" || $0 == $1 }) else { continue }
            let id = pattern.firstIndex(of: "{id}").map { given[$0] }
            let query = try? QueryParameters(parts.count > 1 ? parts[1] : nil)
            let r = api.answer(endpoint, id: id, query: query ?? QueryParameters())
            return (r.status, (try? JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any]) ?? [:])
        }
        return (404, [:])
    }

    @Test func rateReadAndRemoveARating() {
        #expect(call(.get, "/v2/ratings").json["results"] as? [Any] != nil)
        var r = call(.put, "/v2/ratings/1?score=4.5&note=crisp")
        #expect(r.status == 200 && r.json["action"] as? String == "rated")
        r = call(.get, "/v2/ratings/1")
        #expect(r.status == 200 && r.json["score"] as? Double == 4.5 && r.json["note"] as? String == "crisp")
        r = call(.delete, "/v2/ratings/1")
        #expect(r.status == 200)
        #expect(call(.delete, "/v2/ratings/1").status == 404)
        #expect(call(.get, "/v2/ratings/1").status == 404)
    }

    @Test func badWritesAreRefusedWithTheirReason() throws {
        var bad = call(.put, "/v2/ratings/1?score=6")
        #expect(
            bad.status == 400
                && bad.json["message"] as? String == "score must be from 0.5 to 5 stars, at most two decimals, not '6'")
        bad = call(.put, "/v2/ratings/1")
        #expect(bad.status == 400 && (bad.json["message"] as? String)?.hasPrefix("score is required") == true)
        #expect(call(.put, "/v2/ratings/424242?score=4").status == 404)
        let r = call(.put, "/v2/ratings/1?score=4", writes: false)
        #expect(r.status == 403)
        #expect((r.json["message"] as? String)?.contains("--allow-writes") == true)
        #expect(call(.delete, "/v2/ratings/1", writes: false).status == 403)
        #expect(try taste.profile().ratings.isEmpty)
    }

    @Test func recommendMeNeedsALikedBeerThenLeavesTriedBeersOut() {
        #expect(call(.get, "/v2/recommend/me").status == 404)
        _ = call(.put, "/v2/ratings/1?score=5")
        var r = call(.get, "/v2/recommend/me?limit=3")
        #expect(r.status == 200)
        let ids = (r.json["results"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(!ids.isEmpty && !ids.contains(1))
        // One liked beer: the standard weights, said as --weights takes them.
        #expect(r.json["weights"] as? String == ScoringWeights.standard.description)
        _ = call(.put, "/v2/ratings/2?score=4.5")
        r = call(.get, "/v2/recommend/me?limit=3")
        let fitted = try? ScoringWeights(parsing: r.json["weights"] as? String ?? "")
        #expect(fitted != nil && fitted != .standard, "\(r.json["weights"] ?? "none")")
        r = call(.get, "/v2/recommend/me?include_tried=true&abv_lt=5")
        #expect(r.status == 200 && r.json["filters"] as? String != "")
    }

    @Test func optionsNamesTheWritesWithoutOfferingThemToOtherOrigins() {
        let r = BreweryAPI.options(path: "/v2/ratings/{id}")
        let headers = Dictionary(r.headers, uniquingKeysWith: { a, _ in a })
        #expect(headers["Allow"] == "GET, HEAD, OPTIONS, PUT, DELETE")
        #expect(headers["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS")
        let wish = Dictionary(BreweryAPI.options(path: "/v2/wishlist/{id}").headers, uniquingKeysWith: { a, _ in a })
        #expect(wish["Allow"] == "GET, HEAD, OPTIONS, PUT, DELETE")
    }

    @Test func wishlistAndCellarFromTheAPI() throws {
        var r = call(.put, "/v2/wishlist/7")
        #expect(r.status == 200 && r.json["action"] as? String == "wished" && r.json["changed"] as? Bool == true)
        #expect(call(.put, "/v2/wishlist/7").json["changed"] as? Bool == false)
        r = call(.get, "/v2/wishlist")
        #expect((r.json["results"] as? [[String: Any]])?.count == 1)
        #expect(call(.get, "/v2/wishlist/7").status == 200 && call(.get, "/v2/wishlist/1").status == 404)
        #expect(call(.delete, "/v2/wishlist/7").status == 200)
        #expect(call(.delete, "/v2/wishlist/7").status == 404)
        r = call(.put, "/v2/cellar/4?count=2&best_before=03-2030&where=shed")
        #expect(r.status == 200 && r.json["count"] as? Int == 2)
        #expect(call(.put, "/v2/cellar/4").json["count"] as? Int == 3)
        r = call(.get, "/v2/cellar")
        let row = try #require((r.json["results"] as? [[String: Any]])?.first)
        #expect(row["best_before"] as? String == "03-2030" && row["place"] as? String == "shed" && r.json["total"] as? Int == 3)
        #expect(call(.get, "/v2/cellar/4").json["count"] as? Int == 3 && call(.get, "/v2/cellar/1").status == 404)
        r = call(.delete, "/v2/cellar/4")
        #expect(r.status == 200 && r.json["count"] as? Int == 2)
        #expect(call(.put, "/v2/cellar/4?count=0").status == 400)
        #expect(call(.put, "/v2/cellar/4?best_before=soon").status == 400)
        #expect(call(.delete, "/v2/cellar/5").status == 404)
        #expect(call(.put, "/v2/wishlist/1", writes: false).status == 403)
        #expect(call(.delete, "/v2/cellar/4", writes: false).status == 403)
        #expect(try taste.profile().cellar.map(\.count) == [2])
    }
}
