/// Why a catalogue could not be read or a beer could not be found.
///
/// Every message is one line that names the file (or source) and, for a bad record,
/// its position, its id when known, and the field.
public enum CatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON (or are cut short).
    case notJSON(source: String, detail: String)
    /// The JSON is not an array of beer objects (or a single beer object).
    case notAnArray(source: String)
    /// A record lacks a required field or has a field of the wrong type.
    case badRecord(source: String, index: Int, id: Int?, field: String, problem: String)
    /// Two records share an id.
    case duplicateID(source: String, id: Int, firstIndex: Int, secondIndex: Int)
    /// A record's name is empty.
    case emptyName(source: String, index: Int, id: Int)
    /// A record's id is not a positive integer that fits in 32 bits.
    case badID(source: String, index: Int, id: Int)
    /// The catalogue holds no beers.
    case empty(source: String)
    /// No beer has this id.
    case unknownID(Int, nearest: [Int])
    /// No beer has this name.
    case unknownName(String, suggestions: [String])
    /// Several beers share this name.
    case ambiguousName(String, candidates: [(id: Int, name: String)])
    /// No beer has this name, and it is the start of several beers' names (`count` of
    /// them; `examples` are the first few).
    case ambiguousStart(String, count: Int, examples: [(id: Int, name: String)])

    public var description: String {
        switch self {
        case .notJSON(let source, let detail):
            return "catalogue '\(source)' is not valid JSON: \(detail)"
        case .notAnArray(let source):
            return "catalogue '\(source)' is not a JSON array of beers (nor a single beer object)"
        case .badRecord(let source, let index, let id, let field, let problem):
            let idText = id.map { " (id \($0))" } ?? ""
            return "catalogue '\(source)': record \(index)\(idText): field '\(field)' \(problem)"
        case .duplicateID(let source, let id, let first, let second):
            return "catalogue '\(source)': records \(first) and \(second) both have id \(id); ids must be unique"
        case .emptyName(let source, let index, let id):
            return "catalogue '\(source)': record \(index) (id \(id)): field 'name' is empty"
        case .badID(let source, let index, let id):
            return "catalogue '\(source)': record \(index): id \(id) is not a positive whole number up to \(Int32.max)"
        case .empty(let source):
            return "catalogue '\(source)' has no beers; run 'brewery fetch' to get one"
        case .unknownID(let id, let nearest):
            let hint = nearest.isEmpty ? "" : " (nearest ids: \(nearest.map(String.init).joined(separator: ", ")))"
            return "no beer with id \(id)\(hint)"
        case .unknownName(let name, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "; try 'search'" : " (did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?)"
            return "no beer named '\(excerpt(name))'\(hint)"
        case .ambiguousName(let name, let candidates):
            let list = candidates.map { "\($0.id) \($0.name)" }.joined(separator: "; ")
            return "'\(excerpt(name))' names \(candidates.count) beers: \(list); give an id instead"
        case .ambiguousStart(let name, let count, let examples):
            let list = examples.map { "\($0.id) \($0.name)" }.joined(separator: "; ")
            let more = count > examples.count ? "; …" : ""
            return "'\(excerpt(name))' starts the names of \(count) beers: \(list)\(more); type more of the name or give an id"
        }
    }

    public static func == (a: CatalogueError, b: CatalogueError) -> Bool {
        a.description == b.description
    }
}
