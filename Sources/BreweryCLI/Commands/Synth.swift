import ArgumentParser
import BreweryCore
import BreweryStore
import BreweryViews
import Foundation

/// `synth --count N [--seed S] --out FILE`: a deterministic synthetic catalogue.
struct Synth: SessionCommand, TakesGlobalOptions, DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write a deterministic synthetic catalogue in the Punk API shape (for benchmarks).")

    static let options =
        GlobalOptions.described + [
            .value("--count"), .value("--seed"), .value("--out"), .flag("--recipes"), .flag("--no-recipes"),
        ]

    @OptionGroup var global: GlobalOptions

    @Option(help: "Number of beers.")
    var count: Int

    @Option(help: "Random seed; the same seed gives the same bytes.")
    var seed: UInt64 = 42

    @Option(help: "The JSON file to write.")
    var out: String

    @Flag(inversion: .prefixedNo, help: "Give each beer a recipe (malts, hops, yeast, method, dates), as the real catalogue has.")
    var recipes = true

    func validate() throws {
        guard (1...50_000_000).contains(count) else { throw ValidationError("--count must be between 1 and 50000000") }
    }

    func execute(in session: Session) throws(BreweryError) {
        let beers = SyntheticCatalogue.beers(count: count, seed: seed, recipes: recipes)
        try BreweryError.lifting(BreweryError.store) { () throws(StoreError) in
            _ = try CatalogueStore(path: out).save(
                beers, source: "synthetic: count \(count), seed \(seed)", now: Date(timeIntervalSince1970: 0))
        }
        session.show(SynthSummaryView(beers: count, out: out, seed: seed), global)
    }
}
