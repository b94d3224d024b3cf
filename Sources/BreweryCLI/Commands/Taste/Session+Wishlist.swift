import BreweryCore
import BreweryTaste
import BreweryViews

extension Session {
    /// Puts the beer `words` name on the wishlist (`wish`, `wishlist add`) and says so;
    /// `usage` when no beer is named.
    func wish(_ words: [String], _ global: GlobalOptions, _ taste: TasteOptions, usage: String) throws(BreweryError) {
        let (catalogue, b) = try tastedBeer(words, global, usage: usage)
        let added = try changingTaste(taste) { store throws(TasteError) in
            try store.wish(WishedBeer(beer: b, addedAt: TasteLocation.timestamp()))
        }
        show(TasteChangeView.wished(b, added: added, catalogue: catalogue), global)
    }

    /// Takes the beer `words` name off the wishlist (`unwish`, `wishlist remove`) and says
    /// so; an error when it is not there, or `usage` when no beer is named.
    func unwish(_ words: [String], _ global: GlobalOptions, _ taste: TasteOptions, usage: String) throws(BreweryError) {
        let (catalogue, b) = try tastedBeer(words, global, usage: usage)
        guard try changingExistingTaste(taste, { store throws(TasteError) in try store.unwish(b) }) == true else {
            throw .failure("\(b.name) (#\(b.id)) is not on your wishlist")
        }
        show(TasteChangeView.unwished(b, catalogue: catalogue), global)
    }
}
