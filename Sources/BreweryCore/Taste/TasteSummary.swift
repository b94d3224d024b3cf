import Algorithms

/// What the user's ratings say, in the terms `like` scores by: the style families, yeasts,
/// hops and malts of the beers rated well and poorly, and the strength, bitterness and
/// colour of those rated well.
public struct TasteSummary: Sendable, Equatable {
    /// A style, yeast, hop or malt and the beers rated well and poorly that have it.
    public struct Facet: Sendable, Equatable {
        /// The name, as the first beer rated writes it.
        public var name: String
        /// Beers rated 3.5 and up with it.
        public var liked: Int
        /// Beers rated 2 and below with it.
        public var disliked: Int
        /// The sum over those beers of (rating − 3): what orders the facets.
        public var weight: Double
    }

    /// A range of values among the beers rated well.
    public struct Span: Sendable, Equatable {
        public var low: Double
        public var median: Double
        public var high: Double
    }

    /// Ratings that found their beer in the catalogue.
    public var rated: Int
    /// Of them, rated 3.5 and up, and 2 and below.
    public var liked: Int
    public var disliked: Int
    /// The mean rating, nil with none.
    public var meanRating: Double?
    /// Style families (plural, "IPAs"), strains, hops and malts, most telling first: those
    /// with weight > 0 (liked) then those < 0 (disliked), each list at most five.
    public var styles: [Facet]
    public var yeasts: [Facet]
    public var hops: [Facet]
    public var malts: [Facet]
    /// abv, ibu and ebc among the beers rated well (nil where none states it).
    public var abv: Span?
    public var ibu: Span?
    public var ebc: Span?

    /// The summary of `profile`'s ratings on `catalogue`.
    public init(_ profile: TasteProfile, catalogue: Catalogue) {
        var rated: [(index: Int, score: Double)] = []
        for r in profile.ratings { if let i = r.beer.index(in: catalogue) { rated.append((i, r.score)) } }
        self.rated = rated.count
        liked = rated.filter { $0.score >= TasteSignals.likedFrom }.count
        disliked = rated.filter { $0.score <= TasteSignals.dislikedUpTo }.count
        meanRating = rated.isEmpty ? nil : rated.map(\.score).reduce(0, +) / Double(rated.count)
        var tallies: [[String: Facet]] = Array(repeating: [:], count: 4)
        var order: [[String]] = Array(repeating: [], count: 4)
        func count(_ kind: Int, _ name: String, _ score: Double) {
            let key = TextFolding.fold(name)
            guard !key.isEmpty else { return }
            if tallies[kind][key] == nil {
                tallies[kind][key] = Facet(name: name, liked: 0, disliked: 0, weight: 0)
                order[kind].append(key)
            }
            if score >= TasteSignals.likedFrom { tallies[kind][key]?.liked += 1 }
            if score <= TasteSignals.dislikedUpTo { tallies[kind][key]?.disliked += 1 }
            tallies[kind][key]?.weight += score - 3
        }
        // Sugars, fruit and spices listed among the hops are not hops.
        var classifier = IngredientClassifier()
        for (i, score) in rated {
            if let style = catalogue.recipe.style(ofBeer: i) { count(0, style.plural, score) }
            let recipe = Recipe(beer: catalogue.beers[i])
            if let yeast = recipe.yeast { count(1, yeast, score) }
            for hop in recipe.hops.map(\.name).uniqued(on: TextFolding.fold) where !classifier.isNoHop(hop) {
                count(2, hop, score)
            }
            for malt in recipe.malts.map(\.name).uniqued(on: TextFolding.fold) { count(3, malt, score) }
        }
        func ranked(_ kind: Int) -> [Facet] {
            let all = order[kind].compactMap { tallies[kind][$0] }
            let up = all.filter { $0.weight > 0 }.sorted { $0.weight > $1.weight }.prefix(5)
            let down = all.filter { $0.weight < 0 }.sorted { $0.weight < $1.weight }.prefix(5)
            return Array(up + down)
        }
        styles = ranked(0)
        yeasts = ranked(1)
        hops = ranked(2)
        malts = ranked(3)
        let good = rated.filter { $0.score >= TasteSignals.likedFrom }.map { catalogue.beers.basics(at: $0.index) }
        func span(_ values: [Double]) -> Span? {
            guard !values.isEmpty else { return nil }
            let v = values.sorted()
            let mid = v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
            return Span(low: v[0], median: mid, high: v[v.count - 1])
        }
        abv = span(good.compactMap(\.abv))
        ibu = span(good.compactMap(\.ibu))
        ebc = span(good.compactMap(\.ebc))
    }
}
