/// User text as quoted in messages: at most `limit` characters, ending in "…" when cut,
/// so a 10,000-character line gives a readable one-line error.
package func excerpt(_ text: some StringProtocol, limit: Int = 60) -> String {
    text.count <= limit ? String(text) : String(text.prefix(limit - 1)) + "…"
}
