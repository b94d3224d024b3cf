import BreweryCore
import Foundation

/// The system's dictionary of English words, when it has one: `$BREWERY_WORDS`, else
/// `/usr/share/dict/words` (Debian's `wamerican`). Read once, on first use; nil when
/// there is none or it cannot be read, and then any unknown food word may be a typo.
package enum SystemWordList {
    /// The word list of this process's environment.
    package static let shared: WordList? = load(environment: ProcessInfo.processInfo.environment)

    /// The word list `environment` names, or the system's.
    package static func load(environment: [String: String]) -> WordList? {
        let path = environment["BREWERY_WORDS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/dict/words"
        // A dictionary is a few megabytes at most; anything larger is not one.
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= 16 << 20,
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        let list = WordList(text: text)
        return list.count > 0 ? list : nil
    }
}
