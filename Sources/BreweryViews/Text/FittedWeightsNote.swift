import BreweryCore

/// The `--explain` line that says how weights fitted to liked beers (``TasteWeights``)
/// differ from the standard ones, so the parts' weights shown under each row are read
/// as chosen, not as a mistake.
enum FittedWeightsNote {
    /// "Weights fitted to what `whose` share (times the standard): style ×4.36, malt ×2.12."
    /// Parts within half a percent of the standard are not named.
    static func line(_ weights: ScoringWeights, whose: String) -> String {
        let scaled = SimilarityPart.allCases.compactMap { part -> String? in
            let standard = ScoringWeights.standard.weight(of: part)
            let factor = standard > 0 ? weights.weight(of: part) / standard : 1
            return abs(factor - 1) < 0.005 ? nil : "\(part) ×\(NumberFormat.rounded(Double(factor), places: 2))"
        }
        return "Weights fitted to what \(whose) share (times the standard): \(scaled.joined(separator: ", "))."
    }
}
