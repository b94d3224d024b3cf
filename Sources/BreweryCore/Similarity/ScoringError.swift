/// Bad scoring options.
public enum ScoringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--weights` could not be parsed.
    case badWeights(String)
    /// No words to search for.
    case emptyFoodQuery
    /// More distinct food words than a query takes (the count given).
    case tooManyFoodWords(Int)

    public var description: String {
        switch self {
        case .badWeights(let why): "bad --weights: \(why)"
        case .emptyFoodQuery: "give one or more food words, e.g. 'recommend food tacos'"
        case .tooManyFoodWords(let n):
            "a food query takes at most \(FoodQuery.maximumWords) words (this one has \(n)); keep the ones that matter"
        }
    }
}
