import Foundation

/// Encodes documents as Brewery's stable JSON: sorted keys, slashes unescaped, one
/// document per command; pretty-printed, or on one line for JSON Lines.
package enum JSONDocument {
    /// The JSON text of `value`, pretty-printed.
    package static func string(_ value: some Encodable) -> String { encoded(value, [.prettyPrinted]) }

    /// The JSON text of `value` on one line (no line break inside: JSON Lines).
    package static func line(_ value: some Encodable) -> String { encoded(value, []) }

    private static func encoded(_ value: some Encodable, _ extra: JSONEncoder.OutputFormatting) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = extra.union([.sortedKeys, .withoutEscapingSlashes])
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
