/// How many beers of a catalogue fail each ``RecipeCheck``, for `stats`, from the
/// catalogue's ``BrewingIndex``.
public struct RecipeCheckTally: Sendable, Equatable {
    /// Beers failing each check, in ``RecipeCheck/Kind`` order; kinds no beer fails are 0.
    public var counts: [(kind: RecipeCheck.Kind, beers: Int)]
    /// Beers with a recipe (those checked).
    public var checked: Int

    public static func == (a: Self, b: Self) -> Bool {
        a.checked == b.checked && a.counts.map(\.kind) == b.counts.map(\.kind) && a.counts.map(\.beers) == b.counts.map(\.beers)
    }

    /// The tally of `catalogue`.
    public init(_ catalogue: Catalogue) {
        let bits = catalogue.brewing.checks
        let kinds = RecipeCheck.Kind.allCases
        var sums = [Int](repeating: 0, count: kinds.count)
        var checked = 0
        for b in bits where b & BrewingIndex.hasRecipe != 0 {
            checked += 1
            for k in kinds.indices where b & (1 << UInt8(k)) != 0 { sums[k] += 1 }
        }
        counts = kinds.enumerated().map { ($0.element, sums[$0.offset]) }
        self.checked = checked
    }
}
