import ArgumentParser
import BreweryCore

extension Ingredients {
    /// The kinds, as typed.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case hops, malt, yeast

        init?(argument: String) {
            switch argument.lowercased() {
            case "hops", "hop": self = .hops
            case "malt", "malts": self = .malt
            case "yeast", "yeasts": self = .yeast
            default: return nil
            }
        }

        var index: IngredientIndex.Kind {
            switch self {
            case .hops: .hops
            case .malt: .malt
            case .yeast: .yeast
            }
        }
    }
}
