import BreweryCore

/// Why the catalogue file could not be read or written.
package enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case missing(path: String)
    /// The source to import from does not exist.
    case sourceMissing(path: String)
    /// The path is a folder where a file was expected.
    case isDirectory(path: String)
    /// The path is a device, FIFO or socket, not a file.
    case notAFile(path: String)
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is zero bytes long.
    case emptyFile(path: String)
    /// The file has more than `largest` bytes, the most its reader takes.
    case tooLarge(path: String, largest: Int)
    /// Writing failed; the previous catalogue is untouched.
    case writeFailed(path: String, reason: String)
    /// Writing was given up before the file was complete (a Ctrl-C); what was at the
    /// path is untouched.
    case abandoned(path: String)
    /// An import source holds no beer files.
    case noBeerFiles(path: String)
    /// The JSON in a file is wrong (wraps the core's error).
    case invalid(CatalogueError)

    package var description: String {
        switch self {
        case .missing(let path):
            return "no catalogue at '\(path)'; run 'brewery fetch' or pass --catalogue PATH"
        case .sourceMissing(let path):
            return "nothing to import at '\(path)': give a JSON file, a folder of one-beer JSON files or an http(s) URL"
        case .isDirectory(let path):
            return "catalogue '\(path)' is a folder, not a JSON file"
        case .notAFile(let path):
            return "'\(path)' is not a regular file (a device, pipe or socket); give a catalogue JSON file"
        case .unreadable(let path, let reason):
            return "cannot read catalogue '\(path)': \(reason)"
        case .emptyFile(let path):
            return "catalogue '\(path)' is an empty file; run 'brewery fetch' to get one"
        case .tooLarge(let path, let largest):
            return "'\(path)' is larger than \(largest >> 20) MiB, more than is read"
        case .writeFailed(let path, let reason):
            return "cannot write catalogue '\(path)': \(reason); the previous catalogue is unchanged"
        case .abandoned(let path):
            return "cancelled: '\(path)' was left as it was"
        case .noBeerFiles(let path):
            return "'\(path)' holds no .json beer files"
        case .invalid(let error):
            return error.description
        }
    }
}
