import ArgumentParser
import BreweryCore
import BreweryTaste
import BreweryViews

/// `rate <beer> <0.5–5> [--note TEXT]`.
struct Rate: SessionCommand, TakesGlobalOptions, DescribedCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Rate a beer from 0.5 to 5 stars (replacing an earlier rating), optionally with a note.",
        discussion: """
            The beer is an id or a name; the score comes last: rate 192 4.5, rate Dead Pony Club 3. \
            Ratings are kept in the taste store (--taste) and used by 'recommend for me'.
            """)

    static let options = GlobalOptions.described + TasteOptions.described + [.value("--note")]
    static let argument: (valueName: String, values: [String])? = (ArgumentKind.beer, [])

    @OptionGroup var global: GlobalOptions
    @OptionGroup var taste: TasteOptions

    @Option(help: ArgumentHelp("Your words about it.", valueName: "text"))
    var note: String?

    @Argument(
        help: ArgumentHelp("The beer's id or name, then the score.", valueName: ArgumentKind.beer),
        completion: ShellCompletions.beers)
    var words: [String] = []

    func execute(in session: Session) throws(BreweryError) {
        guard words.count >= 2, let score = BeerRating.score(parsing: words[words.count - 1]) else {
            if words.count >= 2, let last = words.last, Double(last) != nil {
                throw .usage("a rating is a score from 0.5 to 5 stars, not '\(last.prefix(20))'")
            }
            // Words after a score are a note typed without its option ("rate 192 4.5 great").
            if words.count >= 3,
                let at = words.indices.dropFirst().dropLast().last(where: { BeerRating.score(parsing: words[$0]) != nil })
            {
                let said = words[...at].joined(separator: " ")
                let rest = words[(at + 1)...].joined(separator: " ")
                throw .usage(
                    "the score comes last; a note goes in --note: 'rate \(said.prefix(40)) --note \"\(rest.prefix(40))\"'")
            }
            throw .usage("rate needs a beer and a score from 0.5 to 5 after it, e.g. 'rate 192 4.5'")
        }
        if let note, note.utf8.count > 2_000 { throw .usage("a note takes at most 2,000 bytes") }
        let catalogue = try session.catalogue(global).catalogue
        let i = try session.lookup(Array(words.dropLast()), in: catalogue)
        let beer = TastedBeer(i, in: catalogue)
        let text = note.map { Whitespace.trimmed($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let earlier = try session.changingTaste(taste) { store throws(TasteError) in
            try store.rate(BeerRating(beer: beer, score: score, note: text, ratedAt: TasteLocation.timestamp()))
        }
        session.show(TasteChangeView.rated(beer, score: score, earlier: earlier, catalogue: catalogue), global)
    }
}
