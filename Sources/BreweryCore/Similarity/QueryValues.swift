/// A query beer's abv/ibu/ebc and method values with the weights they count with: its
/// scaled values and per-axis weights (0 on an axis it lacks), which axes it has, and the
/// numeric and method parts' weights (0 when it has none of the part). Plain numbers,
/// shared by ``QueryPlan`` and the search's ``PlanNumbers``.
struct QueryValues {
    var q: (Float, Float, Float)
    var w: (Float, Float, Float)
    var queryMask: UInt8
    /// The numeric part's weight (0 when the query has no axis).
    var numericWeight: Float
    var methodValues: (Float, Float)
    var methodMask: UInt8
    /// The method part's weight (0 when the query has no method value).
    var methodWeight: Float

    /// The numeric part's weight for beers with `mask`: the weight when they share an axis
    /// of non-zero weight with the query, else 0 (the pair leaves the part out).
    @inline(__always)
    func numericWeight(sharing mask: UInt8) -> Float {
        let shared = mask & queryMask
        let den = w.0 * Float(shared & 1) + w.1 * Float((shared >> 1) & 1) + w.2 * Float((shared >> 2) & 1)
        return den > 0 ? numericWeight : 0
    }
}
