import ArgumentParser
import BreweryCompletion
import BreweryCore
import BreweryTaste
import BreweryViews

extension Cellar {
    /// `cellar drink <beer>`: one fewer.
    struct Drink: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(
            commandName: "drink", abstract: "Take one bottle of a beer out of your cellar (then rate it).")

        static let options = GlobalOptions.described + TasteOptions.described
        static let argument: (valueName: String, values: [String])? = (ArgumentKind.beer, [])
        static let kept: CommandGrammar.KeptList? = .cellar

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        @Argument(help: ArgumentHelp("The beer's id or name.", valueName: ArgumentKind.beer), completion: ShellCompletions.beers)
        var beer: [String] = []

        func execute(in session: Session) throws(BreweryError) {
            let (catalogue, b) = try session.tastedBeer(
                beer, global, usage: "cellar drink needs a beer id or name, e.g. 'cellar drink 192'")
            guard let store = try session.tasteStore(taste, creating: false),
                let left = try BreweryError.lifting(BreweryError.taste, { () throws(TasteError) in try store.drink(b) })
            else { throw .failure("\(b.name) (#\(b.id)) is not in your cellar") }
            let rated = try BreweryError.lifting(BreweryError.taste) { () throws(TasteError) in
                try store.ratings().contains { $0.beer.key == b.key }
            }
            // In the shell, a beer not rated yet is rated there and then (Enter skips).
            let asking = session.interactive && !rated
            let hint = rated || asking ? "" : " Rate it: rate \(b.id) <0.5-5>."
            session.show(TasteChangeView.drunk(b, left: left, hint: hint, catalogue: catalogue), global)
            guard asking else { return }
            while let answer = session.ask("Rate \(TerminalText.safe(b.name)) from 0.5 to 5 (Enter skips): "),
                !Whitespace.trimmed(answer).isEmpty, !session.cancelled()
            {
                guard let score = BeerRating.score(parsing: answer) else {
                    session.output.note("a rating is a score from 0.5 to 5, e.g. 4.5")
                    continue
                }
                _ = try BreweryError.lifting(BreweryError.taste) { () throws(TasteError) in
                    try store.rate(BeerRating(beer: b, score: score, ratedAt: TasteLocation.timestamp()))
                }
                session.output.line(TasteChangeView.rated(b, score: score, earlier: nil, catalogue: catalogue).document.message)
                break
            }
        }
    }
}
