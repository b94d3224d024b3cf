import BreweryCompletion
import BreweryCore
import BreweryTaste

/// The user's beers of a list as the shell completes them (`unrate` offers the beers
/// rated): read from the taste store the environment names at each TAB, so a beer rated a
/// line ago is there; none when there is no store or it cannot be read (every beer
/// completes then).
enum KeptBeerCompletion {
    static func reader(environment: [String: String]) -> @Sendable (CommandGrammar.KeptList) -> [TastedBeer] {
        let path = TasteLocation.resolve(explicit: nil, environment: environment)
        return { list in
            guard let store = try? TasteStore.open(at: path, creating: false), let profile = try? store.profile() else {
                return []
            }
            switch list {
            case .ratings: return profile.ratings.map(\.beer)
            case .wishlist: return profile.wishes.map(\.beer)
            case .cellar: return profile.cellar.filter { $0.count > 0 }.map(\.beer)
            }
        }
    }
}
