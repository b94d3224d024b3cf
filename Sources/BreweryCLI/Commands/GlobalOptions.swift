import ArgumentParser

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The catalogue JSON file (default: $BREWERY_CATALOGUE, else ~/.local/share/brewery/catalogue.json).", valueName: "path"))
    var catalogue: String?

    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false
}
