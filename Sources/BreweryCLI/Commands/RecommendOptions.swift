import ArgumentParser
import BreweryCore

/// Options both recommenders take.
struct RecommendOptions: ParsableArguments {
    @OptionGroup var paging: PagingOptions
    @OptionGroup var filters: FilterOptions

    @Flag(help: "Show the full score breakdown.")
    var explain = false
}
