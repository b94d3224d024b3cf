/// A scored beer: its index in the catalogue and its score.
///
/// Ordered so that a *better* result is *greater*: higher score first, and on equal
/// scores the lower beer id wins, which makes every ranking deterministic.
package struct ScoredBeer: Comparable, Sendable, Hashable {
    /// Index of the beer in the catalogue.
    package var index: Int32
    /// Beer id, the tie-breaker.
    package var id: Int32
    /// The score; higher is better.
    package var score: Float

    /// Creates a scored beer.
    package init(index: Int32, id: Int32, score: Float) {
        self.index = index
        self.id = id
        self.score = score
    }

    package static func < (a: ScoredBeer, b: ScoredBeer) -> Bool {
        a.score != b.score ? a.score < b.score : a.id > b.id
    }
}
