import BreweryCore

/// What `rate`, `unrate`, `wish`, `unwish` and `cellar add|drink` answer: one sentence,
/// and as JSON what changed.
package struct TasteChangeView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        /// `rated`, `unrated`, `wished`, `unwished`, `cellared` or `drunk`; with `unchanged`
        /// when nothing had to change.
        package var action: String
        package var changed: Bool
        package var beer: TastedBeerRow
        /// The rating now (rate) or before (unrate).
        @Nullable package var score: Double?
        /// The bottles now in the cellar (cellar add, cellar drink).
        @Nullable package var count: Int?
        package var message: String
    }

    package let document: Document

    /// A change `action` of `beer`, said as `message`.
    package init(
        action: String, changed: Bool = true, beer: TastedBeer, catalogue: Catalogue, score: Double? = nil, count: Int? = nil,
        message: String
    ) {
        document = Document(
            action: action, changed: changed, beer: TastedBeerRow(beer, catalogue: catalogue), score: score, count: count,
            message: message)
    }

    /// `beer` rated `score`, replacing `earlier` if it had one.
    package static func rated(_ beer: TastedBeer, score: Double, earlier: BeerRating?, catalogue: Catalogue) -> Self {
        let was = earlier.map { " (was \(BeerRating.stars($0.score)))" } ?? ""
        return Self(
            action: "rated", beer: beer, catalogue: catalogue, score: score,
            message: "Rated \(beer.name) (#\(beer.id)) \(BeerRating.stars(score))\(was).")
    }

    /// `beer`'s rating removed.
    package static func unrated(_ beer: TastedBeer, catalogue: Catalogue) -> Self {
        Self(action: "unrated", beer: beer, catalogue: catalogue, message: "Removed your rating of \(beer.name) (#\(beer.id)).")
    }

    /// `beer` put on the wishlist, or there already (`added` false).
    package static func wished(_ beer: TastedBeer, added: Bool, catalogue: Catalogue) -> Self {
        Self(
            action: "wished", changed: added, beer: beer, catalogue: catalogue,
            message: added
                ? "Added \(beer.name) (#\(beer.id)) to your wishlist." : "\(beer.name) (#\(beer.id)) is on your wishlist already."
        )
    }

    /// `beer` taken off the wishlist.
    package static func unwished(_ beer: TastedBeer, catalogue: Catalogue) -> Self {
        Self(action: "unwished", beer: beer, catalogue: catalogue, message: "Took \(beer.name) (#\(beer.id)) off your wishlist.")
    }

    /// `added` of `beer` put in the cellar, which now holds `entry`.
    package static func cellared(_ beer: TastedBeer, added: Int, entry: CellarEntry, catalogue: Catalogue) -> Self {
        let when = entry.bestBefore.map { ", best before \($0)" } ?? ""
        return Self(
            action: "cellared", beer: beer, catalogue: catalogue, count: entry.count,
            message: "Added \(added) of \(beer.name) (#\(beer.id)) to your cellar: \(entry.count) now\(when).")
    }

    /// One of `beer` taken from the cellar, `left` left; `hint` follows the sentence.
    package static func drunk(_ beer: TastedBeer, left: Int, hint: String = "", catalogue: Catalogue) -> Self {
        Self(
            action: "drunk", beer: beer, catalogue: catalogue, count: left,
            message: "Enjoy \(beer.name) (#\(beer.id)): \(left) left in your cellar.\(hint)")
    }

    package var showsRecords: Bool { false }
    package func lines(width: Int, style: Style) -> [String] { [TerminalText.safe(document.message)] }
    package var csv: CSVTable {
        CSVTable(
            header: ["action", "changed", "id", "name", "score", "count"],
            rows: [
                [
                    document.action, String(document.changed), document.beer.id.map(String.init) ?? "", document.beer.name,
                    document.score.map { String($0) } ?? "", document.count.map(String.init) ?? "",
                ]
            ])
    }
}
