import ArgumentParser
import BreweryCompletion

/// Where the taste commands find the user's store.
struct TasteOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The taste store (default: $BREWERY_TASTE, else ~/.local/share/brewery/taste.sqlite).", valueName: "path"))
    var taste: String?

    static let described: [CommandGrammar.Option] = [.value("--taste")]
}
