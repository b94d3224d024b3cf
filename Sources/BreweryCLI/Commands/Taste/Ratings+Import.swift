import ArgumentParser
import BreweryCore
import BreweryStore
import BreweryTaste
import BreweryViews
import Foundation

extension Ratings {
    /// `ratings import FILE`: an Untappd export.
    struct Import: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import ratings from an Untappd export (CSV or JSON): BrewDog beers, matched by name.",
            discussion: """
                Columns beer_name, brewery_name, rating_score, created_at, comment. A beer's latest \
                check-in with a rating counts; a stored rating is replaced only by a newer one, so \
                importing twice changes nothing. Rows whose beer this catalogue lacks are listed with \
                the closest names.
                """)

        static let options = GlobalOptions.described + TasteOptions.described
        static let argument: (valueName: String, values: [String])? = ("file", [])

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        @Argument(help: ArgumentHelp("The Untappd export.", valueName: "file"), completion: .file())
        var file: String?

        func execute(in session: Session) throws(BreweryError) {
            guard let file else { throw .usage("ratings import needs a file, e.g. 'ratings import untappd.csv'") }
            let data: Data
            do {
                data = try CatalogueStore.readFile(file, largest: 256 << 20)
            } catch {
                throw .failure(Self.complaint(error, file: file))
            }
            let rows: [UntappdRatings.Row]
            do {
                rows = try UntappdRatings.rows(of: data)
            } catch {
                throw .failure("'\(file)' \(error.description)")
            }
            let catalogue = try session.catalogue(global).catalogue
            let matched = UntappdRatings.match(rows, catalogue: catalogue)
            let count =
                matched.ratings.isEmpty
                ? TasteStore.ImportCount()
                : try session.changingTaste(taste) { store throws(TasteError) in try store.importRatings(matched.ratings) }
            session.show(
                RatingsImportView(matched, added: count.added, updated: count.replaced, kept: count.kept), global)
        }

        /// Why the export file could not be read, in words about an export, not a catalogue.
        static func complaint(_ error: StoreError, file: String) -> String {
            switch error {
            case .missing: return "no file at '\(file)'; give the path of an Untappd export (CSV or JSON)"
            case .isDirectory: return "'\(file)' is a folder; give the path of an Untappd export (CSV or JSON)"
            case .notAFile: return "'\(file)' is not a regular file (a device, pipe or socket); give an Untappd export"
            case .emptyFile: return "'\(file)' is empty; an Untappd export has a header row and a row per check-in"
            case .tooLarge: return "'\(file)' is over 256 MiB; not an Untappd export"
            case .unreadable(_, let reason): return "cannot read '\(file)': \(reason)"
            default: return error.description
            }
        }
    }
}
