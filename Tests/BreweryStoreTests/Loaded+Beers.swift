import BreweryCore
import BreweryStore

extension CatalogueStore.Loaded {
    /// The loaded beers, decoded (a snapshot decodes them on access).
    var beers: [Beer] { Array(catalogue.beers) }
}
