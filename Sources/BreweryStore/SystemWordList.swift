import BreweryCore
import Foundation

/// The system's dictionary of English words, when it has one: `$BREWERY_WORDS`, else
/// `/usr/share/dict/words` (Debian's `wamerican`). Read on the first look-up only (see
/// ``WordList``); with none, or one that cannot be read, every unknown food word may be a
/// typo.
package enum SystemWordList {
    /// The word list of this process's environment.
    package static let shared = load(environment: ProcessInfo.processInfo.environment)

    /// The word list `environment` names, or the system's.
    package static func load(environment: [String: String]) -> WordList {
        let path = environment["BREWERY_WORDS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/dict/words"
        return WordList {
            // A dictionary is a few megabytes at most; anything larger is not one.
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= 16 << 20
            else { return nil }
            return try? String(contentsOfFile: path, encoding: .utf8)
        }
    }
}
