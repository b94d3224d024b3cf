import BreweryCore
import Testing

/// `Selection`: the element at a sorted position, without sorting.
@Suite struct SelectionTests {
    @Test func findsWhatSortingWouldPutAtEachPosition() {
        var rng = SplitMix64(seed: 5)
        for size in [1, 2, 3, 10, 101, 1_000] {
            // Few distinct values too, so runs of equal values are exercised.
            for distinct in [2, 7, 1_000_000] {
                let values = (0..<size).map { _ in Double(rng.next() % UInt64(distinct)) }
                let sorted = values.sorted()
                for position in Set([0, size / 2, size - 1, Int(rng.next() % UInt64(size))]) {
                    var copy = values
                    #expect(Selection.element(atSortedPosition: position, of: &copy) == sorted[position])
                    #expect(copy.sorted() == sorted)
                }
            }
        }
    }

    @Test func sortedAndReversedInputsAreFine() {
        var ascending = (0..<10_000).map(Double.init)
        #expect(Selection.element(atSortedPosition: 5_000, of: &ascending) == 5_000)
        var descending = (0..<10_000).reversed().map(Double.init)
        #expect(Selection.element(atSortedPosition: 123, of: &descending) == 123)
    }
}
