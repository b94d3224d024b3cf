import ArgumentParser
import BreweryAPI
import BreweryCore
import BreweryStore
import BreweryViews
import Foundation

extension CatalogueDecoder.Layout: ExpressibleByArgument {}

/// `synth --count N [--seed S] [--from SEEDS] [--one-malt-one-hop] [--layout pretty|compact]
/// --out FILE`: a deterministic synthetic catalogue, drawn field by field
/// (``SyntheticCatalogue``) or cloned from a seed catalogue's records (``ClonedCatalogue``).
struct Synth: SessionCommand, TakesGlobalOptions, DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write a deterministic synthetic catalogue in the Punk API shape (for benchmarks).")

    static let options =
        GlobalOptions.described + [
            .value("--count"), .value("--seed"), .value("--out"), .flag("--recipes"), .flag("--no-recipes"),
            .value("--from"), .flag("--one-malt-one-hop"),
            .value("--layout", CatalogueDecoder.Layout.allCases.map(\.rawValue)),
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

    @Option(
        help: ArgumentHelp(
            "Clone the records of this catalogue (a JSON file or folder), each copied whole with its numbers nudged, instead of drawing each field.",
            valueName: "seed-catalogue"))
    var from: String?

    @Flag(help: "Keep one malt and one hop addition in each recipe.")
    var oneMaltOneHop = false

    @Option(help: "How the file is laid out: pretty (a key to a line) or compact (one line, as a Punk API server answers).")
    var layout: CatalogueDecoder.Layout = .pretty

    func validate() throws {
        guard (1...50_000_000).contains(count) else { throw ValidationError("--count must be between 1 and 50000000") }
        if from != nil && !recipes {
            throw ValidationError("--no-recipes draws beers without recipes; clones (--from) keep theirs")
        }
    }

    func execute(in session: Session) throws(BreweryError) {
        try BreweryError.lifting(BreweryError.store) { () throws(StoreError) in
            let beers: [Beer]
            let source: String
            if let from {
                let seeds = try CatalogueStore.readImport(from: from)
                guard !seeds.isEmpty else { throw StoreError.noBeerFiles(path: from) }
                beers = ClonedCatalogue.beers(count: count, seed: seed, from: seeds, oneMaltOneHop: oneMaltOneHop)
                source = CatalogueOrigin.syntheticSourcePrefix + "count \(count), seed \(seed), cloned from \(seeds.count) beers"
            } else {
                beers = SyntheticCatalogue.beers(count: count, seed: seed, recipes: recipes, oneMaltOneHop: oneMaltOneHop)
                source = CatalogueOrigin.syntheticSourcePrefix + "count \(count), seed \(seed)"
            }
            _ = try CatalogueStore(path: out).save(
                beers, source: source + (oneMaltOneHop ? ", one malt and one hop" : ""), now: Date(timeIntervalSince1970: 0),
                layout: layout)
        }
        session.show(SynthSummaryView(beers: count, out: out, seed: seed), global)
    }
}
