/// Why a recipe could not be made as asked.
public enum RecipeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The record gives no batch volume, so there is nothing to scale from.
    case noBatchVolume
    /// A multiple of the batch as written makes this many litres, outside
    /// ``BatchVolume/litresTaken``.
    case outsideVolumesTaken(litres: Double)

    public var description: String {
        switch self {
        case .noBatchVolume: "this recipe gives no batch volume to scale from"
        case .outsideVolumesTaken: "that multiple makes a batch outside \(BatchVolume.takenInWords)"
        }
    }
}
