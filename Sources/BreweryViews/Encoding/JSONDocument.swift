import Foundation

/// Encodes documents as Brewery's stable JSON: sorted keys, pretty-printed, slashes
/// unescaped, one document per command.
package enum JSONDocument {
    /// The JSON text of `value`.
    package static func string(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
