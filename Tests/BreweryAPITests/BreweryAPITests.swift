import BreweryAPI
import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

/// The API without a server: its endpoints, Punk API parameters, errors, Brewery's
/// documents. Routing, methods and HTTP are `serve`'s (BreweryServerTests).
@Suite struct BreweryAPITests {
    static let api = BreweryAPI(catalogue: Fixtures.served)

    /// The endpoint whose pattern `path` fits, and its `{id}` segment: what the router
    /// does in `serve`, enough for these tests.
    static func endpoint(for path: String) -> (APIEndpoint, String?)? {
        let given = path.split(separator: "/").map(String.init)
        for endpoint in BreweryAPI.endpoints {
            let pattern = endpoint.path.split(separator: "/").map(String.init)
            guard pattern.count == given.count else { continue }
            let fits = zip(pattern, given).allSatisfy { p, g in p == "{id}" || p == g }
            if fits { return (endpoint, pattern.firstIndex(of: "{id}").map { given[$0] }) }
        }
        return nil
    }

    /// A GET of `target` (path and query string).
    func get(_ target: String) -> (status: Int, json: Any?, response: APIResponse) {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let r: APIResponse
        if let (endpoint, id) = Self.endpoint(for: parts[0]) {
            do {
                r = Self.api.answer(endpoint, id: id, query: try QueryParameters(parts.count > 1 ? parts[1] : nil))
            } catch {
                r = BreweryAPI.failure(error)
            }
        } else {
            r = BreweryAPI.notFound(path: parts[0])
        }
        return (r.status, try? JSONSerialization.jsonObject(with: Data(r.body)), r)
    }

    func ids(_ target: String) -> [Int] {
        ((get(target).json as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }
    }

    func message(_ target: String) -> (Int, String) {
        let r = get(target)
        let body = r.json as? [String: Any]
        #expect(body?["statusCode"] as? Int == r.status)
        #expect(body?["error"] is String)
        return (r.status, body?["message"] as? String ?? "")
    }

    @Test func beersArePagedByAscendingID() {
        #expect(ids("/v2/beers") == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(ids("/v2/beers?per_page=3") == [1, 2, 3])
        #expect(ids("/v2/beers?per_page=3&page=3") == [7, 8])
        #expect(ids("/v2/beers?per_page=3&page=4") == [])
        #expect(ids("/v2/beers/") == [1, 2, 3, 4, 5, 6, 7, 8])
    }

    @Test func singleBeersAreOneElementArrays() {
        let r = get("/v2/beers/7")
        #expect(r.status == 200)
        let list = r.json as? [[String: Any]]
        #expect(list?.count == 1)
        #expect(list?.first?["name"] as? String == "Tokyo* Dreams")
        #expect(ids("/v2/beers/random").count == 1)
        #expect(r.response.headers.contains { $0 == ("Access-Control-Allow-Origin", "*") })
    }

    @Test func numberFiltersAreStrictAndMissingValuesFail() {
        #expect(ids("/v2/beers?abv_gt=6") == [3, 4, 6, 7])
        #expect(ids("/v2/beers?abv_lt=4.5") == [])
        #expect(ids("/v2/beers?ibu_gt=0") == [1, 2, 4, 5, 6, 7, 8])  // 3 has no ibu
        #expect(ids("/v2/beers?ebc_lt=20&abv_gt=5") == [7])
    }

    @Test func textFiltersMatchCharactersInOrderAsTheOriginalDid() {
        #expect(ids("/v2/beers?beer_name=lntrn") == [1, 2])
        #expect(ids("/v2/beers?beer_name=lager_reserve") == [2])
        #expect(ids("/v2/beers?beer_name=zoe") == [3])
        // Regex-like characters are plain.
        #expect(ids("/v2/beers?beer_name=tokyo*") == [7])
        #expect(ids("/v2/beers?beer_name=tokyo(") == [])
        #expect(ids("/v2/beers?hops=nelson") == [1])
        #expect(ids("/v2/beers?yeast=wyeast_1056") == [1])
        #expect(ids("/v2/beers?malt=xyz") == [])
    }

    @Test func foodIsASubstringOfOnePairing() {
        #expect(ids("/v2/beers?food=chicken") == [2, 5, 7])
        #expect(ids("/v2/beers?food=CHICKEN_TACOS") == [2])
        #expect(ids("/v2/beers?food=chicken%20lime") == [])
    }

    @Test func datesAndIDs() {
        #expect(ids("/v2/beers?brewed_before=01-2010") == [5])
        #expect(ids("/v2/beers?brewed_after=09-2007") == [7])
        #expect(ids("/v2/beers?brewed_after=12-2011") == [7])
        #expect(ids("/v2/beers?brewed_after=01-2012") == [])
        #expect(ids("/v2/beers?ids=8|1|99") == [1, 8])
        #expect(ids("/v2/beers?ids=1%7C2") == [1, 2])
        // Commas, as users write lists, work too.
        #expect(ids("/v2/beers?ids=8,1") == [1, 8])
        // An id as users type it, alone as in a list.
        #expect(ids("/v2/beers?ids=%238") == [8] && ids("/v2/beers?ids=%238|%231") == [1, 8])
    }

    @Test func invalidParametersAre400WithAMessage() {
        for target in [
            "/v2/beers?abv_gt=-1", "/v2/beers?abv_gt=abc", "/v2/beers?per_page=81", "/v2/beers?per_page=0", "/v2/beers?page=0",
            "/v2/beers?page=x", "/v2/beers?brewed_after=13-2014", "/v2/beers?beer_name=", "/v2/beers?hops=__",
            "/v2/beers?ids=1,x", "/v2/beers/abc", "/v2/beers/-3", "/v2/beers?food=%zz", "/v2/beers?beer_name=%FF",
            "/v2/recommend/like", "/v2/recommend/food", "/v2/search?q=%20", "/v2/beers/1/like?limit=81",
            "/v2/beers/1/like?weights=bogus=1", "/v2/beers/1/like?explain=maybe",
        ] {
            let (status, text) = message(target)
            #expect(status == 400, "\(target)")
            #expect(!text.isEmpty && !text.contains("\n"), "\(target)")
        }
        #expect(message("/v2/beers?abv_gt=-1").1.contains("abv_gt"))
        // In the API's words: a query string, not a command.
        for target in ["/v2/recommend/food?q=with+the", "/v2/recommend/food?q=12"] {
            #expect(
                message(target) == (
                    400, "q has no food words (only words such as 'with', numbers or signs), e.g. q=chicken+tacos"
                ))
        }
    }

    @Test func unknownIDsRoutesAndMethods() {
        #expect(message("/v2/beers/1000") == (404, "No beer found that matches the ID 1000"))
        #expect(message("/v2/nothing").0 == 404)
        #expect(message("/v2/beers/1/like/more").0 == 404)
        #expect(message("/v2/recommend/like?ids=1|1000").0 == 404)
        // A name nothing is close to points at the API's search, not the command's.
        #expect(
            message("/v2/recommend/like?ids=zzqqxx") == (
                404, "ids: no beer named 'zzqqxx'; names are found with /v2/search?q=…"
            ))
        #expect(BreweryAPI.methodNotAllowed("POST").headers.contains { $0 == ("Allow", "GET, HEAD, OPTIONS") })
        #expect(BreweryAPI.options.status == 204)
        let long = "/v2/beers?beer_name=" + String(repeating: "a", count: 9000)
        #expect(message(long).0 == 414)
    }

    /// A beer read from the catalogue file (a large catalogue's are) whose bytes there
    /// changed since the server loaded it, even keeping their length, is a 503 saying so,
    /// never the changed beer; the beers around it are served as ever.
    @Test func aBeerChangedInTheFileIsA503NotServedAsItIsNow() throws {
        let json = [UInt8](Fixtures.json(Fixtures.beers))
        let read = try CatalogueDecoder.decodeLocatedArray(Data(json), source: "test.json")
        let spans = try #require(read.spans)
        let snapshot = CatalogueSnapshot.encode(
            Catalogue(beers: read.beers), header: [1], encoded: .init(read.beers, spans: spans))
        // Beer 2's abv, one digit changed in place.
        let object = String(decoding: json[spans[1].range], as: UTF8.self)
        let abv = try #require(object.range(of: #""abv""#))
        let digit = try #require(object[abv.upperBound...].firstIndex(where: { $0.isNumber }))
        var edited = object
        edited.replaceSubrange(digit...digit, with: object[digit] == "9" ? "8" : "9")
        var changedFile = json
        changedFile.replaceSubrange(spans[1].range, with: Array(edited.utf8))
        let file = changedFile
        let source = BeerSource { offset, count in offset + count <= file.count ? Array(file[offset..<offset + count]) : nil }
        let api = BreweryAPI(catalogue: try CatalogueSnapshot.decode(snapshot, source: source), encodingUpTo: 0)
        // The styles the API builds beside its first requests read the file too: built first,
        // so the reads counted below are the answers' alone.
        _ = api.catalogue.brewing
        func answer(_ path: String, _ query: String? = nil) throws -> APIResponse {
            let (endpoint, id) = try #require(Self.endpoint(for: path))
            do { return api.answer(endpoint, id: id, query: try QueryParameters(query)) } catch {
                return BreweryAPI.failure(error)
            }
        }
        let changed = try answer("/v2/beers/2")
        #expect(changed.status == 503)
        let body = try JSONSerialization.jsonObject(with: Data(changed.body)) as? [String: Any]
        #expect((body?["message"] as? String)?.contains("Beer 2 changed in the catalogue file") == true)
        #expect(try answer("/v2/beers", "per_page=3").status == 503)
        #expect(try answer("/v2/beers/1").status == 200)
        #expect(try answer("/v2/beers", "ids=1|3").status == 200)
    }

    /// A beer answered lately is answered again from memory, as loaded: the same bytes, no
    /// read of the file, even after the file changed; a beer not kept is still refused.
    @Test func aBeerAnsweredLatelyIsAnsweredAgainAsLoaded() throws {
        final class File: @unchecked Sendable {
            var bytes: [UInt8] = []
            var reads = 0
        }
        let json = [UInt8](Fixtures.json(Fixtures.beers))
        let read = try CatalogueDecoder.decodeLocatedArray(Data(json), source: "test.json")
        let spans = try #require(read.spans)
        let snapshot = CatalogueSnapshot.encode(
            Catalogue(beers: read.beers), header: [1], encoded: .init(read.beers, spans: spans))
        let file = File()
        file.bytes = json
        let source = BeerSource { offset, count in
            file.reads += 1
            return offset + count <= file.bytes.count ? Array(file.bytes[offset..<offset + count]) : nil
        }
        let api = BreweryAPI(catalogue: try CatalogueSnapshot.decode(snapshot, source: source), encodingUpTo: 0)
        // The styles the API builds beside its first requests read the file too: built first,
        // so the reads counted below are the answers' alone.
        _ = api.catalogue.brewing
        func answer(_ path: String) throws -> APIResponse {
            let (endpoint, id) = try #require(Self.endpoint(for: path))
            return api.answer(endpoint, id: id, query: try QueryParameters(nil))
        }
        let first = try answer("/v2/beers/1")
        #expect(first.status == 200)
        let reads = file.reads
        #expect(try answer("/v2/beers/1").body == first.body)
        #expect(file.reads == reads, "a beer answered lately was read from the file again")
        // Every byte of the file changed: the kept beer is answered as loaded, another is refused.
        file.bytes = file.bytes.map { $0 == UInt8(ascii: "a") ? UInt8(ascii: "b") : $0 }
        #expect(try answer("/v2/beers/1").body == first.body)
        #expect(try answer("/v2/beers/2").status == 503)
    }

    @Test func likeAnswersWithTheCLIsDocument() {
        let r = get("/v2/beers/1/like?limit=3")
        #expect(r.status == 200)
        let doc = r.json as? [String: Any]
        let results = doc?["results"] as? [[String: Any]] ?? []
        #expect(results.count == 3)
        #expect(results.first?["id"] as? Int == 2)  // the recipe twin
        #expect(!results.contains { $0["id"] as? Int == 1 })
        #expect((doc?["liked"] as? [[String: Any]])?.first?["id"] as? Int == 1)
        // Paging continues the ranking.
        let page2 = (get("/v2/beers/1/like?limit=3&page=2").json as? [String: Any])?["results"] as? [[String: Any]] ?? []
        let all = (get("/v2/beers/1/like?limit=6").json as? [String: Any])?["results"] as? [[String: Any]] ?? []
        #expect(page2.map { $0["id"] as? Int } == all.dropFirst(3).map { $0["id"] as? Int })
        // `per_page`, as /v2/beers names it, is the same as `limit`; `limit` wins.
        #expect(get("/v2/beers/1/like?per_page=3&page=2").response.body == get("/v2/beers/1/like?limit=3&page=2").response.body)
        #expect(get("/v2/beers/1/like?limit=6&per_page=2").response.body == get("/v2/beers/1/like?limit=6").response.body)
        #expect(message("/v2/search?q=a&per_page=81").0 == 400)
        #expect(message("/v2/search?q=a&per_page=81").1.contains("per_page"))
    }

    @Test func aRankingIsNeverAskedPastItsDeepestResult() {
        #expect(get("/v2/beers/1/like?page=125&limit=80").status == 200)
        let (status, text) = message("/v2/beers/1/like?page=126&limit=80")
        #expect(status == 400 && text.contains("past result 10000"))
        #expect(message("/v2/search?q=lantern&page=10001").0 == 400)
        #expect(message("/v2/recommend/food?q=cake&page=2000&per_page=10").0 == 400)
        // The Punk API's own pages are not rankings: any page is answered.
        #expect(get("/v2/beers?page=99999").status == 200)
    }

    func isQuery(_ target: String) -> Bool {
        let parts = target.split(separator: "?").map(String.init)
        guard let (endpoint, _) = Self.endpoint(for: parts[0]), let q = try? QueryParameters(parts.count > 1 ? parts[1] : nil)
        else { return false }
        return endpoint.isQuery(q)
    }

    @Test func queriesAreToldFromCheapRequests() {
        for target in [
            "/v2/beers/1/like", "/v2/recommend/food?q=x", "/v2/search?q=x", "/v2/beers?beer_name=p", "/v2/beers?food=x",
        ] {
            #expect(isQuery(target), "\(target)")
        }
        for target in ["/v2/beers", "/v2/beers?abv_gt=5&page=3", "/v2/beers/7", "/v2/beers/random", "/openapi.json"] {
            #expect(!isQuery(target), "\(target)")
        }
        let busy = BreweryAPI.busy
        #expect(busy.status == 503 && busy.headers.contains { $0 == ("Retry-After", "1") })
    }

    @Test func severalLikedBeersNotAndFilters() {
        let doc = get("/v2/recommend/like?ids=1|Tokyo*_Dreams&not=4&abv_lt=10").json as? [String: Any]
        let liked = (doc?["liked"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }
        #expect(liked == [1, 7])
        let results = (doc?["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
        #expect(!results.isEmpty && !results.contains(1) && !results.contains(7) && !results.contains(4) && !results.contains(6))
        // Ids separated by commas, as users write them, are those beers.
        let commas = get("/v2/recommend/like?ids=1,7&not=4,2").json as? [String: Any]
        #expect((commas?["liked"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [1, 7])
        #expect((commas?["not_liked"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [4, 2])
    }

    @Test func foodAndSearch() {
        let food = get("/v2/recommend/food?q=chicken+tacos").json as? [String: Any]
        #expect(food?["match"] as? String == "all")
        #expect((food?["results"] as? [[String: Any]])?.first?["id"] as? Int == 2)
        let search = get("/v2/search?q=lantern").json as? [String: Any]
        #expect(search?["total"] as? Int == 2)
        #expect(((search?["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }) == [1, 2])
    }

    /// `beer_name` (and every other filter) restricts each route that takes filters, not
    /// only `/v2/beers`, and a page of `/v2/beers` walks past beers that fail it.
    @Test func beerNameFiltersEveryRoute() {
        func results(_ target: String) -> [Int] {
            ((get(target).json as? [String: Any])?["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? [-1]
        }
        #expect(results("/v2/recommend/food?q=chicken&beer_name=tokyo") == [7])
        #expect(results("/v2/search?q=lantern&beer_name=reserve") == [2])
        #expect(results("/v2/beers/1/like?beer_name=zoe") == [3])
        #expect(ids("/v2/beers?beer_name=a&per_page=2&page=2") == Array(ids("/v2/beers?beer_name=a").dropFirst(2).prefix(2)))
        #expect(
            ids("/v2/beers?beer_name=lntrn&abv_gt=5")
                == ids("/v2/beers?beer_name=lntrn").filter { ids("/v2/beers?abv_gt=5").contains($0) })
    }

    @Test func queryStrings() throws {
        let q = try QueryParameters("a=1&b=two+words&a=%C3%A9&c")
        #expect(q["a"] == "1")
        #expect(q.all("a") == ["1", "é"])
        #expect(q["b"] == "two words")
        #expect(q["c"] == "")
        #expect(q.names == ["a", "b", "c"])
        #expect(throws: APIError.self) { try QueryParameters("a=%4") }
        #expect(throws: APIError.self) { try QueryParameters(String(repeating: "a=1&", count: 65)) }
    }

    @Test func theOpenAPIDocumentDescribesEveryRoute() throws {
        let doc = try #require(get("/openapi.json").json as? [String: Any])
        #expect(doc["openapi"] as? String == "3.1.0")
        let paths = try #require(doc["paths"] as? [String: Any])
        // The document's paths are the endpoints, no more and no fewer.
        #expect(Set(paths.keys) == Set(BreweryAPI.endpoints.map(\.path)))
        // Every Punk API filter is documented on /v2/beers.
        let parameters = try #require(doc["components"] as? [String: Any])["parameters"] as? [String: Any]
        for name in PunkAPIFilter.parameterNames { #expect(parameters?[name] != nil, "\(name)") }
    }
}

/// A beer's recipe for brewing apps, and the `style` filter, over the API.
@Suite struct BreweryAPIBrewingTests {
    static let api = BreweryAPI(catalogue: Catalogue(beers: Fixtures.beers + [Fixtures.everyField]))

    func get(_ path: String, _ query: String? = nil) throws -> APIResponse {
        let (endpoint, id) = try #require(BreweryAPITests.endpoint(for: path))
        return Self.api.answer(endpoint, id: id, query: try QueryParameters(query))
    }

    @Test func aRecipeComesAsBeerXMLOrBeerJSONScaledWhenAsked() throws {
        let xml = try get("/v2/beers/9002/recipe.xml", "batch=5gal")
        #expect(xml.status == 200)
        #expect(xml.headers.contains { $0 == ("Content-Type", "application/xml; charset=utf-8") })
        let text = String(decoding: xml.body, as: UTF8.self)
        #expect(text.contains("<BATCH_SIZE>18.9271</BATCH_SIZE>") && text.contains("Brewery id 9002"))
        let json = try get("/v2/beers/9002/recipe.beerjson")
        #expect(json.status == 200)
        let doc = try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any]
        #expect(((doc?["beerjson"] as? [String: Any])?["recipes"] as? [Any])?.count == 1)
    }

    @Test func aBeerWithoutARecipeOrABadBatchIsAClearError() throws {
        for (path, query, status, words) in [
            ("/v2/beers/1/recipe.xml", nil, 404, "has no recipe"),
            ("/v2/beers/9002/recipe.beerjson", "batch=lots", 400, "is not a batch size"),
            ("/v2/beers/424242/recipe.xml", nil, 404, "No beer found"),
        ] {
            let r = try get(path, query)
            #expect(r.status == status, "\(path)")
            #expect(String(decoding: r.body, as: UTF8.self).contains(words), "\(path)")
        }
    }

    @Test func theStyleFilterKeepsTheBeersNearestTheStyleNamed() throws {
        let all = try get("/v2/beers", "per_page=80")
        let styled = try get("/v2/beers", "style=imperial_stout&per_page=80")
        #expect(all.status == 200 && styled.status == 200)
        let ids = ((try JSONSerialization.jsonObject(with: Data(styled.body)) as? [[String: Any]]) ?? []).compactMap {
            $0["id"] as? Int
        }
        // The invented imperial stout (abv 7.25, ebc 80) and no pale beer.
        let expected = (Fixtures.beers + [Fixtures.everyField]).filter {
            StyleGuide.bjcp2021.nearest(to: $0)?.style.code == "20C"
        }.map(\.id)
        #expect(!expected.isEmpty && ids == expected)
        #expect(!ids.contains(1))
        let empty = try get("/v2/beers", "style=")
        #expect(empty.status == 400)
    }
}
