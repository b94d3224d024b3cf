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
    package fileprivate(set) var texts: [String] = []
    /// Where each beer's hops start in the hop columns (one more than there are beers).
    package fileprivate(set) var hopStart: [Int32] = [0]
    /// Each hop's name, `add` and `attribute` texts, and its amount's unit text.
    package fileprivate(set) var hopName: [Int32] = []
    package fileprivate(set) var hopAdd: [Int32] = []
    package fileprivate(set) var hopAttribute: [Int32] = []
    package fileprivate(set) var hopUnit: [Int32] = []
    /// Each hop's amount (NaN where null).
    package fileprivate(set) var hopValue: [Double] = []
    /// Where each beer's malts start in ``maltName`` (one more than there are beers).
    package fileprivate(set) var maltStart: [Int32] = [0]
    /// Each malt's name text.
    package fileprivate(set) var maltName: [Int32] = []
    /// Each beer's yeast line (−1 where null or empty).
    package fileprivate(set) var yeast: [Int32] = []
    /// Each beer's style concepts of its tagline, twist, description and tips.
    package fileprivate(set) var style: [StyleTexts] = []

    /// Number of beers.
    package var count: Int { yeast.count }

    /// The text of number `t`, nil for −1.
    @inline(__always)
    package func text(_ t: Int32) -> String? { t < 0 ? nil : texts[Int(t)] }

    /// The hops of beer `b`, as indexes into the hop columns.
    package func hops(of b: Int) -> Range<Int> { Int(hopStart[b])..<Int(hopStart[b + 1]) }

    /// The malts of beer `b`, as indexes into ``maltName``.
    package func malts(of b: Int) -> Range<Int> { Int(maltStart[b])..<Int(maltStart[b + 1]) }

    /// The columns of `beers`' ingredients.
    package init(beers: [Beer]) {
        var builder = Builder()
        for b in beers.indices {
            builder.add(
                beers[b].ingredients,
                style: StyleTexts(
                    tagline: beers[b].tagline, twist: beers[b].method?.twist, description: beers[b].description,
                    tips: beers[b].brewersTips))
        }
        self = builder.columns()
    }

    private init() {}

    /// Columns filled a beer at a time.
    package struct Builder: Sendable {
        var interner = TextInterner()
        /// The columns so far (their ``RecipeColumns/texts`` set when built).
        var built = RecipeColumns()

        package init() {}

        /// The number of `text` (−1 for nil).
        mutating func number(_ text: String?) -> Int32 {
            guard let text else { return -1 }
            return interner.number(of: text)
        }

        /// Adds one hop of the beer being added.
        @inline(__always)
        mutating func addHop(name: Int32, add: Int32, attribute: Int32, value: Double?, unit: Int32) {
            built.hopName.append(name)
            built.hopAdd.append(add)
            built.hopAttribute.append(attribute)
            built.hopValue.append(value ?? .nan)
            built.hopUnit.append(unit)
        }

        /// Adds one malt of the beer being added.
        @inline(__always)
        mutating func addMalt(name: Int32) { built.maltName.append(name) }

        /// Ends the beer being added (its hops and malts added before), with its yeast
        /// line's number (−1 for none) and its texts' style concepts.
        mutating func endBeer(yeast line: Int32, style: StyleTexts) {
            built.style.append(style)
            built.hopStart.append(Int32(built.hopName.count))
            built.maltStart.append(Int32(built.maltName.count))
            built.yeast.append(line >= 0 && interner.texts[Int(line)].isEmpty ? -1 : line)
        }

        /// Adds a beer's ingredients and its texts' style concepts.
        mutating func add(_ ingredients: Beer.Ingredients?, style: StyleTexts) {
            guard let ingredients else { return endBeer(yeast: -1, style: style) }
            for hop in ingredients.hops {
                addHop(
                    name: number(hop.name), add: number(hop.add), attribute: number(hop.attribute),
                    value: hop.amount?.value, unit: number(hop.amount?.unit))
            }
            for malt in ingredients.malt { addMalt(name: number(malt.name)) }
            endBeer(yeast: number(ingredients.yeast), style: style)
        }

        /// Adds the beers of `other` after these, renumbering its texts.
        mutating func append(_ other: Builder) {
            let renumber = other.interner.texts.map { interner.number(of: $0) }
            func mapped(_ t: Int32) -> Int32 { t < 0 ? -1 : renumber[Int(t)] }
            let more = other.built
            let hops = Int32(built.hopName.count)
            let malts = Int32(built.maltName.count)
            built.hopStart += more.hopStart.dropFirst().map { $0 + hops }
            built.maltStart += more.maltStart.dropFirst().map { $0 + malts }
            built.hopName += more.hopName.map(mapped)
            built.hopAdd += more.hopAdd.map(mapped)
            built.hopAttribute += more.hopAttribute.map(mapped)
            built.hopUnit += more.hopUnit.map(mapped)
            built.hopValue += more.hopValue
            built.maltName += more.maltName.map(mapped)
            built.yeast += more.yeast.map(mapped)
            built.style += more.style
        }

        /// The columns built.
        package func columns() -> RecipeColumns {
            var columns = built
            columns.texts = interner.texts
            return columns
        }
    }
}
