/// Why a recipe could not be made as asked.
public enum RecipeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The record gives no batch volume, so there is nothing to scale from.
    case noBatchVolume

    public var description: String {
        switch self {
        case .noBatchVolume: "this recipe gives no batch volume to scale from"
        }
    }
}
