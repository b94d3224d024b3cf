/// A filter whose name clauses are tests of one beer rather than sets
/// (``FilterSpecification/resolveDeferringNames(in:texts:)``): a page of the beers it
/// passes, in a given order, costs the beers walked to fill it, not a pass over every name.
///
/// Invariant: it passes exactly the beers the whole specification's filter passes.
package struct PagedFilter: Sendable {
    /// The clauses that are sets, and the bounds.
    package let filter: BeerFilter
    /// The name tests a beer must pass too.
    package let names: [NameLetters.Matcher]

    /// Whether beer `i` passes.
    @inline(__always)
    package func passes(_ i: Int, _ features: NumericFeatures) -> Bool {
        guard filter.passes(i, features) else { return false }
        for k in names.indices where !names[k].matches(i) { return false }
        return true
    }

    /// The beers of `order` that pass, after the first `skip` that pass: at most `limit`.
    package func page(of order: [Int32], skipping skip: Int, limit: Int, _ features: NumericFeatures) -> [Int] {
        // One name test (the usual case) held in a local, and the filter tested only when
        // it filters: the walk over a million beers then costs little more than the test.
        if names.count == 1 {
            let name = names[0]
            let everyBeer = filter.isEmpty
            return page(of: order, skipping: skip, limit: limit) { i in
                name.matches(i) && (everyBeer || filter.passes(i, features))
            }
        }
        return page(of: order, skipping: skip, limit: limit) { passes($0, features) }
    }

    @inline(__always)
    private func page(of order: [Int32], skipping skip: Int, limit: Int, _ passes: (Int) -> Bool) -> [Int] {
        var shown: [Int] = []
        shown.reserveCapacity(min(limit, order.count))
        var toSkip = skip
        for i32 in order {
            guard shown.count < limit else { break }
            let i = Int(i32)
            guard passes(i) else { continue }
            if toSkip > 0 {
                toSkip -= 1
            } else {
                shown.append(i)
            }
        }
        return shown
    }
}
