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

    /// Everything the user keeps, read once: a page that shows several parts of it
    /// passes it to each view, so they agree and the store is read one time.
    package func profile() throws(APIError) -> TasteProfile {
        do { return try records().profile() } catch let e as APIError { throw e } catch {
            throw .tasteUnavailable("The taste store cannot be read: \(error)")
        }
    }

    /// `given`, or the store's when nil.
    private func profile(or given: TasteProfile?) throws(APIError) -> TasteProfile {
        if let given { return given }
        return try profile()
    }

    /// Refuses a write unless this server takes them.
    private func checkWrites() throws(APIError) {
        guard allowsWrites else {
            throw .forbidden(
                "This server takes no writes: it listens on an address other machines reach; start it with --allow-writes to allow them"
            )
        }
    }

    /// The user's ratings, in `sort` order (date, score or name), from `profile` or the store.
    package func ratingsView(_ q: QueryParameters, from profile: TasteProfile? = nil) throws(APIError) -> RatingsView {
        var order = RatingsView.Order.date
        if let text = q["sort"] {
            guard let o = RatingsView.Order(rawValue: text) else { throw .badRequest("sort takes date, score or name") }
            order = o
        }
        return RatingsView(try self.profile(or: profile).ratings, catalogue: catalogue, order: order)
    }

    /// Whether this server keeps ratings, and takes changes to them.
    package var keepsRatings: Bool { taste != nil }
    package var takesRatings: Bool { taste != nil && allowsWrites }

    /// What the user keeps of the beer at `index`: its rating, whether it is on the
    /// wishlist, and the bottles in the cellar.
    package func kept(_ index: Int) throws(APIError) -> (score: Double?, wished: Bool, bottles: Int) {
        guard taste != nil else { return (nil, false, 0) }
        let key = TastedBeer(index, in: catalogue).key
        let p = try profile()
        return (
            p.ratings.first { $0.beer.key == key }?.score, p.wishes.contains { $0.beer.key == key },
            p.cellar.first { $0.beer.key == key }?.count ?? 0
        )
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
        guard let text = q["score"] else { throw .badRequest("score is required: from 0.5 to 5 stars, e.g. score=4.5") }
        guard let score = BeerRating.score(parsing: text) else {
            throw .badRequest(
                "score must be from 0.5 to 5 stars, at most two decimals, not '\(PunkAPIFilter.printable(String(text.prefix(20))))'"
            )
        }
        let note = q["note"].map { Whitespace.trimmed($0) }.flatMap { $0.isEmpty ? nil : $0 }
        if let note, note.utf8.count > 2_000 { throw .badRequest("note takes at most 2,000 bytes") }
        let beer = TastedBeer(index, in: catalogue)
        let earlier = try changing {
            try $0.rate(BeerRating(beer: beer, score: score, note: note, ratedAt: BeerRating.timestamp(Date())))
        }
        return APIResponse(json: TasteChangeView.rated(beer, score: score, earlier: earlier, catalogue: catalogue).document)
    }

    func unrate(_ index: Int) throws(APIError) -> APIResponse {
        try checkWrites()
        let beer = TastedBeer(index, in: catalogue)
        guard try changing({ try $0.unrate(beer) }) else { throw .notFound("\(beer.name) (#\(beer.id)) is not rated") }
        return APIResponse(json: TasteChangeView.unrated(beer, catalogue: catalogue).document)
    }

    /// The beers on the user's wishlist, from `profile` or the store.
    package func wishlistView(from profile: TasteProfile? = nil) throws(APIError) -> WishlistView {
        WishlistView(try self.profile(or: profile).wishes, catalogue: catalogue)
    }

    /// The user's cellar, soonest best-before first, marking those past it this month;
    /// from `profile` or the store.
    package func cellarView(from profile: TasteProfile? = nil) throws(APIError) -> CellarView {
        CellarView(try self.profile(or: profile).cellar, catalogue: catalogue, today: BestBefore(containing: Date()))
    }

    /// The beer's row of the wishlist; 404 when it is not on it.
    func wished(_ index: Int) throws(APIError) -> APIResponse {
        let key = TastedBeer(index, in: catalogue).key
        let view = WishlistView(try profile().wishes.filter { $0.beer.key == key }, catalogue: catalogue)
        guard let row = view.document.results.first else {
            throw .notFound("\(catalogue.beers.name(at: index)) (#\(catalogue.beers[index].id)) is not on the wishlist")
        }
        return APIResponse(json: row)
    }

    /// The beer's row of the cellar; 404 when it is not there.
    func cellared(_ index: Int) throws(APIError) -> APIResponse {
        let key = TastedBeer(index, in: catalogue).key
        let view = CellarView(
            try profile().cellar.filter { $0.beer.key == key }, catalogue: catalogue, today: BestBefore(containing: Date()))
        guard let row = view.document.results.first else {
            throw .notFound("\(catalogue.beers.name(at: index)) (#\(catalogue.beers[index].id)) is not in the cellar")
        }
        return APIResponse(json: row)
    }

    func wish(_ index: Int) throws(APIError) -> APIResponse {
        try checkWrites()
        let beer = TastedBeer(index, in: catalogue)
        let added = try changing { try $0.wish(WishedBeer(beer: beer, addedAt: BeerRating.timestamp(Date()))) }
        return APIResponse(json: TasteChangeView.wished(beer, added: added, catalogue: catalogue).document)
    }

    func unwish(_ index: Int) throws(APIError) -> APIResponse {
        try checkWrites()
        let beer = TastedBeer(index, in: catalogue)
        guard try changing({ try $0.unwish(beer) }) else {
            throw .notFound("\(beer.name) (#\(beer.id)) is not on the wishlist")
        }
        return APIResponse(json: TasteChangeView.unwished(beer, catalogue: catalogue).document)
    }

    /// Adds `count` (default 1) of the beer to the cellar, with `best_before` (MM-YYYY)
    /// and `where` when given.
    func cellar(_ index: Int, _ q: QueryParameters) throws(APIError) -> APIResponse {
        try checkWrites()
        var count = 1
        if let text = q["count"] {
            guard let n = Int(text), (1...CellarEntry.maximumCount).contains(n) else {
                throw .badRequest("count must be a whole number from 1 to \(CellarEntry.maximumCount)")
            }
            count = n
        }
        let bestBefore = try q["best_before"].map { text throws(APIError) in
            guard let month = BestBefore(parsing: text) else {
                throw .badRequest("best_before takes \(BestBefore.formatsRead)")
            }
            return month
        }
        let place = q["where"].map { Whitespace.trimmed($0) }.flatMap { $0.isEmpty ? nil : $0 }
        if let place, place.utf8.count > 200 { throw .badRequest("where takes at most 200 bytes") }
        let beer = TastedBeer(index, in: catalogue)
        let entry = try changing {
            try $0.addToCellar(beer, count: count, bestBefore: bestBefore, place: place, at: BeerRating.timestamp(Date()))
        }
        return APIResponse(json: TasteChangeView.cellared(beer, added: count, entry: entry, catalogue: catalogue).document)
    }

    /// Takes one of the beer from the cellar.
    func drink(_ index: Int) throws(APIError) -> APIResponse {
        try checkWrites()
        let beer = TastedBeer(index, in: catalogue)
        guard let left = try changing({ try $0.drink(beer) }) else {
            throw .notFound("\(beer.name) (#\(beer.id)) is not in the cellar")
        }
        return APIResponse(json: TasteChangeView.drunk(beer, left: left, catalogue: catalogue).document)
    }

    /// `change` on the taste records; a store that cannot be written is a 503.
    private func changing<T>(_ change: (any TasteRecords) throws -> T) throws(APIError) -> T {
        let records = try records()
        do { return try change(records) } catch let e as APIError { throw e } catch {
            throw .tasteUnavailable("The taste store cannot be written: \(error)")
        }
    }

    /// `recommend for me` from the user's ratings and wishlist (of `profile` or the
    /// store), with the parameters' filters.
    package func forMeView(_ q: QueryParameters, from profile: TasteProfile? = nil) throws(APIError) -> ForMeView {
        let signals = TasteSignals(try self.profile(or: profile), catalogue: catalogue)
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
