import BreweryCore

/// What `recommend like` shows: the query beer, then the ranked beers with reasons (and,
/// with `--explain`, each score's parts).
package struct LikeView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        /// The (first) liked beer.
        package var query: BeerSummary
        /// Every liked beer, in the order given.
        package var liked: [BeerSummary]
        /// The beers not liked (`--not`).
        package var notLiked: [BeerSummary]
        /// Ids left out (`--exclude`).
        package var excluded: [Int]
        /// The weights used, as `--weights` takes them.
        package var weights: String
        /// The filters, in words; empty for none.
        package var filters: String
        package var results: [RecommendationRow]
        /// Beers with exactly a liked beer's abv/ibu/ebc left out of the list.
        package var hiddenTwins: Int

        enum CodingKeys: String, CodingKey {
            case query, liked, excluded, weights, filters, results
            case notLiked = "not_liked"
            case hiddenTwins = "hidden_twins"
        }
    }

    package let document: Document
    package let window: ResultWindow?
    let list: RankedList

    /// The view of `result`, whose hits start at rank `offset + 1`; `more` tells whether
    /// the ranking went on past them.
    package init(
        catalogue: Catalogue, result: LikeRecommender.Result, filter: BeerFilter, excluded: [Int] = [],
        offset: Int, more: Bool, explain: Bool
    ) {
        let query = result.query
        let n = NumberFormat.short
        func summary(_ i: Int) -> BeerSummary { BeerSummary(catalogue.beers.basics(at: i)) }
        let liked = query.liked.map(summary)
        let notLiked = query.disliked.map(summary)
        var rows: [RecommendationRow] = []
        var cells: [[String]] = []
        var details: [[String]] = []
        for (i, h) in result.hits.enumerated() {
            let b = catalogue.beers.basics(at: h.index)
            let rank = offset + i + 1
            var why = Reasons.like(h.breakdown)
            if query.liked.count > 1 {
                why = "most like \(catalogue.beers.name(at: h.closestLiked)): " + why
            }
            if let d = h.closestDisliked, d.score >= (h.likedScores.max() ?? 0) {
                why += "; pushed down: like \(catalogue.beers.name(at: d.index))"
            }
            let bd = h.breakdown
            rows.append(
                RecommendationRow(
                    rank: rank, id: b.id, name: b.name, abv: b.abv, ibu: b.ibu, ebc: b.ebc,
                    score: NumberFormat.rounded(Double(h.score), places: 4), match: MatchScale.like(h.score), reason: why,
                    sharedFoods: bd.sharedFoods, closeAxes: bd.axes.filter(\.isClose).map(\.axis.name),
                    sameYeast: bd.sameYeast, sharedHops: bd.sharedHops, sharedMalts: bd.sharedMalts,
                    breakdown: explain
                        ? .like(
                            LikeBreakdown(
                                bd, closestLiked: catalogue.idIndex.ids[h.closestLiked],
                                likedScores: zip(query.liked, h.likedScores).map { (catalogue.idIndex.ids[$0], $1) },
                                closestDisliked: h.closestDisliked.map { (catalogue.idIndex.ids[$0.index], $0.score) }))
                        : nil))
            cells.append(
                RankedList.beerCells(rank: rank, id: b.id, name: b.name, abv: b.abv, ibu: b.ibu, ebc: b.ebc)
                    + [String(MatchScale.like(h.score)), why])
            if explain { details.append(Self.explanation(h, catalogue: catalogue, query: query)) }
        }
        document = Document(
            query: liked[0], liked: liked, notLiked: notLiked, excluded: excluded.map { catalogue.idIndex.ids[$0] },
            weights: query.weights.description, filters: filter.summary, results: rows, hiddenTwins: result.hiddenTwins)
        let twins = result.hiddenTwins
        var heading: [StyledText.Span] = [.plain("Beers like ")]
        for (j, q) in liked.enumerated() {
            if j > 0 { heading.append(.plain(j == liked.count - 1 ? " and " : ", ")) }
            heading.append(.bold(q.name))
            heading.append(
                .plain(
                    liked.count == 1 ? " (#\(q.id): abv \(n(q.abv, 1)), ibu \(n(q.ibu, 1)), ebc \(n(q.ebc, 1)))" : " (#\(q.id))"))
        }
        if !notLiked.isEmpty {
            heading.append(.plain(", not like " + notLiked.map { "\($0.name) (#\($0.id))" }.joined(separator: ", ")))
        }
        if !excluded.isEmpty {
            heading.append(
                .plain(", leaving out " + excluded.map { "#\(catalogue.idIndex.ids[$0])" }.joined(separator: ", ")))
        }
        if !filter.isEmpty { heading.append(.plain(" where \(filter.summary)")) }
        var footer: [String] = []
        if twins > 0 {
            footer.append(
                "\(CountedNoun.phrase(twins, "more beer")) with exactly the same abv/ibu/ebc left out (at most \(LikeRecommender.defaultMaxTwins) are listed)"
            )
        }
        if explain, query.weightsFitted, query.weights != .standard {
            footer.append(FittedWeightsNote.line(query.weights, whose: "the liked beers"))
        }
        list = RankedList(
            heading: [StyledText(heading)],
            columns: RankedList.beerColumns([
                .init(header: "match", rightAligned: true), .init(header: "why", flexible: true, minWidth: 10, wraps: true),
            ]),
            rows: cells, details: details, empty: "No beer passes the filters.",
            footer: footer)
        window = ResultWindow(offset: offset, shown: rows.count, more: more)
    }

    /// The `--explain` lines under one hit.
    static func explanation(_ h: LikeRecommender.Hit, catalogue: Catalogue, query: LikeQuery) -> [String] {
        let n = NumberFormat.short
        let f = NumberFormat.fixed
        let b = h.breakdown
        var lines: [String] = []
        if query.liked.count > 1 || !query.disliked.isEmpty {
            let liked = zip(query.liked, h.likedScores).map { "#\(catalogue.idIndex.ids[$0]) \(f(Double($1), 3))" }
            var line = "      like " + liked.joined(separator: ", ")
            if query.liked.count > 1 { line += " (harmonic mean)" }
            if let d = h.closestDisliked {
                line += "; not like #\(catalogue.idIndex.ids[d.index]) \(f(Double(d.score), 3))"
                line += " (× \(f(Double(1 - LikeQuery.dislikePenalty * d.score), 3)))"
            }
            lines.append(line + " → \(f(Double(h.score), 3))")
            lines.append("      parts against #\(catalogue.idIndex.ids[h.closestLiked]):")
        }
        lines += b.axes.map { a in
            let d = a.scaledDifference.map { NumberFormat.signed(Double($0), 2) } ?? "skipped (missing)"
            return
                "      \(a.axis.name): \(n(a.query, 1)) vs \(n(a.other, 1)), scaled difference \(d), weight \(n(Double(a.weight), 2))"
        }
        func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.prefix(6).joined(separator: ", ") }
        for part in b.parts {
            let what: String
            switch part.part {
            case .numeric: what = "abv/ibu/ebc"
            case .method:
                what =
                    "fermentation \(n(b.fermentation.query, 1)) vs \(n(b.fermentation.other, 1)) °C, "
                    + "dry hops \(n(b.dryHopGramsPerLitre.query, 1)) vs \(n(b.dryHopGramsPerLitre.other, 1)) g/l"
            case .food: what = "shared " + list(b.sharedFoods)
            case .yeast:
                what = b.sameYeast.isEmpty ? "related by " + list(b.yeastWords) : "same strain " + list(b.sameYeast)
            case .hops:
                what = "shared " + list(b.sharedHops) + (b.sharedLateHops.isEmpty ? "" : "; late: " + list(b.sharedLateHops))
            case .malt: what = "shared " + list(b.sharedMalts)
            case .style:
                let families = [b.styles.query, b.styles.other].map { $0?.rawValue ?? "?" }.joined(separator: " vs ")
                what = families + "; shared " + list(b.sharedStyleWords)
            }
            let value = part.similarity.map { f(Double($0), 3) } ?? "left out (missing or weight 0)"
            lines.append("      \(part.part): \(value) × \(n(Double(part.weight), 2)) (\(what))")
        }
        lines.append("      score = Σ weight × part / Σ weight over the parts both have → \(f(Double(b.score), 3))")
        return lines
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable { list.csv }
    package var listShape: ListShape? { list.shape }
}

extension LikeView {
    /// The view of rows `rows` of `page`: the ranking goes on after them when the page
    /// does or when rows of the page follow.
    package init(catalogue: Catalogue, page: LikePage, rows: Range<Int>, filter: BeerFilter, explain: Bool) {
        self.init(
            catalogue: catalogue, result: page.result(rows: rows), filter: filter, excluded: page.excluded,
            offset: page.offset + rows.lowerBound, more: page.more || rows.upperBound < page.count, explain: explain)
    }
}
