import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// Long results (more than a chunk of 1,000 rows) are written a chunk at a time: the
/// JSON and CSV a script reads are still one document, the table one table.
@Suite(.blockingWork) struct StreamedOutputTests {
    let runner = BinaryRunner()

    /// A synthetic catalogue of 4,500 beers: five chunks for a full listing.
    func catalogue() throws -> String {
        let path = runner.home + "/big.json"
        let r = try runner.run(["synth", "--count", "4500", "--out", path])
        try #require(r.status == 0, "synth: \(r.stderr)")
        return path
    }

    @Test func aLongLikeListingIsOneJSONDocument() throws {
        let path = try catalogue()
        let all = try runner.run(["--catalogue", path, "recommend", "like", "7", "--limit", "0", "--json"])
        let page = try runner.run(["--catalogue", path, "recommend", "like", "7", "--limit", "10", "--json"])
        #expect(all.status == 0, "\(all.stderr)")
        let doc = try #require(all.json as? [String: Any])
        let short = try #require(page.json as? [String: Any])
        let rows = try #require(doc["results"] as? [[String: Any]])
        #expect(rows.count == 4_499)
        #expect(rows.map { $0["rank"] as? Int } == (1...4_499).map { $0 })
        #expect(Set(rows.compactMap { $0["id"] as? Int }).count == 4_499 && !rows.contains { $0["id"] as? Int == 7 })
        // The first rows and every other key are those of the short listing.
        let first = try JSONSerialization.data(withJSONObject: Array(rows.prefix(10)), options: .sortedKeys)
        let shortRows = try JSONSerialization.data(withJSONObject: short["results"] as Any, options: .sortedKeys)
        #expect(first == shortRows)
        var rest = doc
        rest["results"] = nil
        var shortRest = short
        shortRest["results"] = nil
        #expect(
            try JSONSerialization.data(withJSONObject: rest, options: .sortedKeys)
                == JSONSerialization.data(withJSONObject: shortRest, options: .sortedKeys))
    }

    @Test func aLongFoodListingIsOneCSVWithOneHeader() throws {
        let path = try catalogue()
        let r = try runner.run([
            "--catalogue", path, "recommend", "food", "chicken", "cheese", "salad", "steak", "chocolate", "--limit", "0",
            "--format", "csv",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        // CSV lines end in CRLF (RFC 4180).
        let lines = r.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first?.hasPrefix("#,id,name") == true)
        #expect(lines.count { $0.hasPrefix("#,id,name") } == 1)
        #expect(lines.count > 2_001, "more than one chunk of rows")
        #expect(lines.dropFirst().enumerated().allSatisfy { $1.hasPrefix("\($0 + 1),") })
    }

    @Test func aLongSearchIsOneTable() throws {
        let path = try catalogue()
        let r = try runner.run(["--catalogue", path, "search", "no", "--limit", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count { $0.contains(" id ") && $0.contains("name") } == 1)
        #expect(lines.count == 4_501, "the header and every beer")
    }
}
