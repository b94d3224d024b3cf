/// The Punk API's loose text match: the pattern's characters appear in the text in order,
/// with anything between ("punk" is in "Sunk Punk", "ipa" in "India Pale Ale").
package enum Subsequence {
    /// Whether every character of `pattern` occurs in `text`, in order.
    package static func matches(_ pattern: [Character], in text: String) -> Bool {
        var next = 0
        for c in text where next < pattern.count && c == pattern[next] { next += 1 }
        return next == pattern.count
    }
}
