import BreweryCore
import BreweryTestSupport
import Testing

@Suite struct TasteTests {
    @Test func scoresAreHalfStarsToFiveInHundredths() {
        #expect(BeerRating.score(parsing: "4.5") == 4.5)
        #expect(BeerRating.score(parsing: " 3.75 ") == 3.75)
        #expect(BeerRating.score(parsing: "0.5") == 0.5)
        // A decimal comma, as much of Europe writes it.
        #expect(BeerRating.score(parsing: "4,5") == 4.5 && BeerRating.score(parsing: "3,75") == 3.75)
        for bad in ["0", "5.5", "-1", "4.125", "nan", "inf", "four", "", "4,5,", "4,5.5", "4.5,", ",", "5,5"] {
            #expect(BeerRating.score(parsing: bad) == nil, "\(bad)")
        }
        #expect(BeerRating.stars(4) == "★4" && BeerRating.stars(3.5) == "★3.5")
    }

    @Test func bestBeforeMonths() {
        #expect(BestBefore(parsing: "03-2027")?.description == "03-2027")
        #expect(BestBefore(parsing: "3/2027") == BestBefore(year: 2027, month: 3))
        #expect(BestBefore(parsing: "2027-03") == BestBefore(year: 2027, month: 3))
        // A whole date, year first, is the month it falls in; with the year last, day and
        // month could be either way round.
        #expect(BestBefore(parsing: "2027-03-15") == BestBefore(year: 2027, month: 3))
        #expect(BestBefore(parsing: "2027/3/1") == BestBefore(year: 2027, month: 3))
        // The day must be one the month has (2028 is a leap year, 2100 is not).
        #expect(BestBefore(parsing: "2028-02-29") == BestBefore(year: 2028, month: 2))
        #expect(BestBefore(parsing: "2027-04-30") == BestBefore(year: 2027, month: 4))
        for bad in [
            "13-2027", "00-2027", "03-27", "March 2027", "03-2027-01", "", "٣-2027", "15/03/2027", "2027-03-32",
            "2027-13-01", "2027-03-15-1", "2027-02-30", "2027-02-29", "2100-02-29", "2027-04-31", "2027-03-00",
        ] {
            #expect(BestBefore(parsing: bad) == nil, "\(bad)")
        }
        #expect(BestBefore(year: 2026, month: 12)! < BestBefore(year: 2027, month: 1)!)
    }

    @Test func aStoredBeerIsFoundByIdAndNameElseByNameNeverByIdAlone() {
        let c = Fixtures.catalogue
        #expect(TastedBeer(id: 7, name: "Tokyo* Dreams").index(in: c) == 6)
        #expect(TastedBeer(id: 99, name: "tokyo* dreams").index(in: c) == 6)  // another catalogue's id
        #expect(TastedBeer(id: 7, name: "Some Other Beer").index(in: c) == nil)  // #7 is another beer here
        #expect(TastedBeer(id: 1, name: "Lantern").index(in: c) == nil)  // the start of a name is not the name
    }

    @Test func signalsSortPullsAndPushesAndKeepWhatIsMissing() {
        let c = Fixtures.catalogue
        func rating(_ id: Int, _ name: String, _ score: Double, _ at: String) -> BeerRating {
            BeerRating(beer: TastedBeer(id: id, name: name), score: score, ratedAt: at)
        }
        let profile = TasteProfile(
            ratings: [
                rating(1, "Lantern Lager", 4, "2026-01-01T00:00:00Z"), rating(7, "Tokyo* Dreams", 5, "2026-01-02T00:00:00Z"),
                rating(6, "Sink The Ship!", 1, "2026-01-03T00:00:00Z"), rating(4, "AB:99", 3, "2026-01-04T00:00:00Z"),
                rating(50, "Gone Beer", 5, "2026-01-05T00:00:00Z"),
            ],
            wishes: [WishedBeer(beer: TastedBeer(id: 8, name: "This.Is.Porter."), addedAt: "2026-01-06T00:00:00Z")],
            cellar: [
                CellarEntry(beer: TastedBeer(id: 3, name: "Hello My Name Is Zoë"), count: 1, addedAt: "2026-01-01T00:00:00Z")
            ])
        let s = TasteSignals(profile, catalogue: c)
        #expect(s.pulls.map(\.index) == [6, 0, 7])  // ★5, ★4, then the wish
        #expect(s.pulls.map(\.weight) == [1, 0.8, TasteSignals.wishWeight])
        #expect(s.pushes.map(\.index) == [5])
        #expect(s.tried == [0, 6, 5, 3, 2])
        #expect(s.ratedCount == 4)
        #expect(s.missing == [TastedBeer(id: 50, name: "Gone Beer")])
    }

    @Test(arguments: [(11, 25), (12, 10), (13, 1), (14, 40)])
    func forMeIsExactlyTheBestWeightedLikeScoreOverThePulls(seed: UInt64, limit: Int) throws {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 3_000, seed: seed, recipes: true))
        var rng = SplitMix64(seed: seed)
        func beer() -> TastedBeer { TastedBeer(Int(rng.next() % 3_000), in: c) }
        let scores: [Double] = [5, 4.5, 4, 4, 3.5, 3.5, 1, 2, 3]
        let profile = TasteProfile(
            ratings: scores.enumerated().map { BeerRating(beer: beer(), score: $1, ratedAt: "2026-01-0\($0 + 1)T00:00:00Z") },
            wishes: [WishedBeer(beer: beer(), addedAt: "2026-01-05T00:00:00Z")])
        let signals = TasteSignals(profile, catalogue: c)
        let page = ForMeRecommender(catalogue: c).page(signals, window: PageWindow(limit: limit))
        // Every beer's score by brute force: each pull's whole like ranking.
        let like = LikeRecommender(catalogue: c)
        var best: [Int: Float] = [:]
        var byPull: [[Int: Float]] = []
        for pull in signals.pulls {
            let query = LikeQuery(liked: [pull.index], disliked: signals.pushes.map(\.index), weights: page.weights)
            let all = like.recommend(query, excluding: signals.tried.sorted(), limit: c.count)
            for h in all.hits { best[h.index] = max(best[h.index] ?? 0, pull.weight * h.score) }
            byPull.append(Dictionary(uniqueKeysWithValues: all.hits.map { ($0.index, pull.weight * $0.score) }))
        }
        // Each row names the pull that scored, then every other within the share, closest
        // first: what the whole rankings say, whatever the page's length.
        for row in page.rows {
            let score = { (p: Int) in byPull[p][row.index] ?? -1 }
            let others = byPull.indices.filter { $0 != row.pulls[0] && score($0) >= row.score * ForMeRecommender.alsoCloseShare }
                .sorted { score($0) != score($1) ? score($0) > score($1) : $0 < $1 }
            #expect(byPull[row.pulls[0]][row.index] == row.score)
            #expect(Array(row.pulls.dropFirst()) == others)
        }
        let expected = best.sorted { $0.value != $1.value ? $0.value > $1.value : c.beers[$0.key].id < c.beers[$1.key].id }
        #expect(page.rows.count == limit)
        #expect(page.rows.map(\.score) == expected.prefix(limit).map(\.value))
        #expect(page.rows.map(\.index) == expected.prefix(limit).map(\.key))
        #expect(page.rows.allSatisfy { !signals.tried.contains($0.index) })
        #expect(page.more)
    }

    /// Three liked beers (ids 1-3) that share the hop Nelson Sauvin and nothing else among
    /// 40 beers mostly of one yeast; beer 60 has their hop, beer 61 the first one's yeast.
    static func sharedHopCatalogue() -> Catalogue {
        let yeasts = ["Wyeast 3333 - German Wheat™", "Saflager W-34/70", "Wyeast 1728 - Scottish Ale™"]
        let hops = ["Saaz", "Citra", "Simcoe", "Mosaic", "Amarillo", "Chinook", "Galaxy", "Fuggles"]
        var beers = (0..<3).map { i in
            RecipeSimilarityTests.beer(
                i + 1, yeast: yeasts[i], hops: [("Nelson Sauvin", "end")], malts: ["Malt \(i)"], abv: 5 + Double(i))
        }
        beers += (0..<40).map { i in
            RecipeSimilarityTests.beer(
                i + 10, yeast: "Wyeast 1056 - American Ale™", hops: [(hops[i % hops.count], "end")], malts: ["Malt \(i % 5)"],
                abv: 4 + Double(i % 7))
        }
        beers.append(
            RecipeSimilarityTests.beer(
                60, yeast: "Wyeast 1056 - American Ale™", hops: [("Nelson Sauvin", "end")], malts: ["Malt 9"], abv: 6))
        beers.append(
            RecipeSimilarityTests.beer(61, yeast: yeasts[0], hops: [("Fuggles", "end")], malts: ["Malt 9"], abv: 6))
        return Catalogue(beers: beers)
    }

    /// Three liked beers that share a hop and nothing else: hops weigh more for them,
    /// the yeast (shared by most beers, not by them) less, and a beer with their hop
    /// ranks above one with a liked beer's yeast.
    @Test func forMeWeighsMostWhatTheLikedBeersShare() throws {
        let c = Self.sharedHopCatalogue()
        let profile = TasteProfile(
            ratings: [1, 2, 3].map { BeerRating(beer: TastedBeer($0 - 1, in: c), score: 5, ratedAt: "2026-01-01T00:00:00Z") })
        let signals = TasteSignals(profile, catalogue: c)
        let w = TasteWeights.weights(for: signals, catalogue: c)
        #expect(w.hops > 2 * ScoringWeights.standard.hops)
        #expect(w.hops <= TasteWeights.highest * ScoringWeights.standard.hops)
        #expect(w.yeast < ScoringWeights.standard.yeast)
        #expect(w.numeric == ScoringWeights.standard.numeric)
        #expect(TasteWeights.weights(for: signals, catalogue: c) == w)  // the same profile, the same weights

        let page = ForMeRecommender(catalogue: c).page(signals, window: PageWindow(limit: c.count))
        #expect(page.weights == w)
        let rank = Dictionary(uniqueKeysWithValues: page.rows.enumerated().map { (c.beers[$1.index].id, $0) })
        #expect(try #require(rank[60]) < (try #require(rank[61])))
        #expect(page.rows.first.map { c.beers[$0.index].id } == 60)

        // One beer that pulls says nothing about what it shares: the standard weights.
        let one = TasteSignals(TasteProfile(ratings: [profile.ratings[0]]), catalogue: c)
        #expect(TasteWeights.weights(for: one, catalogue: c) == .standard)
    }

    /// `like` with several beers and no weights given fits them the same way; weights
    /// given, or one liked beer, are kept as they are.
    @Test func likeWithSeveralBeersWeighsWhatTheyShare() throws {
        let c = Self.sharedHopCatalogue()
        let like = LikeRecommender(catalogue: c)
        let query = like.query(liked: [0, 1, 2], weights: nil)
        #expect(query.weightsFitted)
        #expect(query.weights == TasteWeights.weights(liked: [0, 1, 2], catalogue: c))
        #expect(query.weights.hops > 2 * ScoringWeights.standard.hops)
        let hits = like.page(query, window: PageWindow(limit: 5)).result.hits
        #expect(hits.first.map { c.beers[$0.index].id } == 60)

        let given = like.query(liked: [0, 1, 2], weights: .standard)
        #expect(!given.weightsFitted && given.weights == .standard)
        let one = like.query(liked: [0, 0], disliked: [3], weights: nil)
        #expect(!one.weightsFitted && one.weights == .standard && one.liked == [0])
    }

    @Test func theQuizAsksAboutBeersOfDifferentFamiliesNotRatedYet() throws {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 2_000, seed: 3, recipes: true))
        let asked = TasteQuiz.questions(c, rated: [])
        #expect(asked.count == TasteQuiz.maximumQuestions)
        #expect(Set(asked).count == asked.count)
        let again = TasteQuiz.questions(c, rated: [asked[0]])
        #expect(!again.contains(asked[0]))
        #expect(TasteQuiz.questions(c, rated: []) == asked)  // deterministic
    }
}
