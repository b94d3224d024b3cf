import Foundation

/// What the Punk API's text filters read (``PairingText`` for `food`, ``NameLetters`` for
/// `beer_name`), each built the first time a filter needs it and kept: a server builds
/// them once for all its requests; a request that comes while one is built waits for it.
package final class FilterTexts: Sendable {
    package let pairings: BuiltOnce<PairingText>
    package let names: BuiltOnce<NameLetters>

    package init(catalogue: Catalogue) {
        pairings = BuiltOnce { PairingText(pairings: { catalogue.beers.foodPairing(at: $0) }, count: catalogue.count) }
        names = BuiltOnce { NameLetters(names: catalogue.names) }
    }
}
