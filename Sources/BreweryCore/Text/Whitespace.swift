import Foundation

/// Trimming the whitespace around a text quickly.
package enum Whitespace {
    /// `text` without the whitespace around it, as `trimmingCharacters(in: .whitespaces)`
    /// gives it; that call (microseconds) is only made when an end is not a plain ASCII
    /// byte above the space.
    package static func trimmed(_ text: String) -> String {
        func plain(_ b: UInt8?) -> Bool { b.map { $0 > 0x20 && $0 < 0x80 } ?? true }
        return plain(text.utf8.first) && plain(text.utf8.last) ? text : text.trimmingCharacters(in: .whitespaces)
    }
}
