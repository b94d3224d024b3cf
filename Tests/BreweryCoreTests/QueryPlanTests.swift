import Testing

@testable import BreweryCore

/// The whole-number weights the `recommend like` filter sums.
@Suite struct QueryPlanTests {
    @Test(arguments: [
        [Float(1)], [0.25, 3, 7.5, 0.001], (1...40).map { Float($0) * 0.37 }, [1e-6, 1e6, 2.5],
    ])
    func unitsNeverUnderstateAWeightAndNeverOverflow(_ weights: [Float]) {
        let part = QueryPlan.SetPart(weight: 1, scale: 1, tokens: weights.indices.map { Int32($0) }, tokenWeights: weights)
        #expect(part.units.count == weights.count)
        for (unit, w) in zip(part.units, weights) {
            #expect(Float(unit) * part.quantum >= w, "\(w)")
            // Rounded up by less than a unit.
            #expect(Float(unit) * part.quantum < w + part.quantum * 1.001, "\(w)")
        }
        // Every token present at once still fits a 16-bit lane.
        #expect(part.units.reduce(0) { $0 + Int($1) } <= Int(UInt16.max))
    }

    @Test func noWeightsHaveNoUnits() {
        let part = QueryPlan.SetPart(weight: 0, scale: 0, tokens: [], tokenWeights: [])
        #expect(part.units.isEmpty && part.quantum == 0)
    }
}
