/// Bounded Damerau–Levenshtein distance (optimal string alignment) over bytes.
///
/// Used for typo tolerance: name search ("punk ipaa"), food-word correction
/// ("venisson" → "venison") and did-you-mean suggestions.
package enum EditDistance {
    /// The edit distance between `a` and `b`, counting an adjacent transposition as one
    /// edit, or `nil` when it exceeds `limit`.
    ///
    /// - Complexity: O(|a|·|b|), and O(1) when the lengths differ by more than `limit`.
    package static func distance(_ a: some StringProtocol, _ b: some StringProtocol, limit: Int) -> Int? {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        return distance(x, y, limit: limit)
    }

    /// Byte-array form of ``distance(_:_:limit:)``.
    package static func distance(_ x: [UInt8], _ y: [UInt8], limit: Int) -> Int? {
        if abs(x.count - y.count) > limit { return nil }
        return x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (y.count + 1)) { scratch in
                    distance(x, y, limit: limit, scratch: scratch)
                }
            }
        }
    }

    /// The form for loops over many words: `scratch` holds at least `3 * (y.count + 1)`
    /// integers, so nothing is allocated per call.
    package static func distance(
        _ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>, limit: Int, scratch: UnsafeMutableBufferPointer<Int>
    ) -> Int? {
        if abs(x.count - y.count) > limit { return nil }
        if x.isEmpty { return y.count <= limit ? y.count : nil }
        if y.isEmpty { return x.count <= limit ? x.count : nil }
        let width = y.count + 1
        precondition(scratch.count >= 3 * width, "edit distance scratch too small")
        // Three rows in the scratch: two rows back, the previous row and the current one.
        var prev2 = scratch.baseAddress!
        var prev = prev2 + width
        var cur = prev + width
        for j in 0..<width {
            prev2[j] = 0
            prev[j] = j
        }
        for i in 1...x.count {
            cur[0] = i
            var rowMin = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    v = min(v, prev2[j - 2] + 1)
                }
                cur[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin > limit { return nil }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        let d = prev[y.count]
        return d <= limit ? d : nil
    }
}
