import ArgumentParser
import BreweryCore
import BreweryStore
import BreweryViews

extension Ratings {
    /// `ratings export [--out FILE]`: the ratings in an Untappd export's columns.
    struct Export: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write your ratings as CSV (or JSON with --format json) in an Untappd export's columns.")

        static let options = GlobalOptions.described + TasteOptions.described + [.value("--out")]

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        @Option(help: ArgumentHelp("The file to write (replaced whole; default: standard output).", valueName: "path"))
        var out: String?

        func execute(in session: Session) throws(BreweryError) {
            let ratings = try session.tasteProfile(taste).ratings
            let rows = ratings.map {
                [
                    $0.beer.name, "BrewDog", String($0.score), UntappdRatings.createdAt($0.ratedAt), $0.note ?? "",
                    String($0.beer.id),
                ]
            }
            let header = UntappdRatings.columns + ["beer_id"]
            let text: String
            if (global.requestedFormat ?? .csv) == .json {
                let objects = zip(ratings, rows).map { rating, row in
                    var o = [String: JSONValue]()
                    for (key, value) in zip(header, row) { o[key] = .string(value) }
                    o["rating_score"] = .number(rating.score)
                    o["beer_id"] = .integer(rating.beer.id)
                    return JSONValue.object(o)
                }
                text = JSONDocument.string(JSONValue.array(objects)) + "\n"
            } else {
                text = CSVTable(header: header, rows: rows).text
            }
            if let out {
                try session.writeExport(to: out) { $0(text) }
                session.output.note("wrote \(CountedNoun.phrase(ratings.count, "rating")) to \(out)")
            } else {
                session.output.write(text)
            }
        }
    }
}
