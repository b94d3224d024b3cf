import ArgumentParser
import BreweryCore
import BreweryStore
import BreweryViews

/// `export [beer…] --format beerxml|beerjson [filters] [--batch V] [--out FILE]`: many
/// recipes in one file for a brewing app, the beers named or chosen by the same filters as
/// `list`.
struct Export: SessionCommand, TakesGlobalOptions, DescribedCommand, WritesBrewingFormats {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write recipes for a brewing app: --format beerxml or beerjson, the beers named or chosen by filters.",
        discussion: """
            The beers named (ids or names, each in quotes when several are named: export 192 "Dead \
            Pony Club"), in that order, or else every beer in id order, that passes the filters (all \
            of them without any) and has a recipe goes in one file. --batch scales each to that batch size. Without --out the document \
            goes to standard output. Estimates and corrections are listed in each recipe's notes \
            (see docs/brewing.md).
            """)

    static let options =
        GlobalOptions.described + FilterOptions.described + [.value("--batch"), .value("--out")]
    static let argument: (valueName: String, values: [String])? = (ArgumentKind.beer, [])

    @OptionGroup var global: GlobalOptions
    @OptionGroup var filters: FilterOptions

    @Option(help: ArgumentHelp("Scale every recipe to this batch size, e.g. 10l, 5gal, or 2x its own.", valueName: "volume"))
    var batch: String?

    @Argument(
        help: ArgumentHelp(
            "The beers to export, by id or name (default: every beer passing the filters).", valueName: ArgumentKind.beer),
        completion: ShellCompletions.beers)
    var beer: [String] = []

    @Option(help: ArgumentHelp("The file to write (replaced whole; default: standard output).", valueName: "path"))
    var out: String?

    func execute(in session: Session) throws(BreweryError) {
        guard let format = global.brewingFormat else {
            throw .usage("export needs --format beerxml or --format beerjson")
        }
        let (batch, named) = BatchArgument.joined(batch, words: beer)
        var size: BatchSize?
        if let batch {
            guard let parsed = BatchSize(parsing: batch) else {
                throw .usage("--batch: \(BatchSize.complaint(about: batch))")
            }
            size = parsed
        }
        let catalogue = try session.catalogue(global).catalogue
        let filter = try filters.filter(catalogue, note: session.output.note)
        var chosen = Array(catalogue.beers.indices)
        if !named.isEmpty {
            var seen = Set<Int>()
            chosen = try session.lookupEach(named, in: catalogue).filter { seen.insert($0).inserted }
        }
        let passing = chosen.filter { filter.isEmpty || filter.passes($0, catalogue.features) }
        guard passing.contains(where: { !Recipe(beer: catalogue.beers[$0]).isEmpty }) else {
            let which = named.isEmpty ? "no beer" : "none of the beers named"
            throw .failure(
                filter.isEmpty
                    ? "\(which) has a recipe; nothing was exported"
                    : "\(which) with a recipe passes these filters; nothing was exported")
        }
        var written = 0
        func produce(_ write: (String) -> Void) {
            write(format.head)
            // A run of beers at a time, made on every core, written in order.
            var start = 0
            while start < passing.count, !session.cancelled() {
                let end = min(start + RecipeExport.run, passing.count)
                let made = RecipeExport.elements(
                    passing[start..<end], of: catalogue, as: format, scaledTo: size)
                for text in made {
                    guard let text else { continue }
                    write(written > 0 ? format.separator + text : text)
                    written += 1
                }
                start = end
            }
            write(format.tail)
        }
        if let out {
            try session.writeExport(to: out, produce)
            session.output.note("wrote \(CountedNoun.phrase(written, "recipe")) to \(out)")
        } else {
            var text = ""
            produce { text += $0 }
            session.output.show(text, paging: !global.noPager)
        }
        let skipped = passing.count - written
        if skipped > 0, !session.cancelled() {
            session.output.note("\(skipped) beer\(skipped == 1 ? " has" : "s have") no recipe to export")
        }
    }
}
