/// What a user asked to filter on, before it meets a catalogue: bounds and clauses, each
/// with its matching rule and how the front end says it. The shell's options and the
/// API's query parameters both build one; ``resolve(in:pairings:)`` alone turns it into
/// a ``BeerFilter``.
///
/// Clauses combine (a beer must pass every one) and are said in the summary in the order
/// they were added.
package struct FilterSpecification: Sendable, Equatable {
    /// How a name or ingredient text matches.
    package enum TextMatch: Sendable, Equatable {
        /// By words: a name holding the folded text, an ingredient named by the words in
        /// order (``IngredientName``).
        case words
        /// The Punk API's: the text's characters in order, anything between.
        case subsequence
    }

    /// How a food text matches a beer's pairings.
    package enum FoodMatch: Sendable, Equatable {
        /// One pairing holds every word, as `recommend food` reads words (plurals, typos).
        case pairingWords
        /// The Punk API's: a case-insensitive substring of one pairing.
        case substring
    }

    /// One filter that the catalogue resolves into the beers passing it.
    package enum Clause: Sendable, Equatable {
        /// First brewed strictly before (or after) the first day of the month.
        case brewed(before: Bool, BrewDate)
        case name(String, TextMatch)
        case ingredient(IngredientIndex.Kind, String, TextMatch)
        case food(String, FoodMatch)
        /// These ids (ids no beer has are noted).
        case ids([Int])
        /// Beers whose nearest BJCP 2021 style is one the text names (by code or words of
        /// its name; ``StyleGuide/styles(named:)``), or whose name says it is (a 13%
        /// "Small Batch: Tripel" is a tripel by its brewer's word, nearest a Belgian dark
        /// strong ale by its numbers).
        case style(String)
    }

    /// Lower (exclusive) bound per axis.
    package var greaterThan: [Axis: Double] = [:]
    /// Upper (exclusive) bound per axis.
    package var lessThan: [Axis: Double] = [:]
    /// The clauses, each with how the summary says it ("hops nelson", "brewed_before 01-2012").
    package private(set) var clauses: [(clause: Clause, described: String)] = []

    package init() {}

    /// Adds a clause, said as `described` in the filters' summary.
    package mutating func add(_ clause: Clause, described: String) { clauses.append((clause, described)) }

    package static func == (a: Self, b: Self) -> Bool {
        a.greaterThan == b.greaterThan && a.lessThan == b.lessThan && a.clauses.map(\.clause) == b.clauses.map(\.clause)
            && a.clauses.map(\.described) == b.clauses.map(\.described)
    }

    /// The filter on `catalogue`, and what named nothing in it.
    ///
    /// - Parameter texts: what the Punk API's text filters read, when the caller keeps it
    ///   (else built here, for this filter alone).
    /// - Throws: ``ScoringError`` for a ``FoodMatch/pairingWords`` text with no food words.
    package func resolve(in catalogue: Catalogue, texts: FilterTexts? = nil) throws(ScoringError)
        -> (filter: BeerFilter, notes: [FilterNote])
    {
        var f = BeerFilter()
        f.greaterThan = greaterThan
        f.lessThan = lessThan
        var notes: [FilterNote] = []
        let n = catalogue.count
        for (clause, described) in clauses {
            var set = BeerSet(capacity: n)
            switch clause {
            case .brewed(let before, let date):
                for (i, m) in catalogue.brewDates.months.enumerated()
                where m >= 0 && (before ? m < date.months : m > date.months) {
                    set.insert(i)
                }
            case .name(let text, .words):
                for i in catalogue.names.beers(containing: TextFolding.fold(text)) { set.insert(i) }
            case .name(let text, .subsequence):
                let letters = texts?.names.value ?? NameLetters(names: catalogue.names)
                for i in letters.beers(matching: text, names: catalogue.names, foldedNames: catalogue.foldedNames) {
                    set.insert(i)
                }
            case .ingredient(let kind, let text, let match):
                let table = catalogue.ingredients[kind]
                switch match {
                case .words: set = table.beerSet(matching: text, count: n)
                case .subsequence:
                    let pattern = Array(TextFolding.fold(text))
                    for (i, name) in table.names.enumerated() where Subsequence.matches(pattern, in: TextFolding.fold(name)) {
                        set.insert(beers: table.beers(of: i))
                    }
                }
                // Every ingredient of the index is some beer's: no beer, no ingredient matched.
                if set.count == 0 {
                    notes.append(.noIngredient(kind, text, nearest: table.nearest(to: text).map { table.names[$0] }))
                }
            case .food(let text, .pairingWords):
                // The words as typed: a filter shows no expansion, so it makes none.
                let hits = try FoodRanker(catalogue: catalogue, knowledge: .empty).rank(text, limit: nil).hits
                set.insert(beers: ArraySlice(hits.filter(\.allInOnePairing).map { Int32($0.index) }))
            case .food(let text, .substring):
                let pairings = texts?.pairings.value ?? PairingText(pairings: { catalogue.beers.foodPairing(at: $0) }, count: n)
                for i in pairings.beers(containing: text) { set.insert(i) }
            case .style(let text):
                let guide = StyleGuide.bjcp2021
                let named = Set(guide.styles(named: text).map(\.label))
                if named.isEmpty {
                    notes.append(.noStyle(text, nearest: guide.nearestNames(to: text)))
                } else {
                    let wanted = guide.styles.map { named.contains($0.label) }
                    for (i, s) in catalogue.brewing.style.enumerated() where s >= 0 && wanted[Int(s)] { set.insert(i) }
                    let said = catalogue.stylesSaidByNames
                    for i in 0..<n
                    where (said.first[i] >= 0 && wanted[Int(said.first[i])])
                        || (said.second[i] >= 0 && wanted[Int(said.second[i])])
                    {
                        set.insert(i)
                    }
                }
            case .ids(let ids):
                set.insert(beers: ArraySlice(ids.compactMap { catalogue.index(ofID: $0).map(Int32.init) }))
                let unknown = ids.filter { catalogue.index(ofID: $0) == nil }
                if !unknown.isEmpty { notes.append(.unknownIDs(unknown)) }
            }
            f.restrict(to: set, described)
        }
        return (f, notes)
    }

    /// As ``resolve(in:texts:)``, with the name clauses matched as a subsequence (the Punk
    /// API's `beer_name`) left out of the set-based filter and kept as tests of one beer
    /// (``PagedFilter``): a caller that walks beers in order and stops at a page's end
    /// tests only the beers it walks, instead of every name.
    package func resolveDeferringNames(in catalogue: Catalogue, texts: FilterTexts? = nil) throws(ScoringError)
        -> PagedFilter
    {
        var rest = self
        var names: [NameLetters.Matcher] = []
        var letters: NameLetters?
        rest.clauses.removeAll { clause, _ in
            guard case .name(let text, .subsequence) = clause else { return false }
            let built = letters ?? texts?.names.value ?? NameLetters(names: catalogue.names)
            letters = built
            names.append(built.matcher(for: text, names: catalogue.names, foldedNames: catalogue.foldedNames))
            return true
        }
        return PagedFilter(filter: try rest.resolve(in: catalogue, texts: texts).filter, names: names)
    }
}
