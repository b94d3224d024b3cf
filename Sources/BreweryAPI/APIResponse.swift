import BreweryCore
import Foundation

/// An answer, before any HTTP library sees it: status, headers and body bytes.
package struct APIResponse: Sendable {
    /// The HTTP status code.
    package var status: Int
    /// Headers besides `Content-Length`, which the server sets.
    package var headers: [(String, String)]
    /// The body.
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON answer: `value` encoded compactly with sorted keys.
    package init(status: Int = 200, json value: some Encodable) {
        self.init(status: status, jsonBytes: APIResponse.encode(value))
    }

    /// A JSON answer from bytes already encoded.
    package init(status: Int = 200, jsonBytes: [UInt8]) {
        self.init(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: jsonBytes)
    }

    /// Brewery's JSON: the documents of the CLI's `--json`, compact.
    package static func encode(_ value: some Encodable) -> [UInt8] {
        // Beers, the bulk of the API's answers, by the writer that gives the same bytes.
        if let beer = value as? Beer, let bytes = BeerJSONWriter.bytes(beer) { return bytes }
        if let beers = value as? [Beer], let bytes = BeerJSONWriter.bytes(beers) { return bytes }
        return encoded(value)
    }

    /// `value` by `JSONEncoder`.
    private static func encoded(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { [UInt8]($0) } ?? Array("{}".utf8)
    }
}
