import BreweryCompletion
import BreweryCore

/// Runs every kind of query Brewery has against a catalogue: what a catalogue read from
/// untrusted bytes must survive (the snapshot tests and the fuzzer use it). Returns a
/// count of results so the work cannot be optimised away.
public enum CatalogueExerciser {
    @discardableResult
    public static func run(_ catalogue: Catalogue, beers: Int = 8) -> Int {
        var seen = 0
        let n = catalogue.count
        for i in stride(from: 0, to: n, by: max(n / max(beers, 1), 1)) {
            let beer = catalogue.beers[i]
            seen += beer.name.count + catalogue.beers.name(at: i).count
            seen += LikeRecommender(catalogue: catalogue).recommend(like: i, limit: 5).hits.count
            var filter = BeerFilter()
            filter.greaterThan[.abv] = 4
            seen += LikeRecommender(catalogue: catalogue).recommend(like: i, filter: filter, limit: n).hits.count
            seen += (try? catalogue.lookup(String(beer.id))) ?? 0
            seen += (try? catalogue.lookup(beer.name)) ?? 0
        }
        for words in ["chicken", "chicken tacos", "chocolate cake cheese", "roasted", "zzqx", "beef stew salad"] {
            seen += (try? FoodRanker(catalogue: catalogue).rank(words, limit: 10).hits.count) ?? 0
            seen += (try? FoodRanker(catalogue: catalogue).rank(words, limit: nil).hits.count) ?? 0
        }
        seen += NameSearch(catalogue: catalogue).search("lager").count + NameSearch(catalogue: catalogue).search("hx").count
        let completer = Completer(
            grammar: CommandGrammar(commands: [.init("show", argument: .beer), .init("food", argument: .food)]),
            catalogue: catalogue)
        for line in ["show a", "show 1", "food ch", "show "] { seen += completer.complete(line).candidates.count }
        seen += CatalogueStats(catalogue).count
        return seen
    }
}
