import BreweryCore

/// Why the catalogue file could not be read or written.
package enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case missing(path: String)
    /// The path is a folder where a file was expected.
    case isDirectory(path: String)
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is zero bytes long.
    case emptyFile(path: String)
    /// Writing failed; the previous catalogue is untouched.
    case writeFailed(path: String, reason: String)
    /// An import source holds no beer files.
    case noBeerFiles(path: String)
    /// The JSON in a file is wrong (wraps the core's error).
    case invalid(CatalogueError)

    package var description: String {
        switch self {
        case let .missing(path):
            return "no catalogue at '\(path)'; run 'brewery fetch' or pass --catalogue PATH"
        case let .isDirectory(path):
            return "catalogue '\(path)' is a folder, not a JSON file"
        case let .unreadable(path, reason):
            return "cannot read catalogue '\(path)': \(reason)"
        case let .emptyFile(path):
            return "catalogue '\(path)' is an empty file; run 'brewery fetch' to get one"
        case let .writeFailed(path, reason):
            return "cannot write catalogue '\(path)': \(reason); the previous catalogue is unchanged"
        case let .noBeerFiles(path):
            return "'\(path)' holds no .json beer files"
        case let .invalid(error):
            return error.description
        }
    }
}
