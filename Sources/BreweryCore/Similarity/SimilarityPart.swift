/// The parts of a `recommend like` score, in the order the score adds them.
public enum SimilarityPart: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// abv, ibu and ebc.
    case numeric
    /// Fermentation temperature and dry-hop rate.
    case method
    /// Food pairing concepts.
    case food
    /// The yeast strain and its kind.
    case yeast
    /// Hop varieties, and which go in late.
    case hops
    /// Malts.
    case malt
    /// The style: its family, and the style words of its name, tagline and description.
    case style

    /// The name `--weights` and the JSON use.
    public var description: String {
        switch self {
        case .numeric: "numeric"
        case .method: "method"
        case .food: "food"
        case .yeast: "yeast"
        case .hops: "hops"
        case .malt: "malt"
        case .style: "style"
        }
    }
}
