/// A beer's recipe as a brewer asks for it: as written, or scaled to their batch, with the
/// nearest BJCP 2021 style. The shell's `show` and `recipe`, the server's
/// `/v2/beers/{id}/recipe` and the web page's beer page all make it here and render it.
public struct RecipePage: Sendable {
    /// The beer whose recipe it is.
    public let beer: Beer
    /// The recipe as the record writes it.
    public let written: Recipe
    /// The recipe to show: ``written``, or scaled to the batch asked for.
    public let recipe: Recipe
    /// The record's own batch volume in litres when the recipe was scaled from it; nil
    /// when no batch was asked for.
    public let writtenFor: Double?
    /// The nearest BJCP 2021 style and how the recipe fits it.
    public let style: StyleVerdict?

    /// Why a recipe page cannot be made.
    public enum Failure: Error, Equatable, Sendable {
        /// The batch asked for is not a volume from 0.1 to 100,000 litres, nor a multiple
        /// of the recipe's batch that makes one (the text as given).
        case badBatch(String)
        /// A batch was asked for, but the record gives no batch volume to scale from.
        case noBatchVolume
    }

    /// `beer`'s recipe, scaled to `batch` (`10l`, `23 litres`, `5gal`, `2x`) when given.
    ///
    /// - Throws: ``Failure/badBatch(_:)`` for a batch that is not a volume,
    ///   ``Failure/noBatchVolume`` when there is nothing to scale from.
    public init(beer: Beer, batch: String? = nil) throws(Failure) {
        try self.init(beer: beer, written: Recipe(beer: beer), batch: batch)
    }

    /// The same, from `written`, the beer's recipe as its record writes it
    /// (`Recipe(beer: beer)`), which a caller that looked at it first need not make again.
    package init(beer: Beer, written: Recipe, batch: String?) throws(Failure) {
        var recipe = written
        if let batch {
            guard let size = BatchSize(parsing: batch) else { throw .badBatch(batch) }
            do { recipe = try written.scaled(to: size) } catch {
                switch error {
                case .noBatchVolume: throw .noBatchVolume
                case .outsideVolumesTaken: throw .badBatch(batch)
                }
            }
        }
        self.beer = beer
        self.written = written
        self.recipe = recipe
        self.writtenFor = batch == nil ? nil : written.batchLitres
        self.style = StyleGuide.bjcp2021.nearest(to: beer)
    }
}
