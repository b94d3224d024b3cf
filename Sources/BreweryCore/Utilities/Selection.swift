/// The element that would be at a position of a sorted array, found without sorting it
/// (quickselect, O(n) on average), for the medians of a million values at load.
package enum Selection {
    /// The element `values.sorted()[position]` would hold; `values` is reordered.
    ///
    /// - Precondition: `values.indices.contains(position)`; no NaN.
    /// - Complexity: O(n) expected; a range that does not shrink fast enough is sorted
    ///   instead, so no input makes it quadratic.
    package static func element(atSortedPosition position: Int, of values: inout [Double]) -> Double {
        precondition(values.indices.contains(position), "position out of range")
        var lo = 0
        var hi = values.count - 1
        var budget = 2 * (Int.bitWidth - values.count.leadingZeroBitCount) + 8
        return values.withUnsafeMutableBufferPointer { v in
            while lo < hi {
                budget -= 1
                if budget < 0 {
                    v[lo...hi].sort()
                    return v[position]
                }
                // Median of three as the pivot; three-way partition so equal runs end fast.
                let a = v[lo]
                let b = v[lo + (hi - lo) / 2]
                let c = v[hi]
                let pivot = max(min(a, b), min(max(a, b), c))
                var lt = lo
                var i = lo
                var gt = hi
                while i <= gt {
                    if v[i] < pivot {
                        v.swapAt(lt, i)
                        lt += 1
                        i += 1
                    } else if v[i] > pivot {
                        v.swapAt(i, gt)
                        gt -= 1
                    } else {
                        i += 1
                    }
                }
                // lo..<lt below the pivot, lt...gt equal to it, gt+1...hi above it.
                if position < lt {
                    hi = lt - 1
                } else if position > gt {
                    lo = gt + 1
                } else {
                    return pivot
                }
            }
            return v[position]
        }
    }
}
