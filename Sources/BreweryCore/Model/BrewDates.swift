/// Every beer's first-brewed month, by beer index (−1 when the record gives none or one
/// that cannot be read), built at load and kept in the snapshot for the date filters.
package struct BrewDates: Sendable, Equatable {
    package let months: [Int32]

    package init(beers: [Beer]) {
        months = beers.map { $0.firstBrewed.flatMap(BrewDate.init(firstBrewed:))?.months ?? -1 }
    }

    package init(months: [Int32]) { self.months = months }

    /// Beer `i`'s date, if known.
    package subscript(i: Int) -> BrewDate? { months[i] < 0 ? nil : BrewDate(months: months[i]) }
}
