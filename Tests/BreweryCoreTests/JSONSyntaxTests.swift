import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryCore

/// Where a broken catalogue goes wrong, and what was expected there.
@Suite struct JSONSyntaxTests {
    func problem(_ text: String) -> JSONSyntax.Problem? {
        Array(text.utf8).withUnsafeBytes { JSONSyntax.firstProblem(in: $0) }
    }

    @Test(arguments: [
        ("[{\"id\": 1, \"name\": \"A\"},\n {\"id\": 2 \"name\": \"B\"}]", 2, 11, "expected ',' or '}' after a value, found '\"'"),
        ("[{\"id\": 1, \"name\": \"A\"", 1, 23, "the data ends inside an object: it is cut short"),
        ("[{\"id\": 1, \"name\": \"A\u{1}\"}]", 1, 22, "a control character (byte 0x01) inside a string; it must be escaped"),
        ("[{\"id\": 1}] x", 1, 13, "unexpected 'x' after the end of the data"),
        ("[{\"id\": 1, \"name\": \"\\uZZZZ\"}]", 1, 21, "expected four hex digits after \\u in a string"),
        ("[{\"id\": 1, \"name\": \"\\q\"}]", 1, 21, "an unknown escape '\\q' in a string"),
        ("[{\"id\" 1}]", 1, 8, "expected ':' after a key, found '1'"),
        ("[{id: 1}]", 1, 3, "expected a key in double quotes or '}', found 'i'"),
        ("[{\"abv\": 4.}]", 1, 12, "expected a digit after the decimal point, found '}'"),
        ("[{\"abv\": 1e}]", 1, 12, "expected a digit in the exponent, found '}'"),
        ("[{\"abv\": tru}]", 1, 10, "expected a value (object, list, string, number, true, false or null), found 't'"),
        ("[1,]", 1, 4, "expected a value (object, list, string, number, true, false or null), found ']'"),
        ("[\"open", 1, 2, "a string that starts here is never closed"),
        ("", 1, 1, "the data is empty"),
    ])
    func namesTheFirstProblem(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        let p = problem(text)
        #expect(p?.line == line && p?.column == column, "\(String(describing: p))")
        #expect(p?.message == message)
    }

    /// Ordinary JSON is never reported: escapes, unicode, nesting, every number form.
    @Test(arguments: [
        "[]", "{}", " [ ] ", "[{\"a\": [1, -2, 3.5, 1e9, -0.25E-3, 0]}, null, true, false]",
        "[{\"name\": \"\\\"Danish Beerhouse\\\" \\\\ \\/ \\b\\f\\n\\r\\t \\u00e9 \\uD83C\\uDF7A\"}]",
        "[{\"name\": \"Zé ⚓ 🍺\"}]", "[[[[[[[[[[]]]]]]]]]]", "\"just a string\"", "42",
    ])
    func wellFormedJSONHasNoProblem(_ text: String) {
        #expect(problem(text) == nil)
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil)
    }

    /// A million open brackets cost a byte each on the scan's own stack, not the call stack.
    @Test func deepNestingIsScannedWithoutRecursion() {
        let p = problem(String(repeating: "[", count: 1_000_000))
        #expect(p?.offset == 1_000_000)
        #expect(p?.message == "the data ends inside a list: it is cut short")
    }

    /// The catalogue error carries the place, instead of "truncated or malformed".
    @Test func theDecoderSaysWhereAndWhat() {
        let text = Data("[{\"id\": 1, \"name\": \"A\"},\n {\"id\": 2 \"name\": \"B\"}]".utf8)
        #expect(throws: CatalogueError.self) { try CatalogueDecoder.decodeArray(text, source: "broken.json") }
        do {
            _ = try CatalogueDecoder.decodeArray(text, source: "broken.json")
        } catch {
            #expect(
                error.description
                    == "catalogue 'broken.json' is not valid JSON: line 2, column 11 (byte 35): expected ',' or '}' after a value, found '\"'"
            )
        }
    }
}
