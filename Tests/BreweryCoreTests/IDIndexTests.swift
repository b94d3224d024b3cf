import Testing

@testable import BreweryCore

@Suite struct IDIndexTests {
    /// Every id is found at its beer, and no other id is, whether the ids ascend without
    /// gaps (found by their distance from the first), ascend with gaps, or are shuffled;
    /// ids at the ends of `Int` do not overflow the guess.
    @Test(arguments: [
        Array(1...1000), Array(-5...5), [1, 2, 3, 5, 8, 13, 2000], [Int.min, -1, 0, 1, Int.max], [7, 3, 9, 1, 2],
        [Int.max, Int.min, 0], [42],
    ])
    func everyIdIsFoundAtItsBeerAndNoOther(_ ids: [Int]) {
        let index = IDIndex(ids: ids)
        for (i, id) in ids.enumerated() { #expect(index.index(of: id) == i, "\(id)") }
        let absent = [Int.min, Int.max, -6, 4, 6, 1001, 0, 12, 1999, 2001].filter { !ids.contains($0) }
        for id in absent { #expect(index.index(of: id) == nil, "\(id)") }
    }
}
