import ArgumentParser
import BreweryCore

/// Options both recommenders take.
struct RecommendOptions: ParsableArguments {
    @OptionGroup var paging: PagingOptions

    @Option(name: .customLong("abv-gt"), help: "Only beers with abv greater than this.")
    var abvGt: Double?
    @Option(name: .customLong("abv-lt"), help: "Only beers with abv less than this.")
    var abvLt: Double?
    @Option(name: .customLong("ibu-gt"), help: "Only beers with ibu greater than this.")
    var ibuGt: Double?
    @Option(name: .customLong("ibu-lt"), help: "Only beers with ibu less than this.")
    var ibuLt: Double?
    @Option(name: .customLong("ebc-gt"), help: "Only beers with ebc greater than this.")
    var ebcGt: Double?
    @Option(name: .customLong("ebc-lt"), help: "Only beers with ebc less than this.")
    var ebcLt: Double?

    @Flag(help: "Show the full score breakdown.")
    var explain = false

    var filter: BeerFilter {
        var f = BeerFilter()
        f.greaterThan[.abv] = abvGt
        f.greaterThan[.ibu] = ibuGt
        f.greaterThan[.ebc] = ebcGt
        f.lessThan[.abv] = abvLt
        f.lessThan[.ibu] = ibuLt
        f.lessThan[.ebc] = ebcLt
        return f
    }

    func validate() throws {
        for v in [abvGt, abvLt, ibuGt, ibuLt, ebcGt, ebcLt] {
            if let v, !v.isFinite { throw ValidationError("filter bounds must be finite numbers") }
        }
    }
}
