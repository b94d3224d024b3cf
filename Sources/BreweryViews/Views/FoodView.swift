import BreweryCore

/// What `recommend food` shows: corrections made to the words, whether every word
/// matched, then the ranked beers with the pairing that matched.
package struct FoodView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        /// The words as given.
        package var query: String
        /// `all`, `partial` or `none`.
        package var match: String
        /// The filters, in words; empty for none.
        package var filters: String
        /// Typo → the pairing word used instead.
        package var corrections: [String: String]
        /// Words found in no pairing.
        package var unknownWords: [String]
        /// Closest food words, when nothing matched.
        package var suggestions: [String]
        /// Query words read as food concepts, and the members they matched as.
        package var expansions: [Expansion]
        package var results: [RecommendationRow]
        /// Beers that matched before the limit.
        package var totalMatches: Int

        /// A query term read as a food concept.
        package struct Expansion: Encodable, Sendable, Equatable {
            /// The words typed.
            package var term: String
            /// The concept they name.
            package var concept: String
            /// Members some pairing holds, clear instances before related ones.
            package var matchedAs: [String]

            enum CodingKeys: String, CodingKey {
                case term, concept
                case matchedAs = "matched_as"
            }
        }

        enum CodingKeys: String, CodingKey {
            case query, match, filters, corrections, suggestions, results, expansions
            case unknownWords = "unknown_words"
            case totalMatches = "total_matches"
        }
    }

    package let document: Document
    package let window: ResultWindow?
    let list: RankedList

    /// The view of `result` for the words `text` among the beers `filter` passes, whose
    /// hits start at rank `offset + 1`. `moreHint` says where the rest is ("'more' or
    /// --limit 0 to see them").
    package init(
        catalogue: Catalogue, text: String, result: FoodRanker.Result, offset: Int, filter: BeerFilter = BeerFilter(),
        moreHint: String = MoreHint.oneShot, explain: Bool = false
    ) {
        var rows: [RecommendationRow] = []
        var cells: [[String]] = []
        var details: [[String]] = []
        for (i, h) in result.hits.enumerated() {
            // What a list shows, not the whole beer (which a snapshot may read from the file).
            let b = catalogue.beers.basics(at: h.index)
            let pairings = catalogue.beers.foodPairing(at: h.index)
            let pairing = h.bestPairing < pairings.count ? pairings[h.bestPairing] : ""
            let why = Reasons.food(h, pairings: pairings)
            let rank = offset + i + 1
            let breakdown =
                explain
                ? FoodBreakdown(hit: h, query: result.query, idf: { catalogue.food.idf[Int($0)] }, pairing: pairing) : nil
            if let breakdown { details.append(breakdown.lines) }
            rows.append(
                RecommendationRow(
                    rank: rank, id: b.id, name: b.name, abv: b.abv, ibu: b.ibu, ebc: b.ebc,
                    score: NumberFormat.rounded(Double(h.score), places: 4), match: MatchScale.food(h.score), reason: why,
                    matchedWords: h.matchedWords,
                    matchedAs: h.matchedAs.isEmpty
                        ? nil : Dictionary(h.matchedAs.map { ($0.term, $0.member) }, uniquingKeysWith: { a, _ in a }),
                    pairing: pairing, breakdown: breakdown.map { .food($0) }))
            cells.append(
                RankedList.beerCells(rank: rank, id: b.id, name: b.name, abv: b.abv, ibu: b.ibu, ebc: b.ebc)
                    + [String(MatchScale.food(h.score)), why])
        }
        document = Document(
            query: text, match: result.match.rawValue, filters: filter.summary, corrections: result.query.corrections,
            unknownWords: result.unknownWords, suggestions: result.suggestions,
            expansions: result.expansions.map { .init(term: $0.term, concept: $0.concept, matchedAs: $0.members) }, results: rows,
            totalMatches: result.totalMatches)

        // The whole query as searched, its corrected words in bold, then the words typed.
        var heading: [StyledText] = []
        let typos = result.query.terms.filter { $0.correctedTo != nil }.map(\.original)
        if !typos.isEmpty {
            var parts: [StyledText.Span] = [.plain("Showing results for ")]
            for (i, t) in result.query.terms.enumerated() {
                if i > 0 { parts.append(.plain(" ")) }
                parts.append(t.correctedTo.map { .bold($0) } ?? .plain(t.original))
            }
            let said = typos.map { "'\(excerpt($0))'" }.joined(separator: ", ")
            parts.append(.plain(" (no pairing says \(said))."))
            heading.append(StyledText(parts))
        }
        // A word read as a concept matches other words: say which, before anything else.
        for e in result.expansions {
            let shown = e.members.prefix(Self.shownMembers).map { excerpt($0, limit: 30) }.joined(separator: ", ")
            let more = e.members.count > Self.shownMembers ? " and \(e.members.count - Self.shownMembers) more" : ""
            let named = e.concept == e.term ? "" : " (\(excerpt(e.concept, limit: 30)))"
            heading.append(StyledText([.plain("\(excerpt(e.term, limit: 30))\(named): matched as \(shown)\(more).")]))
        }
        let words = result.query.terms.map(\.shown).joined(separator: " ")
        switch result.match {
        case .none:
            // With filters, the beers that pair may all be filtered out: say which were asked.
            let among = filter.isEmpty ? "" : " where \(TerminalText.safe(filter.summary))"
            heading.append(StyledText([.plain("No beer\(among) pairs with '\(excerpt(words))'.")]))
            if !result.suggestions.isEmpty {
                heading.append(StyledText([.plain("Closest food words: " + result.suggestions.joined(separator: ", "))]))
            }
        case .partial where result.unheldWord != nil:
            // No pairing says the word: the beers are for its kind, named above.
            let word = result.unheldWord ?? ""
            let kind = result.expansions.first { $0.term == word }?.concept ?? ""
            heading.append(
                StyledText([
                    .plain("No pairing says '\(excerpt(word, limit: 30))': these match its kind, \(excerpt(kind, limit: 30)).")
                ]))
        case .partial where result.query.unknownWords.isEmpty && result.hits.contains(where: \.allWords):
            // Every word is there, but never in one pairing: say so before the list.
            let spread = result.hits.first(where: \.allWords).map { catalogue.beers.name(at: $0.index) } ?? ""
            heading.append(
                StyledText([
                    .plain(
                        "No pairing has \(Self.both(result.query.terms.map(\.shown)) { excerpt($0, limit: 30) }); "
                            + "\(TerminalText.safe(spread)) has them in separate pairings.")
                ]))
        case .partial:
            let missing = result.query.unknownWords.map { "'\(excerpt($0, limit: 30))'" }
            let listed = missing.count > 1 ? missing.dropLast().joined(separator: ", ") + " and " + missing.last! : missing.first
            heading.append(
                StyledText([
                    .plain(
                        "No beer pairs with all of '\(excerpt(words))'"
                            + (listed.map { " (\(excerpt($0)) \(missing.count == 1 ? "is" : "are") in no pairing)." } ?? ".")
                            + " Partial matches:")
                ]))
        case .all:
            break
        }
        let left = result.totalMatches - result.hits.count - offset
        list = RankedList(
            heading: heading,
            columns: RankedList.beerColumns([
                .init(header: "match", rightAligned: true), .init(header: "why", flexible: true, minWidth: 10, wraps: true),
            ]),
            rows: cells, details: details, empty: result.match == .none ? nil : "No more results.",
            footer: left > 0 ? ["\(left) more match; \(moreHint)"] : [])
        window = ResultWindow(offset: offset, shown: rows.count, more: left > 0)
    }

    /// How many members of a concept the heading names.
    static let shownMembers = 6

    /// "both 'pumpkin' and 'soup'", or "all of 'a', 'b' and 'c'".
    static func both(_ words: [String], _ quote: (String) -> String) -> String {
        let quoted = words.map { "'\(quote($0))'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        let listed = quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
        return (quoted.count == 2 ? "both " : "all of ") + listed
    }

    package func lines(width: Int, style: Style) -> [String] { list.lines(width: width, style: style) }
    package var csv: CSVTable { list.csv }
    package var listShape: ListShape? { list.shape }
}

extension FoodView {
    /// The view of `page` for the words `text`.
    package init(
        catalogue: Catalogue, text: String, page: FoodPage, filter: BeerFilter = BeerFilter(), moreHint: String, explain: Bool
    ) {
        self.init(
            catalogue: catalogue, text: text, result: page.result, offset: page.offset, filter: filter, moreHint: moreHint,
            explain: explain)
    }
}
