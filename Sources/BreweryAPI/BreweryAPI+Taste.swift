import BreweryCore
import BreweryViews
import Foundation

/// The user's taste over HTTP: `/v2/ratings`, `/v2/ratings/{id}` (GET, PUT, DELETE) and
/// `/v2/recommend/me`, answering with the CLI's `--json` documents.
extension BreweryAPI {
    /// The taste records, or 404 when the server keeps none.
    private func records() throws(APIError) -> any TasteRecords {
        guard let taste else { throw .notFound("This server keeps no ratings") }
        return taste
    }

    private func profile() throws(APIError) -> TasteProfile {
        do { return try records().profile() } catch let e as APIError { throw e } catch {
            throw .tasteUnavailable("The taste store cannot be read: \(error)")
        }
    }

    /// Refuses a write unless this server takes them.
    private func checkWrites() throws(APIError) {
        guard allowsWrites else {
            throw .forbidden(
                "This server takes no writes: it listens on an address other machines reach; start it with --allow-writes to allow them"
            )
        }
    }

    /// The user's ratings, in `sort` order (date, score or name).
    package func ratingsView(_ q: QueryParameters) throws(APIError) -> RatingsView {
        var order = RatingsView.Order.date
        if let text = q["sort"] {
            guard let o = RatingsView.Order(rawValue: text) else { throw .badRequest("sort takes date, score or name") }
            order = o
        }
        return RatingsView(try profile().ratings, catalogue: catalogue, order: order)
    }

    /// Whether this server keeps ratings, and takes changes to them.
    package var keepsRatings: Bool { taste != nil }
    package var takesRatings: Bool { taste != nil && allowsWrites }

    /// The user's rating of the beer at `index`, if rated.
    package func score(of index: Int) throws(APIError) -> Double? {
        guard taste != nil else { return nil }
        let key = TastedBeer(index, in: catalogue).key
        return try profile().ratings.first { $0.beer.key == key }?.score
    }

    func rating(_ index: Int) throws(APIError) -> APIResponse {
        let key = TastedBeer(index, in: catalogue).key
        let ratings = try profile().ratings.filter { $0.beer.key == key }
        guard !ratings.isEmpty else {
            throw .notFound("\(catalogue.beers.name(at: index)) (#\(catalogue.beers[index].id)) is not rated")
        }
        let view = RatingsView(ratings, catalogue: catalogue, order: .date)
        return APIResponse(json: view.document.results[0])
    }

    func rate(_ index: Int, _ q: QueryParameters) throws(APIError) -> APIResponse {
        try checkWrites()
        guard let text = q["score"], let score = BeerRating.score(parsing: text) else {
            throw .badRequest("score is required: from 0.5 to 5 stars, e.g. score=4.5")
        }
        let note = q["note"].map { Whitespace.trimmed($0) }.flatMap { $0.isEmpty ? nil : $0 }
        if let note, note.utf8.count > 2_000 { throw .badRequest("note takes at most 2,000 bytes") }
        let beer = TastedBeer(index, in: catalogue)
        let earlier: BeerRating?
        do {
            earlier = try records().rate(
                BeerRating(beer: beer, score: score, note: note, ratedAt: BeerRating.timestamp(Date())))
        } catch let e as APIError { throw e } catch {
            throw .tasteUnavailable("The taste store cannot be written: \(error)")
        }
        return APIResponse(json: TasteChangeView.rated(beer, score: score, earlier: earlier, catalogue: catalogue).document)
    }

    func unrate(_ index: Int) throws(APIError) -> APIResponse {
        try checkWrites()
        let beer = TastedBeer(index, in: catalogue)
        let removed: Bool
        do { removed = try records().unrate(beer) } catch let e as APIError { throw e } catch {
            throw .tasteUnavailable("The taste store cannot be written: \(error)")
        }
        guard removed else { throw .notFound("\(beer.name) (#\(beer.id)) is not rated") }
        return APIResponse(json: TasteChangeView.unrated(beer, catalogue: catalogue).document)
    }

    /// `recommend for me` from the user's ratings and wishlist, with the parameters' filters.
    package func forMeView(_ q: QueryParameters) throws(APIError) -> ForMeView {
        let signals = TasteSignals(try profile(), catalogue: catalogue)
        guard !signals.pulls.isEmpty else {
            throw .notFound("No beer rated 3.5 or more yet: rate beers with PUT /v2/ratings/{id}?score=4.5")
        }
        let filter = try PunkAPIFilter.filter(q, catalogue: catalogue, texts: texts)
        let includeTried = try Self.flag("include_tried", q)
        let page = ForMeRecommender(catalogue: catalogue).page(
            signals, filter: filter, includeTried: includeTried, window: try Self.window(q))
        return ForMeView(
            catalogue: catalogue, page: page, filter: filter, includeTried: includeTried, explain: try Self.flag("explain", q))
    }
}
