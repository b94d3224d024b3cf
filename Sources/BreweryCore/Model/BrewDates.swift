/// Every beer's first-brewed month, by beer index (−1 when the record gives none or one
/// that cannot be read), built at load and kept in the snapshot for the date filters.
package struct BrewDates: Sendable, Equatable {
    package let months: [Int32]

    package init(beers: [Beer]) {
        // Dates repeat ("09/2007"): read each distinct text once.
        var read: [String: Int32] = [:]
        months = beers.indices.map { b in
            guard let text = beers[b].firstBrewed else { return -1 }
            if let known = read[text] { return known }
            let month = BrewDate(firstBrewed: text)?.months ?? -1
            read[text] = month
            return month
        }
    }

    package init(months: [Int32]) { self.months = months }

    /// Beer `i`'s date, if known.
    package subscript(i: Int) -> BrewDate? { months[i] < 0 ? nil : BrewDate(months: months[i]) }
}
