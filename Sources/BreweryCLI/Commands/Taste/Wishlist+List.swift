import ArgumentParser
import BreweryCore
import BreweryViews

extension Wishlist {
    /// `wishlist list` (also `wishlist` alone).
    struct List: SessionCommand, TakesGlobalOptions, DescribedCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the beers on your wishlist.")

        static let options = GlobalOptions.described + TasteOptions.described

        @OptionGroup var global: GlobalOptions
        @OptionGroup var taste: TasteOptions

        func execute(in session: Session) throws(BreweryError) {
            let catalogue = try session.catalogue(global).catalogue
            session.show(WishlistView(try session.tasteProfile(taste).wishes, catalogue: catalogue), global)
        }
    }
}
