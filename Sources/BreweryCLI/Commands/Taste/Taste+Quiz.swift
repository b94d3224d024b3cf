import ArgumentParser
import BreweryCore
import BreweryTaste
import BreweryViews

extension Taste {
    /// `taste quiz`: up to eight yes/no questions on beers far apart, each answer a rating.
    struct Quiz: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "quiz",
            abstract: "Up to 8 quick yes/no questions on very different beers; each answer is stored as a rating.",
            discussion: """
                y (you like it, or would) is stored as a rating of 4, n as 1; s skips a beer, q stops. \
                Beers you rated already are not asked about.
                """)

        static let options = GlobalOptions.described + TasteOptions.described

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        func execute(in session: Session) throws(BreweryError) {
            let catalogue = try session.catalogue(global).catalogue
            let signals = TasteSignals(try session.tasteProfile(taste), catalogue: catalogue)
            let questions = TasteQuiz.questions(catalogue, rated: signals.tried)
            guard !questions.isEmpty else { throw .failure("no beer left to ask about") }
            session.output.note(
                "\(questions.count) quick questions: y if you like the beer (or would), n if not, s to skip, q to stop.")
            var stored = 0
            ask: for (k, i) in questions.enumerated() {
                let beer = catalogue.beers[i]
                let b = catalogue.beers.basics(at: i)
                let style = catalogue.recipe.style(ofBeer: i).map { "\($0.rawValue), " } ?? ""
                let facts =
                    "\(style)abv \(NumberFormat.short(b.abv))%, ibu \(NumberFormat.short(b.ibu)), ebc \(NumberFormat.short(b.ebc))"
                let tagline = beer.tagline.map { $0.isEmpty ? "" : " — \($0)" } ?? ""
                let question = "\(k + 1)/\(questions.count) \(beer.name) (#\(beer.id); \(facts))\(tagline) [y/n/s/q] "
                var tries = 0
                while true {
                    guard !session.cancelled(), let line = session.ask(TerminalText.safe(question)) else { break ask }
                    let answer = Whitespace.trimmed(line).lowercased()
                    let score: Double?
                    switch answer {
                    case "y", "yes": score = TasteQuiz.yes
                    case "n", "no": score = TasteQuiz.no
                    case "s", "skip", "": score = nil
                    case "q", "quit": break ask
                    default:
                        tries += 1
                        if tries < 3 {
                            session.output.note("answer y, n, s (skip) or q (stop)")
                            continue
                        }
                        score = nil
                    }
                    if let score {
                        let rating = BeerRating(
                            beer: TastedBeer(i, in: catalogue), score: score, note: "taste quiz",
                            ratedAt: TasteLocation.timestamp())
                        _ = try session.changingTaste(taste) { store throws(TasteError) in try store.rate(rating) }
                        stored += 1
                    }
                    break
                }
            }
            session.output.line(
                stored == 0
                    ? "No answer stored."
                    : "Stored \(CountedNoun.phrase(stored, "answer")) as ratings (yes ★4, no ★1). Try 'recommend for me'.")
        }
    }
}
