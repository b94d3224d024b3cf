import Foundation

/// Turns JSON bytes into validated beers. Reads no files: callers pass the bytes and a
/// label (usually the path) for messages.
public enum CatalogueDecoder {
    /// Decodes a JSON array of Punk API beer objects (v2 or v3 shape) and validates it.
    ///
    /// - Parameters:
    ///   - data: the JSON bytes.
    ///   - source: the file or URL, for error messages.
    ///   - allowEmpty: accept an empty array (a fetched page may be empty).
    ///   - consumed: called, from the reading threads, with ranges of `data` read to
    ///     their end, so a caller can let their memory go (a mapped file's pages). The
    ///     bytes must stay readable: the same or another decoder may read them again.
    /// - Throws: ``CatalogueError`` naming the source, record, id and field.
    /// - Returns: the beers, in the array's order.
    public static func decodeArray(
        _ data: Data, source: String, allowEmpty: Bool = false, consumed: (@Sendable (Range<Int>) -> Void)? = nil
    ) throws(CatalogueError) -> [Beer] {
        try decodeLocatedArray(data, source: source, allowEmpty: allowEmpty, consumed: consumed).beers
    }

    /// As ``decodeArray(_:source:allowEmpty:consumed:)``, with where each beer's object
    /// is in `data` when the fast reader read them, by beer (``BeerSpan``).
    ///
    /// With `indexedOnly`, beers located (`spans` not nil) hold only what the
    /// catalogue's indexes read: their other texts are placeholders, their ingredients
    /// are in `recipes` (to build the catalogue with, ``Catalogue/init(beers:recipes:)``),
    /// not in each beer, and they must be shown from the file
    /// (``Catalogue/readingBeers(from:located:)``), never as they are. Beers
    /// `JSONDecoder` read (`spans` nil) are whole either way, and `recipes` is nil.
    package static func decodeLocatedArray(
        _ data: Data, source: String, allowEmpty: Bool = false, consumed: (@Sendable (Range<Int>) -> Void)? = nil,
        indexedOnly: Bool = false
    ) throws(CatalogueError) -> (beers: [Beer], spans: [BeerSpan]?, recipes: RecipeColumns?) {
        // The fast reader takes the common shape; JSONDecoder decides everything else
        // and names what is wrong.
        let beers: [Beer]
        var spans: [BeerSpan]?
        var recipes: RecipeColumns?
        let detail: BeerJSONReader.Detail = indexedOnly ? .indexed : .whole
        if let read = data.withUnsafeBytes({ BeerJSONReader.readLocated($0, consumed: consumed, detail: detail) }) {
            beers = read.beers
            spans = read.spans
            recipes = read.recipes
        } else {
            do {
                beers = try JSONDecoder().decode([Beer].self, from: data)
            } catch let error as DecodingError {
                throw describe(error, data: data, source: source, expectArray: true)
            } catch {
                throw .notJSON(source: source, detail: "\(error)")
            }
        }
        try validate(beers, source: source, allowEmpty: allowEmpty)
        return (beers, spans, recipes)
    }

    /// Decodes one beer object (a file of a folder of one-beer files).
    ///
    /// - Parameters:
    ///   - data: the JSON bytes of one object.
    ///   - source: the file, for error messages.
    /// - Returns: the beer.
    /// - Throws: ``CatalogueError`` naming the source and the field at fault.
    public static func decodeOne(_ data: Data, source: String) throws(CatalogueError) -> Beer {
        let beer: Beer
        do {
            beer = try JSONDecoder().decode(Beer.self, from: data)
        } catch let error as DecodingError {
            throw describe(error, data: data, source: source, expectArray: false)
        } catch {
            throw .notJSON(source: source, detail: "\(error)")
        }
        if beer.name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .emptyName(source: source, index: 0, id: beer.id)
        }
        return beer
    }

    /// Checks ids are unique positive integers (as the Punk API's were, up to
    /// 2,147,483,647) and names non-empty, and that there is at least one beer.
    ///
    /// - Parameters:
    ///   - beers: the beers decoded.
    ///   - source: the file or URL, for error messages.
    ///   - allowEmpty: accept no beers at all.
    /// - Throws: ``CatalogueError`` naming the first record at fault.
    public static func validate(_ beers: [Beer], source: String, allowEmpty: Bool = false) throws(CatalogueError) {
        if beers.isEmpty && !allowEmpty { throw CatalogueError.empty(source: source) }
        // Through a pointer, field by field: `beers[i]` would copy each beer, retaining and
        // releasing every text and list in it.
        let problem = beers.withUnsafeBufferPointer { b -> CatalogueError? in
            for i in b.indices {
                let id = b[i].id
                if !(1...Int(Int32.max)).contains(id) { return .badID(source: source, index: i, id: id) }
                if isBlank(b[i].name) { return .emptyName(source: source, index: i, id: id) }
            }
            return nil
        }
        if let problem { throw problem }
        // Ascending ids are unique, with no need for a dictionary (Punk API order).
        let ascending = beers.withUnsafeBufferPointer { b in b.indices.dropFirst().allSatisfy { b[$0 - 1].id < b[$0].id } }
        if ascending { return }
        var seen: [Int: Int] = [:]
        seen.reserveCapacity(beers.count)
        for i in beers.indices {
            let id = beers[i].id
            if let first = seen[id] {
                throw CatalogueError.duplicateID(source: source, id: id, firstIndex: first, secondIndex: i)
            }
            seen[id] = i
        }
    }

    /// Whether a name is empty or only white space; a name that starts with a printable
    /// ASCII character is not, which is known without reading it by characters.
    @inline(__always)
    static func isBlank(_ name: String) -> Bool {
        if let first = name.utf8.first, first > 0x20 && first < 0x7F { return false }
        return name.allSatisfy(\.isWhitespace)
    }

    /// Encodes beers as a pretty JSON array in the Punk API shape.
    ///
    /// - Parameter beers: the beers, written in this order.
    /// - Returns: the JSON bytes.
    /// - Throws: `EncodingError` for a number JSON cannot hold (an infinity or NaN).
    public static func encode(_ beers: [Beer]) throws -> Data {
        try encode(beers, layout: .pretty)
    }

    /// How a catalogue file is laid out: one key to a line, as the project writes its
    /// own, or one line, as a Punk API server answers.
    package enum Layout: String, Sendable, CaseIterable {
        case pretty, compact
    }

    /// The JSON of `beers` laid out as `layout` says; keys sorted either way.
    package static func encode(_ beers: [Beer], layout: Layout) throws -> Data {
        if layout == .compact {
            guard let bytes = BeerJSONWriter.bytes(beers) else {
                throw EncodingError.invalidValue(
                    beers, .init(codingPath: [], debugDescription: "a number JSON cannot hold (infinite or NaN)"))
            }
            return Data(bytes)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(beers)
    }

    // MARK: - Error description

    private static func describe(_ error: DecodingError, data: Data, source: String, expectArray: Bool) -> CatalogueError {
        let (context, problem): (DecodingError.Context, String) = {
            switch error {
            case .typeMismatch(let type, let c): return (c, "has the wrong type (expected \(typeName(type)))")
            case .valueNotFound(let type, let c): return (c, "is null (expected \(typeName(type)))")
            case .keyNotFound(let key, let c): return (c, "is missing (key '\(key.stringValue)')")
            case .dataCorrupted(let c): return (c, c.debugDescription)
            @unknown default: return (DecodingError.Context(codingPath: [], debugDescription: ""), "is invalid")
            }
        }()
        var path = context.codingPath
        if case .keyNotFound(let key, _) = error { path.append(key) }
        if path.isEmpty {
            if case .dataCorrupted = error {
                // Where and what: the decoder itself does not say.
                if let problem = data.withUnsafeBytes({ JSONSyntax.firstProblem(in: $0) }) {
                    return .notJSON(source: source, detail: problem.description)
                }
                if let (index, problem) = unreadableID(data: data, expectArray: expectArray) {
                    return .badRecord(source: source, index: index, id: nil, field: "id", problem: problem)
                }
                let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return .notJSON(source: source, detail: detail ?? "the data is truncated or malformed")
            }
            return .notAnArray(source: source)
        }
        let index = expectArray ? path.first?.intValue ?? 0 : 0
        let fieldPath = (expectArray ? path.dropFirst() : path[...]).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        let field = fieldPath.isEmpty ? "(record)" : fieldPath.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        let id = recordID(data: data, index: index, expectArray: expectArray)
        if fieldPath.isEmpty {
            return .badRecord(source: source, index: index, id: id, field: field, problem: "is not a beer object")
        }
        return .badRecord(source: source, index: index, id: id, field: field, problem: problem)
    }

    private static func typeName(_ t: Any.Type) -> String {
        switch t {
        case is Double.Type, is Int.Type, is Float.Type: return "a number"
        case is String.Type: return "a string"
        case is [String].Type: return "a list of strings"
        default: return "\(t)".contains("Array") ? "a list" : "an object"
        }
    }

    /// The first record whose `id` is a number but not a whole one or past an integer's
    /// range (`1.5`, `1e30`), which the decoder refuses without saying where: its index and
    /// what is wrong.
    private static func unreadableID(data: Data, expectArray: Bool) -> (index: Int, problem: String)? {
        guard let any = try? JSONSerialization.jsonObject(with: data) else { return nil }
        let records = expectArray ? (any as? [Any]) ?? [] : [any]
        for (index, record) in records.enumerated() {
            guard let id = (record as? [String: Any])?["id"] as? NSNumber else { continue }
            let value = id.doubleValue
            if value.rounded() != value { return (index, "is \(id), not a whole number") }
            if Int(exactly: value) == nil { return (index, "is \(id), too large for an id") }
        }
        return nil
    }

    /// Best-effort id of a failing record, for the message.
    private static func recordID(data: Data, index: Int, expectArray: Bool) -> Int? {
        guard let any = try? JSONSerialization.jsonObject(with: data) else { return nil }
        let record: Any? = expectArray ? (any as? [Any]).flatMap { index < $0.count ? $0[index] : nil } : any
        return ((record as? [String: Any])?["id"] as? NSNumber)?.intValue
    }
}
