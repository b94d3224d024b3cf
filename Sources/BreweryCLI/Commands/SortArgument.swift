import ArgumentParser
import BreweryCore

/// `--sort`'s value: an order, highest first when written with a leading minus (`-abv`),
/// as the server's `sort=-abv` is.
struct SortArgument: ExpressibleByArgument, Equatable {
    var order: BeerOrder
    var descending = false

    init(_ order: BeerOrder, descending: Bool = false) {
        self.order = order
        self.descending = descending
    }

    init?(argument: String) {
        let descending = argument.hasPrefix("-")
        guard let order = BeerOrder(rawValue: String(argument.dropFirst(descending ? 1 : 0)).lowercased()) else {
            return nil
        }
        self.init(order, descending: descending)
    }

    var defaultValueDescription: String { (descending ? "-" : "") + order.rawValue }

    static var allValueStrings: [String] { BeerOrder.allCases.map(\.rawValue) }
}
