/// The ingredients of a catalogue's beers as columns of text numbers: what the recipe
/// features and the ingredient index are built from.
///
/// Each distinct text (a hop, malt or unit name, an addition, a yeast line) is held once
/// in ``texts``; the columns hold its number (−1 where the beer's field is null). Read
/// straight from a JSON catalogue (``BeerJSONReader``), a million recipes then take a
/// fifth of the memory of their `Beer.Ingredients` values (an array per beer, 88 bytes a
/// hop), and the indexes look a text's meaning up once per text, not once per use.
package struct RecipeColumns: Sendable {
    /// The distinct texts, by number.
    package private(set) var texts: [String]
    /// Where each beer's hops start in the hop columns (one more than there are beers).
    package private(set) var hopStart: [Int32]
    /// Each hop's name, `add` and `attribute` texts, and its amount's unit text.
    package private(set) var hopName: [Int32]
    package private(set) var hopAdd: [Int32]
    package private(set) var hopAttribute: [Int32]
    package private(set) var hopUnit: [Int32]
    /// Each hop's amount (NaN where null).
    package private(set) var hopValue: [Double]
    /// Where each beer's malts start in ``maltName`` (one more than there are beers).
    package private(set) var maltStart: [Int32]
    /// Each malt's name text.
    package private(set) var maltName: [Int32]
    /// Each beer's yeast line (−1 where null or empty).
    package private(set) var yeast: [Int32]

    /// Number of beers.
    package var count: Int { yeast.count }

    /// The text of number `t`, nil for −1.
    @inline(__always)
    package func text(_ t: Int32) -> String? { t < 0 ? nil : texts[Int(t)] }

    /// The hops of beer `b`, as indexes into the hop columns.
    package func hops(of b: Int) -> Range<Int> { Int(hopStart[b])..<Int(hopStart[b + 1]) }

    /// The malts of beer `b`, as indexes into ``maltName``.
    package func malts(of b: Int) -> Range<Int> { Int(maltStart[b])..<Int(maltStart[b + 1]) }

    /// The amount of hop `h` as `Beer.Amount` holds it (`nil` if it had neither value nor unit).
    package func hopAmount(_ h: Int) -> (value: Double?, unit: String?) {
        (hopValue[h].isNaN ? nil : hopValue[h], text(hopUnit[h]))
    }

    /// The columns of `beers`' ingredients.
    package init(beers: [Beer]) {
        var builder = Builder()
        for b in beers.indices { builder.add(beers[b].ingredients) }
        self = builder.columns()
    }

    fileprivate init(builder b: Builder) {
        texts = b.interner.texts
        hopStart = b.hopStart
        hopName = b.hopName
        hopAdd = b.hopAdd
        hopAttribute = b.hopAttribute
        hopUnit = b.hopUnit
        hopValue = b.hopValue
        maltStart = b.maltStart
        maltName = b.maltName
        yeast = b.yeast
    }

    /// Columns filled a beer at a time.
    package struct Builder: Sendable {
        var interner = TextInterner()
        var hopStart: [Int32] = [0]
        var hopName: [Int32] = []
        var hopAdd: [Int32] = []
        var hopAttribute: [Int32] = []
        var hopUnit: [Int32] = []
        var hopValue: [Double] = []
        var maltStart: [Int32] = [0]
        var maltName: [Int32] = []
        var yeast: [Int32] = []

        package init() {}

        /// Number of beers added.
        var count: Int { yeast.count }

        /// The number of `text` (−1 for nil).
        mutating func number(_ text: String?) -> Int32 {
            guard let text else { return -1 }
            return interner.number(of: text)
        }

        /// Adds one hop of the beer being added.
        @inline(__always)
        mutating func addHop(name: Int32, add: Int32, attribute: Int32, value: Double?, unit: Int32) {
            hopName.append(name)
            hopAdd.append(add)
            hopAttribute.append(attribute)
            hopValue.append(value ?? .nan)
            hopUnit.append(unit)
        }

        /// Adds one malt of the beer being added.
        @inline(__always)
        mutating func addMalt(name: Int32) { maltName.append(name) }

        /// Ends the beer being added (its hops and malts added before), with its yeast
        /// line's number (−1 for none).
        mutating func endBeer(yeast line: Int32) {
            hopStart.append(Int32(hopName.count))
            maltStart.append(Int32(maltName.count))
            yeast.append(line >= 0 && interner.texts[Int(line)].isEmpty ? -1 : line)
        }

        /// Adds a beer's ingredients.
        mutating func add(_ ingredients: Beer.Ingredients?) {
            guard let ingredients else { return endBeer(yeast: -1) }
            for hop in ingredients.hops {
                addHop(
                    name: number(hop.name), add: number(hop.add), attribute: number(hop.attribute),
                    value: hop.amount?.value, unit: number(hop.amount?.unit))
            }
            for malt in ingredients.malt { addMalt(name: number(malt.name)) }
            endBeer(yeast: number(ingredients.yeast))
        }

        /// Adds the beers of `other` after these, renumbering its texts.
        mutating func append(_ other: Builder) {
            let renumber = other.interner.texts.map { interner.number(of: $0) }
            func mapped(_ t: Int32) -> Int32 { t < 0 ? -1 : renumber[Int(t)] }
            let hops = Int32(hopName.count)
            let malts = Int32(maltName.count)
            hopStart += other.hopStart.dropFirst().map { $0 + hops }
            maltStart += other.maltStart.dropFirst().map { $0 + malts }
            hopName += other.hopName.map(mapped)
            hopAdd += other.hopAdd.map(mapped)
            hopAttribute += other.hopAttribute.map(mapped)
            hopUnit += other.hopUnit.map(mapped)
            hopValue += other.hopValue
            maltName += other.maltName.map(mapped)
            yeast += other.yeast.map(mapped)
        }

        /// The columns built.
        package func columns() -> RecipeColumns { RecipeColumns(builder: self) }
    }
}
