/// The parameters of a query string (`a=1&b=two+words`), percent-decoded, with `+` read as
/// a space. A name given twice keeps both values in order.
package struct QueryParameters: Sendable, Equatable {
    /// The longest query string taken, in bytes.
    package static let maximumLength = 8192
    /// The most parameters taken.
    package static let maximumCount = 64

    private var pairs: [Pair]

    private struct Pair: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// No parameters.
    package init() { pairs = [] }

    /// Parses a raw query string (what follows `?`, still percent-encoded).
    package init(_ query: String?) throws(APIError) {
        pairs = []
        guard let query, !query.isEmpty else { return }
        guard query.utf8.count <= Self.maximumLength else {
            throw .uriTooLong("The query string is longer than \(Self.maximumLength) bytes")
        }
        for part in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard pairs.count < Self.maximumCount else {
                throw .badRequest("Too many query parameters (at most \(Self.maximumCount))")
            }
            let bytes = Array(part)
            let equals = bytes.firstIndex(of: UInt8(ascii: "="))
            let name = try Self.decode(bytes[..<(equals ?? bytes.endIndex)])
            let value = try equals.map { e throws(APIError) in try Self.decode(bytes[(e + 1)...]) } ?? ""
            pairs.append(Pair(name: name, value: value))
        }
    }

    /// The first value of `name`, if given.
    package subscript(_ name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Every value of `name`, in order.
    package func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// The names given, in order, without repeats.
    package var names: [String] {
        var seen = Set<String>()
        return pairs.map(\.name).filter { seen.insert($0).inserted }
    }

    /// Adds a parameter (tests, and building links).
    package mutating func append(_ name: String, _ value: String) { pairs.append(Pair(name: name, value: value)) }

    /// These parameters without `name`.
    package func removing(_ name: String) -> QueryParameters {
        var copy = self
        copy.pairs.removeAll { $0.name == name }
        return copy
    }

    /// Percent-decodes one name or value; `+` is a space.
    private static func decode(_ bytes: ArraySlice<UInt8>) throws(APIError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.endIndex, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2])
                else { throw .badRequest("The query string has a malformed percent-encoding") }
                out.append(high << 4 | low)
                i += 2
            } else {
                out.append(b)
            }
            i += 1
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw .badRequest("The query string is not valid UTF-8")
        }
        return text
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
