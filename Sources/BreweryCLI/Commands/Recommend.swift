import ArgumentParser
import BreweryCore
import Foundation

/// `recommend like|food`.
struct Recommend: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Recommend beers like a beer, or for a food.", subcommands: [Like.self, Food.self])
}

extension Recommend {
    /// `recommend like <id|name>`.
    struct Like: SessionCommand {
        static let configuration = CommandConfiguration(
            abstract: "Beers most like a beer: abv/ibu/ebc similarity plus shared food pairings.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: RecommendOptions

        @Option(help: "Weights, e.g. abv=1,ibu=1,ebc=1,food=0.5 (the defaults).")
        var weights: String?

        @Argument(help: "The beer's id or name.")
        var beer: [String] = []

        func execute(in session: Session) throws {
            guard !beer.isEmpty else { throw UsageError("recommend like needs a beer id or name, e.g. 'recommend like 192'") }
            let w = try weights.map { try ScoringWeights(parsing: $0) } ?? .standard
            let catalogue = try session.catalogue(global).catalogue
            let index = try catalogue.lookup(beer.joined(separator: " "))
            let limit = options.resolvedLimit(session, count: catalogue.count)
            var result = session.timedQuery {
                LikeRecommender(catalogue: catalogue).recommend(like: index, weights: w, filter: options.filter, limit: limit)
            }
            result.hits = Array(result.hits.dropFirst(options.offset))
            let first = options.offset + 1
            let q = catalogue.beers[index]
            if global.json || session.jsonByDefault {
                struct QueryOut: Encodable {
                    var id: Int
                    var name: String
                    var abv: Double?
                    var ibu: Double?
                    var ebc: Double?
                    func encode(to encoder: any Encoder) throws {
                        var c = encoder.container(keyedBy: CodingKeys.self)
                        try c.encode(id, forKey: .id)
                        try c.encode(name, forKey: .name)
                        try c.encode(abv, forKey: .abv)
                        try c.encode(ibu, forKey: .ibu)
                        try c.encode(ebc, forKey: .ebc)
                    }
                    enum CodingKeys: String, CodingKey { case id, name, abv, ibu, ebc }
                }
                struct Out: Encodable {
                    var query: QueryOut
                    var weights: String
                    var filters: String
                    var results: [JSONOutput.RecommendationRow]
                    var hiddenTwins: Int
                    enum CodingKeys: String, CodingKey {
                        case query, weights, filters, results
                        case hiddenTwins = "hidden_twins"
                    }
                }
                let rows = result.hits.enumerated().map { (i, h) in
                    let b = catalogue.beers[h.index]
                    return JSONOutput.RecommendationRow(
                        rank: first + i, id: b.id, name: b.name, abv: b.abv, ibu: b.ibu, ebc: b.ebc,
                        score: Double(h.score).rounded(places: 4), reason: h.breakdown.reason,
                        sharedFoods: h.breakdown.sharedFoods, closeAxes: h.breakdown.axes.filter(\.isClose).map(\.axis.name),
                        breakdown: options.explain ? JSONOutput.Breakdown(h.breakdown) : nil)
                }
                session.output.line(JSONOutput.string(Out(
                    query: QueryOut(id: q.id, name: q.name, abv: q.abv, ibu: q.ibu, ebc: q.ebc),
                    weights: w.description, filters: options.filter.summary, results: rows, hiddenTwins: result.hiddenTwins)))
                return
            }
            let o = session.output
            let n = TextLayout.number
            o.line("Beers like \(o.style.bold(q.name)) (#\(q.id): abv \(n(q.abv, 1)), ibu \(n(q.ibu, 1)), ebc \(n(q.ebc, 1)))"
                + (options.filter.isEmpty ? "" : " where \(options.filter.summary)"))
            if result.hits.isEmpty {
                o.line("No beer passes the filters.")
                return
            }
            let rows = result.hits.enumerated().map { (i, h) -> [String] in
                let b = catalogue.beers[h.index]
                return [String(first + i), String(b.id), b.name, n(b.abv, 1), n(b.ibu, 1), n(b.ebc, 1), String(format: "%.3f", h.score), h.breakdown.reason]
            }
            let lines = TextLayout.table(
                [.init(header: "#", rightAligned: true), .init(header: "id", rightAligned: true), .init(header: "name", flexible: true, minWidth: 14),
                 .init(header: "abv", rightAligned: true), .init(header: "ibu", rightAligned: true), .init(header: "ebc", rightAligned: true),
                 .init(header: "score", rightAligned: true), .init(header: "why", flexible: true, minWidth: 10)],
                rows, width: o.terminal.width, style: o.style)
            if options.explain {
                o.line(lines[0])
                for (i, h) in result.hits.enumerated() {
                    o.line(lines[i + 1])
                    for a in h.breakdown.axes {
                        let d = a.scaledDifference.map { String(format: "%+.2f", $0) } ?? "skipped (missing)"
                        o.line(o.style.dim("      \(a.axis.name): \(n(a.query, 1)) vs \(n(a.other, 1)), scaled difference \(d), weight \(n(Double(a.weight), 2))"))
                    }
                    o.line(o.style.dim(String(format: "      numeric %.3f × %.2f + food %.3f × %.2f (shared: %@) → %.3f",
                        h.breakdown.numeric, h.breakdown.numericWeight, h.breakdown.food, h.breakdown.foodWeight,
                        h.breakdown.sharedFoods.isEmpty ? "none" : h.breakdown.sharedFoods.joined(separator: ", "), h.score)))
                }
            } else {
                lines.forEach(o.line)
            }
            if result.hiddenTwins > 0 {
                o.line(o.style.dim("\(result.hiddenTwins) more beer\(result.hiddenTwins == 1 ? "" : "s") with exactly the same abv/ibu/ebc left out (at most 2 are listed)"))
            }
        }
    }

    /// `recommend food <words…>`.
    struct Food: SessionCommand {
        static let configuration = CommandConfiguration(abstract: "Beers whose food pairings match the words.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: RecommendOptions

        @Argument(help: "Food words, e.g. tacos or 'chicken tacos'.")
        var words: [String] = []

        func execute(in session: Session) throws {
            let text = words.joined(separator: " ")
            let catalogue = try session.catalogue(global).catalogue
            let limit = options.resolvedLimit(session, count: catalogue.count)
            var result = try session.timedQuery { try FoodRanker(catalogue: catalogue).rank(text, filter: options.filter, limit: limit) }
            result.hits = Array(result.hits.dropFirst(options.offset))
            let first = options.offset + 1
            func pairing(_ h: FoodRanker.Hit) -> String {
                let p = catalogue.beers[h.index].foodPairing
                return h.bestPairing < p.count ? p[h.bestPairing] : ""
            }
            func reason(_ h: FoodRanker.Hit) -> String {
                if h.allInOnePairing { return "pairs with \(pairing(h))" }
                if h.allWords { return "all words, over several pairings" }
                return "matches " + h.matchedWords.joined(separator: ", ")
            }
            if global.json || session.jsonByDefault {
                struct Out: Encodable {
                    var query: String
                    var match: String
                    var corrections: [String: String]
                    var unknownWords: [String]
                    var suggestions: [String]
                    var results: [JSONOutput.RecommendationRow]
                    var totalMatches: Int
                    enum CodingKeys: String, CodingKey {
                        case query, match, corrections, suggestions, results
                        case unknownWords = "unknown_words", totalMatches = "total_matches"
                    }
                }
                let rows = result.hits.enumerated().map { (i, h) in
                    let b = catalogue.beers[h.index]
                    return JSONOutput.RecommendationRow(
                        rank: first + i, id: b.id, name: b.name, abv: b.abv, ibu: b.ibu, ebc: b.ebc,
                        score: Double(h.score).rounded(places: 4), reason: reason(h), matchedWords: h.matchedWords, pairing: pairing(h))
                }
                session.output.line(JSONOutput.string(Out(
                    query: text, match: result.match.rawValue, corrections: result.query.corrections,
                    unknownWords: result.query.unknownWords, suggestions: result.suggestions, results: rows,
                    totalMatches: result.totalMatches)))
                return
            }
            let o = session.output
            for (typo, fix) in result.query.corrections.sorted(by: { $0.key < $1.key }) {
                o.line("Showing results for \(o.style.bold(fix)) (no pairing says '\(excerpt(typo))').")
            }
            switch result.match {
            case .none:
                let words = result.query.terms.map { $0.correctedTo ?? $0.original }.joined(separator: " ")
                o.line("No beer pairs with '\(excerpt(words))'.")
                if !result.suggestions.isEmpty {
                    o.line("Closest food words: " + result.suggestions.joined(separator: ", "))
                }
                return
            case .partial:
                let missing = result.query.unknownWords
                let label = result.query.terms.map { $0.correctedTo ?? $0.original }.joined(separator: " ")
                o.line("No beer pairs with all of '\(excerpt(label))'" + (missing.isEmpty ? "." : " ('\(excerpt(missing.joined(separator: "', '")))' is in no pairing).") + " Partial matches:")
            case .all:
                break
            }
            let n = TextLayout.number
            let rows = result.hits.enumerated().map { (i, h) -> [String] in
                let b = catalogue.beers[h.index]
                return [String(first + i), String(b.id), b.name, n(b.abv, 1), n(b.ibu, 1), n(b.ebc, 1), String(format: "%.2f", h.score), reason(h)]
            }
            TextLayout.table(
                [.init(header: "#", rightAligned: true), .init(header: "id", rightAligned: true), .init(header: "name", flexible: true, minWidth: 14),
                 .init(header: "abv", rightAligned: true), .init(header: "ibu", rightAligned: true), .init(header: "ebc", rightAligned: true),
                 .init(header: "score", rightAligned: true), .init(header: "why", flexible: true, minWidth: 10)],
                rows, width: o.terminal.width, style: o.style
            ).forEach(o.line)
            let left = result.totalMatches - result.hits.count - options.offset
            if left > 0 {
                o.line(o.style.dim("\(left) more match; 'more' or --limit 0 to see them"))
            }
        }
    }
}
