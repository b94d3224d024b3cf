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
        (
            "[{\"id\": 1, \"name\": \"A\\ud800\"}]", 1, 22,
            "a lone high surrogate \\uD800 in a string (it must be followed by a low one, \\uDC00 to \\uDFFF)"
        ),
        (
            "[{\"id\": 1, \"name\": \"\\uD83C\\u0041\"}]", 1, 21,
            "a lone high surrogate \\uD83C in a string (it must be followed by a low one, \\uDC00 to \\uDFFF)"
        ),
        ("[{\"id\": 1, \"name\": \"\\uDF7A\"}]", 1, 21, "a lone low surrogate \\uDF7A in a string (it names no character)"),
        ("[{\"id\": 1, \"name\": \"Z\u{E9}\u{1F37A}\"}] x", 1, 32, "unexpected 'x' after the end of the data"),
        ("[{\"id\" 1}]", 1, 8, "expected ':' after a key, found '1'"),
        ("[{id: 1}]", 1, 3, "expected a key in double quotes or '}', found 'i'"),
        ("[{\"abv\": 4.}]", 1, 12, "expected a digit after the decimal point, found '}'"),
        ("[{\"abv\": 1e}]", 1, 12, "expected a digit in the exponent, found '}'"),
        ("[{\"id\": 1,\n \"abv\": 1e400}]", 2, 9, "the number 1e400 is too large to be read (beyond ±1.8e308)"),
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
        "[1.7976931348623157e308, -1.7976931348623157e308, 1e-400]",
    ])
    func wellFormedJSONHasNoProblem(_ text: String) {
        #expect(problem(text) == nil)
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil)
    }

    /// A catalogue with a lone surrogate (which Foundation refuses as "truncated or
    /// malformed") is named with its place.
    @Test func aLoneSurrogateIsNamedWithItsPlace() {
        let text = Data("[{\"id\": 1, \"name\": \"A\"},\n {\"id\": 2, \"name\": \"B\\ud800\"}]".utf8)
        do {
            _ = try CatalogueDecoder.decodeArray(text, source: "broken.json")
            Issue.record("a lone surrogate was read")
        } catch {
            #expect(
                error.description
                    == "catalogue 'broken.json' is not valid JSON: line 2, column 22 (byte 46): a lone high surrogate \\uD800 in a string (it must be followed by a low one, \\uDC00 to \\uDFFF)"
            )
        }
    }

    /// Well-formed JSON the decoder still refuses without saying where (an id that is no
    /// whole number, a number past a float's range) is named with its record or place,
    /// never called truncated or malformed.
    @Test(arguments: [
        ("[{\"id\": 1, \"name\": \"A\"}, {\"id\": 1.5, \"name\": \"B\"}]", "record 1: field 'id' is 1.5, not a whole number"),
        ("[{\"id\": 1e30, \"name\": \"A\"}]", "record 0: field 'id' is 1e+30, too large for an id"),
        ("[{\"id\": 1, \"name\": \"A\",\n \"abv\": 1e400}]", "is not valid JSON: line 2, column 9 (byte 32): the number 1e400"),
    ])
    func valuesTheDecoderRefusesAreNamed(_ text: String, _ expected: String) {
        do {
            _ = try CatalogueDecoder.decodeArray(Data(text.utf8), source: "odd.json")
            Issue.record("read \(text)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(!error.description.contains("truncated or malformed"))
        }
    }

    /// Bytes that are not UTF-8 in a string are named with their place: a lone
    /// continuation byte, a cut sequence, an overlong form, a surrogate, past U+10FFFF.
    @Test(
        arguments: [
            ([0x80], 20), ([0xC3], 20), ([0xC3, 0x28], 20), ([0xC0, 0xAF], 20), ([0xE0, 0x80, 0xAF], 20),
            ([0xED, 0xA0, 0x80], 20), ([0xF4, 0x90, 0x80, 0x80], 20), ([0x41, 0xFF], 21),
        ] as [([UInt8], Int)])
    func bytesThatAreNotUTF8AreNamed(_ bytes: [UInt8], _ offset: Int) {
        let text = Array("[{\"id\": 1, \"name\": \"".utf8) + bytes + Array("\"}]".utf8)
        let p = text.withUnsafeBytes { JSONSyntax.firstProblem(in: $0) }
        #expect(p?.offset == offset)
        #expect(p?.message.hasPrefix("a byte that is not UTF-8 (0x") == true, "\(String(describing: p))")
        #expect((try? JSONSerialization.jsonObject(with: Data(text))) == nil)
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
