import Foundation

/// The BJCP 2021 styles and the nearest of them to a beer, from its numbers (OG, FG, IBU,
/// SRM, ABV), its yeast (lager, ale, German wheat, Belgian, soured or wild) and, where the
/// numbers nearly fit, the style words of its name and tagline.
///
/// Nearness adds, per measure the beer states, how far it lies outside the style's range
/// (0 inside): gravities and ABV in units of their usual spread, IBU and SRM by ratio (as
/// they are perceived); a yeast that is not the style's adds a penalty; a style's words
/// in the name or tagline subtract a bonus per word of the longest phrase said
/// (``saidWordBonus``). Ties go to the style written first, so the answer never depends on
/// order of evaluation.
public struct StyleGuide: Sendable {
    public let styles: [BJCPStyle]
    /// Each style's phrases by their first word: (style index, phrase).
    let phrasesByFirstWord: [Substring: [(style: Int, phrase: [Substring])]]
    /// The styles' range ends (five a style, in ``BJCPStyle/Measure`` order), yeasts,
    /// catch-all flags and countries, flat.
    let lows: [Double]
    let highs: [Double]
    /// ln(max(end, 1)) of each, for the measures read by ratio.
    let logLows: [Double]
    let logHighs: [Double]
    let yeasts: [BJCPStyle.Yeast]
    let catchAll: [Bool]
    /// The countries each style is named for, a bit each (``originList``).
    let originBits: [UInt8]
    /// Lines that could not be read, with their line numbers (empty for the bundled file).
    public let problems: [String]

    /// The BJCP 2021 guide, compiled in.
    public static let bjcp2021 = StyleGuide(text: String(decoding: PackageResources.bjcp_styles_txt, as: UTF8.self))

    /// The usual spread of OG, FG, IBU, SRM and ABV (``BJCPStyle/Measure`` order): one of these
    /// outside a range counts one; nil for IBU and SRM, read by ratio.
    static let linearSpread: [Double?] = [0.008, 0.004, nil, nil, 1]
    /// Bitterness and colour are perceived by ratio: being this factor outside a range counts
    /// one.
    static let ratioSpread = log(1.5)

    /// What a catch-all style (Brett Beer, Mixed-Fermentation Sour) costs, so a beer its
    /// wide ranges hold still goes to a style that describes it when one nearly fits.
    static let catchAllCost = 1.5
    /// What a yeast from the style's country takes off: less than any range's miss.
    static let originBonus = 0.25
    /// What each word of the longest phrase of a style the name or tagline says takes off
    /// (up to three words): as much as two measures a spread outside their ranges, so a
    /// beer named for its style ("Citra Hopped Pilsner", "Retro Altbier", "Milk Stout") is
    /// that style when its numbers miss by about that much, and the numbers win when far
    /// (a 13% "Tripel" is nearer a Belgian dark strong ale).
    static let saidWordBonus = 2.0
    /// What a style outside the family the beer's texts name costs (``StyleFamilyStyles``):
    /// as much as two measures a spread outside their ranges, so the numbers still win
    /// when they are far from every style of the family.
    static let familyMissCost = 2.0
    /// Per family, whether each style (by index) is one of it.
    let familyStyles: [BeerStyle: [Bool]]
    /// The countries styles and strains are named for.
    static let originList = ["american", "english", "british", "german", "czech", "belgian", "irish", "scottish"]

    /// Reads `text` in the format of `Data/bjcp-styles.txt`.
    public init(text: String) {
        var styles: [BJCPStyle] = []
        var problems: [String] = []
        var categories: [Int: String] = [:]
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let f = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if f.count == 3, f[0] == "category", let number = Int(f[1]), !f[2].isEmpty {
                categories[number] = f[2]
                continue
            }
            var ranges: [BJCPStyle.Measure: ClosedRange<Double>] = [:]
            if f.count == 9 {
                for (m, text) in zip([BJCPStyle.Measure.og, .fg, .ibu, .srm, .abv], f[3...7]) {
                    let ends = text.split(separator: "-").compactMap { Double($0) }
                    if ends.count == 2, ends[0] <= ends[1] { ranges[m] = ends[0]...ends[1] }
                }
            }
            guard f.count == 9, !f[0].isEmpty, !f[1].isEmpty, let yeast = BJCPStyle.Yeast(rawValue: f[2]), ranges.count == 5
            else {
                problems.append("line \(n + 1): \(line)")
                continue
            }
            let words = f[8].split(separator: ",").map { IngredientName.key($0).split(separator: " ") }.filter { !$0.isEmpty }
            styles.append(BJCPStyle(code: f[0], name: f[1], category: "", yeast: yeast, ranges: ranges, words: words))
        }
        for i in styles.indices {
            if let c = categories[styles[i].categoryNumber] {
                styles[i].category = c
            } else {
                problems.append("no category \(styles[i].categoryNumber) for \(styles[i].code)")
            }
        }
        var byFirst: [Substring: [(style: Int, phrase: [Substring])]] = [:]
        for (i, style) in styles.enumerated() {
            for phrase in style.words { if let first = phrase.first { byFirst[first, default: []].append((i, phrase)) } }
        }
        phrasesByFirstWord = byFirst
        lows = styles.flatMap { s in BJCPStyle.Measure.allCases.map { s.ranges[$0]?.lowerBound ?? -.infinity } }
        highs = styles.flatMap { s in BJCPStyle.Measure.allCases.map { s.ranges[$0]?.upperBound ?? .infinity } }
        logLows = lows.map { log(max($0, 1)) }
        logHighs = highs.map { log(max($0, 1)) }
        yeasts = styles.map(\.yeast)
        catchAll = styles.map(\.isCatchAll)
        originBits = styles.map { Self.bits(ofOrigins: IngredientName.key($0.name).split(separator: " ").map(String.init)) }
        familyStyles = Dictionary(
            uniqueKeysWithValues: StyleFamilyStyles.names.map { family, names in
                (family, styles.map { names.contains($0.name) })
            })
        self.styles = styles
        self.problems = problems
    }

    /// The styles whose name or code `text` names: the code exactly ("21a"), else every
    /// style whose name holds the words in order ("ipa", "imperial stout") or that people
    /// call so, one of its words whole ("neipa", "russian imperial stout", "pilsner": the
    /// names the BJCP does not use).
    public func styles(named text: String) -> [BJCPStyle] {
        let key = IngredientName.key(text)
        guard !key.isEmpty else { return [] }
        let byCode = styles.filter { IngredientName.key($0.code) == key }
        if !byCode.isEmpty { return byCode }
        return styles.filter { style in
            IngredientName.matches(key: IngredientName.key(style.name), queryKey: key)
                || style.words.contains { IngredientName.key($0.joined(separator: " ")) == key }
        }
    }

    /// Style names close to a `text` that names none (a typo): those within two edits of
    /// one of its words, at most three.
    public func nearestNames(to text: String) -> [String] {
        let typed = IngredientName.key(text).split(separator: " ").map(String.init)
        guard !typed.isEmpty else { return [] }
        var seen = Set<String>()
        return styles.filter { style in
            let words = IngredientName.key(style.name).split(separator: " ").map(String.init)
            return typed.allSatisfy { t in words.contains { EditDistance.distance(t, $0, limit: t.count < 5 ? 1 : 2) != nil } }
        }.map(\.name).filter { seen.insert($0).inserted }.prefix(3).map { $0 }
    }

    /// The style nearest to `beer`; nil for a beer that states none of the five numbers.
    public func nearest(to beer: Beer) -> StyleVerdict? {
        let reading = BeerReading(beer, family: BeerReading.family(ofYeastLine:))
        return nearestIndex(reading).map { verdict(reading, styles[$0]) }
    }

    /// The index in ``styles`` of the style nearest to `reading`; nil when it states no number.
    func nearestIndex(_ reading: BeerReading) -> Int? {
        var said = [Int8](repeating: 0, count: styles.count)
        return nearestIndex(reading, said: &said)
    }

    /// ``nearestIndex(_:)`` with a scratch of one entry per style, reused from beer to beer.
    func nearestIndex(_ reading: BeerReading, said: inout [Int8]) -> Int? {
        guard reading.values.contains(where: { !$0.isNaN }) else { return nil }
        // The longest phrase of each style the name or tagline says, from its words.
        for i in said.indices { said[i] = 0 }
        for (j, word) in reading.words.enumerated() {
            for (style, phrase) in phrasesByFirstWord[word] ?? [] where Int(said[style]) < phrase.count {
                if j + phrase.count <= reading.words.count,
                    reading.words[j..<(j + phrase.count)].elementsEqual(phrase)
                {
                    said[style] = Int8(phrase.count)
                }
            }
        }
        var best = -1
        var bestDistance = Double.infinity
        let origins = reading.yeastOrigins
        let inFamily = reading.family.flatMap { familyStyles[$0] }
        for i in 0..<yeasts.count {
            let d = distance(reading, i, said: Int(said[i]), origins: origins, inFamily: inFamily)
            if d < bestDistance {
                (best, bestDistance) = (i, d)
            }
        }
        return best < 0 ? nil : best
    }

    /// How `reading` sits in `style`.
    func verdict(_ reading: BeerReading, _ style: BJCPStyle) -> StyleVerdict {
        var inRange: [BJCPStyle.Measure] = []
        var outside: [(BJCPStyle.Measure, above: Bool)] = []
        for m in BJCPStyle.Measure.allCases {
            let v = reading.values[m.index]
            guard !v.isNaN, let r = style.ranges[m] else { continue }
            if r.contains(v) {
                inRange.append(m)
            } else {
                outside.append((m, v > r.upperBound))
            }
        }
        return StyleVerdict(
            style: style, inRange: inRange, above: outside.filter(\.above).map(\.0),
            below: outside.filter { !$0.above }.map(\.0), yeastFits: Self.penalty(reading.yeast, style.yeast) == 0,
            beerYeast: reading.yeast)
    }

    /// The bits (``originBits``) of the countries among `words`.
    static func bits(ofOrigins words: some Sequence<String>) -> UInt8 {
        var bits: UInt8 = 0
        for w in words { if let k = originList.firstIndex(of: w) { bits |= 1 << UInt8(k) } }
        return bits
    }

    /// How far `r` is from the style at `i`, whose longest phrase the beer says has `said`
    /// words; `origins` are the bits of its yeast's countries, `inFamily` whether each style
    /// is of the family its texts name (read from flat copies of the styles, so no style is
    /// copied per beer).
    @inline(__always)
    func distance(_ r: BeerReading, _ i: Int, said: Int, origins: UInt8, inFamily: [Bool]?) -> Double {
        var d = 0.0
        // In the measures' order, so the sum (and a tie) never depends on a hash.
        for m in 0..<r.values.count {
            let v = r.values[m]
            let (low, high) = (lows[i * 5 + m], highs[i * 5 + m])
            guard !v.isNaN, v < low || v > high else { continue }
            if let s = Self.linearSpread[m] {
                d += (v < low ? low - v : v - high) / s
            } else {
                let logV = r.logValues[m]
                d += (v < low ? logLows[i * 5 + m] - logV : logV - logHighs[i * 5 + m]) / Self.ratioSpread
            }
        }
        d += Self.penalty(r.yeast, yeasts[i])
        if catchAll[i] { d += Self.catchAllCost }
        // A strain of the style's country ("American Ale" for an American IPA) tips a tie.
        if originBits[i] & origins != 0 { d -= Self.originBonus }
        d -= min(3, Double(said)) * Self.saidWordBonus
        if let inFamily, !inFamily[i] { d += Self.familyMissCost }
        return d
    }

    /// What fermenting a style with a beer's yeast costs: nothing when it is the style's.
    static func penalty(_ beer: BeerReading.YeastKind?, _ style: BJCPStyle.Yeast) -> Double {
        guard let beer else { return 0 }
        if beer.sour { return style == .sour ? 0 : 2 }
        switch (style, beer.family) {
        case (.lager, .lager), (.ale, .ale), (.hybrid, .ale), (.hybrid, .lager), (.weizen, .weizen), (.belgian, .belgian),
            (.germanAle, .germanAle), (.ale, .germanAle), (.hybrid, .germanAle):
            return 0
        case (.ale, .weizen), (.ale, .belgian), (.hybrid, _), (.germanAle, .ale): return 1
        case (.ale, .lager), (.lager, .ale): return 2
        case (.lager, _): return 3
        default: return 4  // a sour, Belgian or German wheat style without its yeast
        }
    }
}

/// The nearest style to a beer and how the beer's numbers sit in its ranges.
public struct StyleVerdict: Sendable, Equatable {
    public var style: BJCPStyle
    /// The measures the beer states that are in range, above it and below it.
    public var inRange: [BJCPStyle.Measure]
    public var above: [BJCPStyle.Measure]
    public var below: [BJCPStyle.Measure]
    /// Whether the beer's yeast is the style's kind (true when the record names none).
    public var yeastFits: Bool
    /// What the beer's yeast reads as; nil when the record names none.
    public var beerYeast: BeerReading.YeastKind?

    /// The fewest numbers a style is named from as fitting; with fewer it is only "nearest".
    public static let numbersToFit = 3

    /// The measures the beer states.
    public var stated: [BJCPStyle.Measure] { BJCPStyle.Measure.allCases.filter { (inRange + above + below).contains($0) } }

    /// Whether every stated number is in range, at least ``numbersToFit`` of them are stated,
    /// and the yeast fits.
    public var fits: Bool { above.isEmpty && below.isEmpty && yeastFits && stated.count >= Self.numbersToFit }

    /// "American IPA (21A): OG, FG, IBU, SRM, ABV in range", "nearest: Imperial Stout
    /// (20C); IBU above range", or with fewer than three numbers stated "nearest by SRM and
    /// ABV alone: Doppelbock (9A)".
    public var summary: String {
        if fits { return "\(style.label): \(inRange.map(\.rawValue).joined(separator: ", ")) in range" }
        if stated.count < Self.numbersToFit {
            return "nearest by \(stated.map(\.rawValue).joined(separator: " and ")) alone: \(style.label)"
        }
        var parts: [String] = []
        if !above.isEmpty { parts.append("\(above.map(\.rawValue).joined(separator: ", ")) above range") }
        if !below.isEmpty { parts.append("\(below.map(\.rawValue).joined(separator: ", ")) below range") }
        if !yeastFits, let y = beerYeast { parts.append("\(y.description) yeast") }
        return "nearest: \(style.label); " + parts.joined(separator: ", ")
    }
}

/// What the style guide reads of a beer: its five numbers, its yeast and its words.
public struct BeerReading: Sendable {
    /// A beer's yeast as a brewer groups it.
    public struct YeastKind: Sendable, Equatable, CustomStringConvertible {
        public enum Family: String, Sendable {
            case lager, ale, weizen, belgian
            case germanAle = "German ale"
        }
        public var family: Family
        /// Soured or wild: lactobacillus, brett, kettle souring, or a pH below 3.6.
        public var sour: Bool

        public var description: String {
            sour ? "a soured or wild" : family == .ale ? "an ale" : family == .weizen ? "a German wheat" : "a \(family.rawValue)"
        }
    }

    /// The five numbers in ``BJCPStyle/Measure`` order; NaN where the record states none.
    var values = [Double](repeating: .nan, count: BJCPStyle.Measure.allCases.count)
    /// ln(max(value, 0.5)) of each, for the measures the guide reads by ratio.
    var logValues = [Double](repeating: .nan, count: BJCPStyle.Measure.allCases.count)
    var yeast: YeastKind?
    /// The countries the yeast's strains are named for, as ``StyleGuide/bits(ofOrigins:)``.
    var yeastOrigins: UInt8
    /// The folded words of the name and tagline.
    var words: [Substring]
    /// The family the beer's texts name (name, tagline and twist; else the description;
    /// else the brewer's tips), sized by its abv; nil when they name none.
    var family: BeerStyle?

    /// Reads `beer`, its yeast line's family given by `family` (which a caller reading
    /// many beers may remember by line), and the family its texts name.
    init(_ beer: Beer, family: (String?) -> YeastKind.Family?, origins: (String?) -> UInt8 = Self.origins(ofYeastLine:)) {
        self.init(
            beer,
            namedFamily: StyleReading.namedFamily(
                name: beer.name,
                texts: StyleTexts(
                    tagline: beer.tagline, twist: beer.method?.twist, description: beer.description, tips: beer.brewersTips),
                abv: beer.abv),
            family: family, origins: origins)
    }

    /// Reads `beer` as ``init(_:family:origins:)`` does, given the family its texts name
    /// (as a catalogue keeps it: ``RecipeFeatures/namedFamily(ofBeer:)``).
    init(
        _ beer: Beer, namedFamily: BeerStyle?, family: (String?) -> YeastKind.Family?,
        origins: (String?) -> UInt8 = Self.origins(ofYeastLine:)
    ) {
        yeastOrigins = origins(beer.ingredients?.yeast)
        var og = beer.targetOG.map { $0 > 2 ? $0 / 1000 : $0 }
        var fg = beer.targetFG.map { $0 > 2 ? $0 / 1000 : $0 }
        if let o = og, let f = fg, f > o { (og, fg) = (f, o) }
        for (m, v) in [
            (BJCPStyle.Measure.og, og), (.fg, fg), (.ibu, beer.ibu), (.srm, beer.srm ?? beer.ebc.map { $0 / 1.97 }),
            (.abv, beer.abv),
        ] {
            if let v, v.isFinite, v > 0 {
                values[m.index] = v
                logValues[m.index] = log(max(v, 0.5))
            }
        }
        words = IngredientName.key((beer.name) + " " + (beer.tagline ?? "")).split(separator: " ")
        self.family = namedFamily
        let sour = Self.isSour(beer)
        yeast =
            family(beer.ingredients?.yeast).map { YeastKind(family: $0, sour: sour) }
            ?? (sour ? YeastKind(family: .ale, sour: true) : nil)
    }

    /// The countries a yeast line's strains are named for ("american" of "American Ale"), as bits.
    static func origins(ofYeastLine line: String?) -> UInt8 {
        StyleGuide.bits(ofOrigins: YeastStrain.strains(inLine: line).flatMap(\.words))
    }

    /// The family of the strains a yeast line names; nil when it names none.
    static func family(ofYeastLine line: String?) -> YeastKind.Family? {
        let strains = YeastStrain.strains(inLine: line)
        guard !strains.isEmpty else { return nil }
        let words = Set(strains.flatMap(\.words))
        if words.contains("lager") { return .lager }
        if !words.isDisjoint(with: ["belgian", "saison", "trappist", "abbey", "monastery", "ardennes", "westvleteren"]) {
            return .belgian
        }
        if words.contains("wheat") && !words.isDisjoint(with: ["german", "bavarian"]) { return .weizen }
        if !words.isDisjoint(with: ["kolsch", "altbier", "alt"]) || words.isSuperset(of: ["german", "ale"]) {
            return .germanAle
        }
        return .ale
    }

    /// Soured or wild: said so in the name, tagline, twist or malts, lactobacillus or brett
    /// named anywhere, or a pH below 3.6.
    static func isSour(_ beer: Beer) -> Bool {
        if let ph = beer.ph, ph > 0, ph < 3.6 { return true }
        let said: [StaticString] = ["sour", "soured", "souring", "gose", "berliner", "lambic", "gueuze", "kriek"]
        let own = [beer.name, beer.tagline ?? "", beer.method?.twist ?? "", beer.ingredients?.yeast ?? ""]
        if own.contains(where: { ASCIIWords.contains($0, anyOf: said) }) { return true }
        if beer.ingredients?.malt.contains(where: { ASCIIWords.contains($0.name ?? "", anyOf: said) }) == true { return true }
        return ASCIIWords.contains(
            beer.description ?? "", anyOf: ["lactobacillus", "lacto", "brettanomyces", "brett", "pediococcus"])
    }
}
