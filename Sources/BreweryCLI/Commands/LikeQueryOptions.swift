import ArgumentParser
import BreweryCore

/// What shapes a `like` query besides the liked beers: the weights, the beers not liked,
/// the beers left out.
struct LikeQueryOptions: ParsableArguments {
    @Option(
        help: "Weights or a preset (see above), e.g. yeast=3,hops=0.5 or numeric.",
        completion: .list(ScoringWeights.presets.map(\.name)))
    var weights: String?

    @Option(
        name: .customLong("not"), help: ArgumentHelp("A beer you do not like: beers like it go down.", valueName: "id|name"),
        completion: ShellCompletions.beers)
    var notLiked: [String] = []

    @Option(help: ArgumentHelp("A beer to leave out of the results.", valueName: "id|name"), completion: ShellCompletions.beers)
    var exclude: [String] = []

    /// The query these options make with the beers `liked` names, the excluded beers, and
    /// the beers both liked and not liked (which count as liked: ``LikeQuery``).
    func resolve(liked names: [String], in catalogue: Catalogue, _ session: Session) throws(BreweryError)
        -> (query: LikeQuery, excluded: [Int], both: [Int])
    {
        guard !names.isEmpty else { throw .usage("recommend like needs a beer id or name, e.g. 'recommend like 192'") }
        let w = try BreweryError.lifting(BreweryError.scoring) { () throws(ScoringError) in
            try weights.map { text throws(ScoringError) in try ScoringWeights(parsing: text) }
        }
        let liked = try session.lookupEach(names, in: catalogue)
        var disliked: [Int] = []
        for name in notLiked { disliked += try session.lookupEach([name], in: catalogue) }
        var excluded: [Int] = []
        for name in exclude { excluded += try session.lookupEach([name], in: catalogue) }
        let query = LikeRecommender(catalogue: catalogue).query(liked: liked, disliked: disliked, weights: w)
        guard query.beers.count <= LikeQuery.maximumBeers else {
            throw .usage("recommend like takes at most \(LikeQuery.maximumBeers) beers (liked and --not together)")
        }
        return (query, excluded, Set(liked).intersection(disliked).sorted())
    }
}
