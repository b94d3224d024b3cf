import ArgumentParser
import BreweryCore
import Foundation

/// The Punk API's filters, on `list`, `search` and both recommenders: numbers, ingredients,
/// names, first-brewed dates and ids. All of them combine (a beer must pass every one).
struct FilterOptions: ParsableArguments {
    @Option(name: .customLong("abv-gt"), help: ArgumentHelp("Only beers with abv greater than this.", valueName: "n"))
    var abvGt: Double?
    @Option(name: .customLong("abv-lt"), help: ArgumentHelp("Only beers with abv less than this.", valueName: "n"))
    var abvLt: Double?
    @Option(name: .customLong("ibu-gt"), help: ArgumentHelp("Only beers with ibu greater than this.", valueName: "n"))
    var ibuGt: Double?
    @Option(name: .customLong("ibu-lt"), help: ArgumentHelp("Only beers with ibu less than this.", valueName: "n"))
    var ibuLt: Double?
    @Option(name: .customLong("ebc-gt"), help: ArgumentHelp("Only beers with ebc greater than this.", valueName: "n"))
    var ebcGt: Double?
    @Option(name: .customLong("ebc-lt"), help: ArgumentHelp("Only beers with ebc less than this.", valueName: "n"))
    var ebcLt: Double?

    @Option(
        help: ArgumentHelp("Only beers with a hop named so, e.g. 'nelson' or \"Nelson Sauvin\".", valueName: ArgumentKind.hop))
    var hops: String?
    @Option(help: ArgumentHelp("Only beers with a malt named so.", valueName: ArgumentKind.malt))
    var malt: String?
    @Option(help: ArgumentHelp("Only beers with a yeast named so, e.g. 'wyeast 1056'.", valueName: ArgumentKind.yeast))
    var yeast: String?
    @Option(help: ArgumentHelp("Only beers with a food pairing holding all these words.", valueName: "words"))
    var food: String?
    @Option(help: ArgumentHelp("Only beers whose name holds this text.", valueName: "text"))
    var name: String?
    @Option(
        name: .customLong("brewed-before"),
        help: ArgumentHelp(
            "Only beers first brewed before this month, MM-YYYY (a year alone in the data counts as January).",
            valueName: "MM-YYYY"))
    var brewedBefore: String?
    @Option(
        name: .customLong("brewed-after"),
        help: ArgumentHelp("Only beers first brewed after the first day of this month, MM-YYYY.", valueName: "MM-YYYY"))
    var brewedAfter: String?
    @Option(help: ArgumentHelp("Only these beers, by id: 1,4,29.", valueName: "ids"))
    var ids: String?
    @Option(
        help: ArgumentHelp(
            "Only beers whose nearest BJCP 2021 style this names, by code (21A) or words of its name (ipa, 'imperial stout'), "
                + "or whose name says it is (Small Batch: Tripel for tripel).",
            valueName: "style"),
        completion: .list(FilterOptions.styleChoices))
    var style: String?

    func validate() throws {
        for v in [abvGt, abvLt, ibuGt, ibuLt, ebcGt, ebcLt] {
            if let v, !v.isFinite { throw ValidationError("filter bounds must be finite numbers") }
        }
        for (option, value) in [("--brewed-before", brewedBefore), ("--brewed-after", brewedAfter)] {
            if let value, BrewDate(filter: value) == nil {
                throw ValidationError("\(option) takes a month as MM-YYYY, e.g. 01-2012, not '\(value.prefix(40))'")
            }
        }
        if let ids, Self.parseIDs(ids) == nil {
            throw ValidationError("--ids takes ids separated by commas (or '|'), e.g. 1,4,29, not '\(ids.prefix(40))'")
        }
        for (option, value) in [
            ("--hops", hops), ("--malt", malt), ("--yeast", yeast), ("--food", food), ("--name", name), ("--style", style),
        ] {
            if let value, value.allSatisfy({ $0.isWhitespace || $0.isPunctuation }) {
                throw ValidationError("\(option) needs some text")
            }
        }
    }

    /// What TAB offers after `--style`: every style's name in lower case and the words
    /// people write for it (tripel, neipa, "milk stout"), each once, quoted when it has
    /// several words (`"imperial stout"`), as the filter reads them.
    static let styleChoices: [String] = {
        var seen = Set<String>()
        return StyleGuide.bjcp2021.styles.flatMap { style in
            [TextFolding.fold(style.name)] + style.words.map { $0.joined(separator: " ") }
        }.filter { seen.insert($0).inserted }.map { $0.contains(" ") ? "\"\($0)\"" : $0 }
    }()

    static func parseIDs(_ text: String) -> [Int]? {
        Catalogue.ids(typed: text).flatMap { $0.count <= 10_000 ? $0 : nil }
    }
}
