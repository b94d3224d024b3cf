/// Somewhere a catalogue's ``BrewingIndex`` is kept between runs, so that only the first
/// reader of a large catalogue waits for it to be built.
///
/// A keeper belongs to one catalogue: it returns an index only of that catalogue's beers,
/// built by this ``BrewingIndex/version``, or nil. Both calls are best effort: what cannot
/// be read is built again, what cannot be written is not kept.
package protocol BrewingIndexKeeper: Sendable {
    /// The index kept for `count` beers, if there is a current one.
    func kept(count: Int) -> BrewingIndex?
    /// Keeps `index`, just built.
    func keep(_ index: BrewingIndex)
}
