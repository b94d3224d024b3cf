/// A count and its noun as a sentence says them: "1 rating", "3 ratings", "0 recipes".
public enum CountedNoun {
    /// `n` and `singular`, the noun in the plural (`plural`, else `singular` + "s") unless
    /// `n` is 1.
    public static func phrase(_ n: Int, _ singular: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}
