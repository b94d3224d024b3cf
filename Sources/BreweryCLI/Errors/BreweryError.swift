import BreweryCore
import BreweryFetch
import BreweryStore
import BreweryTaste

/// Every way a command can fail, as the command line and the shell report it: one line
/// a user can act on, and the exit code (``exitCode``).
enum BreweryError: Error, Equatable, CustomStringConvertible {
    /// The command was given wrong words or values (exit 64).
    case usage(String)
    /// The command could not do what it was asked (exit 1).
    case failure(String)
    /// Bad weights or food words (exit 64).
    case scoring(ScoringError)
    /// An unknown beer, or a catalogue whose records are wrong (exit 1).
    case catalogue(CatalogueError)
    /// The catalogue file could not be read or written (exit 1).
    case store(StoreError)
    /// A fetch failed (exit 1).
    case fetch(FetchError)
    /// A recipe cannot be made as asked (exit 1).
    case recipe(RecipeError)
    /// The taste store could not be read or written (exit 1).
    case taste(TasteError)
    /// Ctrl-C stopped the command; the shell says so as a note, not an error (exit 1).
    case cancelled(String)

    var description: String {
        switch self {
        case .usage(let message), .failure(let message), .cancelled(let message): message
        case .scoring(let e): e.description
        case .catalogue(let e): e.description
        case .store(let e): e.description
        case .fetch(let e): e.description
        case .recipe(let e): e.description
        case .taste(let e): e.description
        }
    }

    /// 64 for a usage error, 1 for any other failure.
    var exitCode: Int32 {
        switch self {
        case .usage, .scoring: ExitStatus.usage
        case .failure, .catalogue, .store, .fetch, .recipe, .taste, .cancelled: ExitStatus.failure
        }
    }

    /// Runs `body`, reporting its typed error as the case `wrap` makes of it.
    static func lifting<T, E: Error>(_ wrap: (E) -> BreweryError, _ body: () throws(E) -> T) throws(BreweryError) -> T {
        do { return try body() } catch { throw wrap(error) }
    }
}
