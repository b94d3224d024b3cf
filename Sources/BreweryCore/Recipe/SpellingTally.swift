/// How often each way of writing a token (a *spelling*: "Citra", "citra") was met, so
/// each token shows as its most used spelling, the smallest on a tie.
///
/// The ingredient index and the recipe features both read each distinct text of a
/// million recipes once and then count its uses by number, through this tally.
struct SpellingTally {
    private struct Key: Hashable {
        var token: Int32
        var label: String
    }
    private var spellingOf: [Key: Int32] = [:]
    private var token: [Int32] = []
    private var label: [String] = []
    private var uses: [Int] = []

    /// The spelling `label` of `token`, made on first sight.
    mutating func spelling(of token: Int32, _ label: String) -> Int32 {
        let key = Key(token: token, label: label)
        if let known = spellingOf[key] { return known }
        let s = Int32(self.token.count)
        spellingOf[key] = s
        self.token.append(token)
        self.label.append(label)
        uses.append(0)
        return s
    }

    /// Counts one use of `spelling`; returns its token.
    @inline(__always)
    mutating func use(_ spelling: Int32) -> Int32 {
        uses[Int(spelling)] += 1
        return token[Int(spelling)]
    }

    /// The label of each of tokens `0..<tokenCount`: its most used spelling, the smallest
    /// on a tie; nil for a token with none.
    func labels(tokenCount: Int) -> [String?] {
        var best = [Int32](repeating: -1, count: tokenCount)
        for s in token.indices {
            let t = Int(token[s])
            let b = Int(best[t])
            if b < 0 || uses[s] > uses[b] || (uses[s] == uses[b] && label[s] < label[b]) { best[t] = Int32(s) }
        }
        return best.map { $0 < 0 ? nil : label[Int($0)] }
    }
}
