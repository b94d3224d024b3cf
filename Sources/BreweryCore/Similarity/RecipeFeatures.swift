import Foundation

/// How each beer is brewed and what style it is, as `recommend like` compares it: yeast,
/// hops, malts and style as sets of tokens weighted by idf (ln(1 + n/df), so a rare hop
/// counts for more than "Extra Pale"), and the method as two numbers. Built once at
/// load; read-only after.
///
/// A part's similarity is the cosine of two beers' token sets; a beer with no tokens of a
/// part has no value there, and the pair leaves that part out. Tokens: the yeast strain
/// and its describing words, each hop variety (again when added late), each malt and the
/// words of its name; the style family and its group, the style words of the name,
/// tagline and twist, those of the description and tips (at half weight), and "low pH"
/// for a soured beer (``StyleReading``; at ``lowPHFactor`` weight). Method: fermentation
/// °C (0–40, else unknown) and ln(1 + dry-hop g/L), compared like abv/ibu/ebc
/// (``methodScore``).
package struct RecipeFeatures: Sendable {
    /// What a token stands for.
    package enum Kind: UInt8, CaseIterable, Sendable {
        // Token keys start with the raw value: the yeast kinds must sort first, and a
        // raw value of two digits would sort among them.
        case strain, yeastWord, hop, lateHop, malt, maltWord, styleFamily, styleGroup, styleWord, styleNote

        /// The part of the score it counts in.
        package var part: SimilarityPart {
            switch self {
            case .strain, .yeastWord: .yeast
            case .hop, .lateHop: .hops
            case .malt, .maltWord: .malt
            case .styleFamily, .styleGroup, .styleWord, .styleNote: .style
            }
        }

        /// What a token of this kind weighs beside its idf: the style words of a
        /// description say less of the beer than those of its name and tagline.
        package var weight: Float { self == .styleNote ? 0.5 : 1 }
    }

    /// Number of beers.
    package let count: Int
    /// Token keys ("kind:text"), sorted; an index into these is a *token*.
    package let keys: [String]
    /// What each token shows as ("Wyeast 1056", "Citra", "crystal").
    package let labels: [String]
    /// The kind of each token.
    package let kinds: [Kind]
    /// The weight of each token, ln(1 + n/df).
    package let weights: [Float]
    /// The tokens of each beer, ascending (CSR: `tokenStart[b]..<tokenStart[b+1]`).
    package let tokenStart: [Int32]
    package let tokens: [Int32]
    /// Per token part (yeast, hops, malt): 1 / √(Σ weights of the beer's tokens of that
    /// part), or 0 when it has none.
    package let inverseNorm: [AlignedBuffer<Float>]
    /// Fermentation °C and dry-hop rate, by beer (0 where unknown).
    package let fermentation: AlignedBuffer<Float>
    package let dryHopRate: AlignedBuffer<Float>
    /// Bit 0: fermentation known; bit 1: dry-hop rate known.
    package let methodMask: AlignedBuffer<UInt8>
    /// The family each beer's texts name (``StyleReading/named``), as its index in
    /// ``BeerStyle/allCases``; ``noNamedFamily`` where they name none.
    package let namedFamilies: AlignedBuffer<UInt8>
    /// The weight of the rarest yeast strain and of the rarest style group (1 when there
    /// is none).
    package let rarestStrainWeight: Float
    package let rarestGroupWeight: Float

    /// The token parts, in the order their norms are kept.
    package static let tokenParts: [SimilarityPart] = [.yeast, .hops, .malt, .style]

    /// The weight of a token at most one beer in ten has (ln(1 + 10)): a strain, hop or
    /// malt that rare says something when two beers share it, where "Extra Pale" or the
    /// house ale yeast does not.
    package static let standoutWeight = Float(log(11.0))

    /// ``namedFamilies``' value for a beer whose texts name no family.
    package static let noNamedFamily: UInt8 = .max

    /// The style token that marks a soured beer (``StyleReading/lowPH``).
    package static let lowPH = "low ph"
    /// What the "low pH" token weighs against a style word as rare: a pH of 3.8 or less, a
    /// souring malt or Lactobacillus says a beer is sour more surely than a word does, and
    /// a fan of sours seldom takes a beer that is not one.
    package static let lowPHFactor: Float = 2

    /// How much of the yeast part's weight depends on how rare the query's strain is: a
    /// query beer's yeast weight is the weight × (1 − share + share × rarity), rarity
    /// being its strain token's weight over the rarest strain's. A strain three beers in
    /// four use says little when shared; a saison or Belgian strain says much.
    package static let yeastRarityShare: Float = 0.5

    /// The same for the style part and the rarity of the query's style group, wholly: a
    /// sour, wheat or Belgian-style beer's style says more than that of one of the many
    /// hoppy pale ales, whose fans also take a beer of another style with the same numbers.
    package static let styleRarityShare: Float = 1

    /// Fermentation temperatures this far apart (°C) count as one unit of difference.
    package static let fermentationScale: Float = 5
    /// Dry-hop rates this far apart (ln(1 + g/l)) count as one unit.
    package static let dryHopScale: Float = 1

    /// The tokens of beer `b`.
    package func tokens(ofBeer b: Int) -> ArraySlice<Int32> { tokens[Int(tokenStart[b])..<Int(tokenStart[b + 1])] }

    /// The yeast tokens of beer `b` (strain and yeast words), ascending: the first of its
    /// tokens, as token keys start with their kind and the yeast kinds sort first.
    package func yeastTokens(ofBeer b: Int) -> ArraySlice<Int32> {
        let all = tokens(ofBeer: b)
        let end = all.firstIndex { kinds[Int($0)].part != .yeast } ?? all.endIndex
        return all[all.startIndex..<end]
    }

    /// The family beer `b`'s texts name, if they name one.
    package func namedFamily(ofBeer b: Int) -> BeerStyle? {
        let i = Int(namedFamilies[b])
        return i < BeerStyle.allCases.count ? BeerStyle.allCases[i] : nil
    }

    /// The style family of beer `b` (its ``Kind/styleFamily`` token), if it has one.
    package func style(ofBeer b: Int) -> BeerStyle? {
        for t in tokens(ofBeer: b) where kinds[Int(t)] == .styleFamily { return BeerStyle(rawValue: labels[Int(t)]) }
        return nil
    }

    /// A class per beer for laying out the search's blocks (``FeatureBlocks``): beers
    /// with the same yeast tokens share one, when at least `minimumBeers` do; the others
    /// share class 0. Beers in a block of one class have one yeast, so a block far from
    /// the query's yeast is bounded, and skipped, as a whole.
    package func yeastClasses(minimumBeers: Int) -> [Int32] {
        // Keyed by a hash of the tokens: a collision only merges two classes.
        var hashes = [UInt64](repeating: 0, count: count)
        var sizes: [UInt64: Int] = [:]
        for b in 0..<count {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for t in yeastTokens(ofBeer: b) {
                h = (h ^ UInt64(UInt32(bitPattern: t))) &* 0x100_0000_01b3
            }
            hashes[b] = h
            sizes[h, default: 0] += 1
        }
        var number: [UInt64: Int32] = [:]
        for (h, n) in sizes.sorted(by: { $0.key < $1.key }) where n >= minimumBeers { number[h] = Int32(number.count + 1) }
        return hashes.map { number[$0] ?? 0 }
    }

    /// Builds the features of `beers`, their ingredients read from `columns` (the
    /// columns of the same beers: ``RecipeColumns/init(beers:)`` if they were not read
    /// as columns).
    package init(beers: [Beer], columns: RecipeColumns) {
        precondition(columns.count == beers.count, "recipe columns of other beers")
        count = beers.count
        // Names, yeast lines and hop additions repeat across a million recipes: each
        // distinct text is read once (``Spellings``), by its number in the columns, and
        // a beer's tokens are then a few array reads. Beers are read in place, never copied.
        var spellings = Spellings()
        let texts = columns.texts
        var yeastLines = [[Int32]?](repeating: nil, count: texts.count)
        var hopNames = [(key: String, hop: Int32?, late: Int32?)?](repeating: nil, count: texts.count)
        var additions: [Int: HopAddition] = [:]
        var maltNames = [[Int32]?](repeating: nil, count: texts.count)
        // What a yeast line says of the style, and whether a malt or yeast sours, once per text.
        var yeastStyles = [(style: BeerStyle?, sours: Bool)?](repeating: nil, count: texts.count)
        var maltSours = [Bool?](repeating: nil, count: texts.count)
        let lexicon = StyleLexicon.standard
        // Style tokens' spellings, made on first use: by family, group, and by concept
        // for the words of the head and of the note.
        var familySpellings = [Int32?](repeating: nil, count: BeerStyle.allCases.count)
        var groupSpellings = [Int32?](repeating: nil, count: BeerStyle.Group.allCases.count)
        var wordSpellings = [Int32?](repeating: nil, count: lexicon.concepts.count)
        var noteSpellings = [Int32?](repeating: nil, count: lexicon.concepts.count)
        var lowPHSpelling: Int32?
        let familyNumber = Dictionary(uniqueKeysWithValues: BeerStyle.allCases.enumerated().map { ($1, $0) })
        let groupNumber = Dictionary(uniqueKeysWithValues: BeerStyle.Group.allCases.enumerated().map { ($1, $0) })
        // What a gram of each unit text is (nil: not a weight), once per text.
        var unitGrams = [Double??](repeating: nil, count: texts.count)
        var rawStart: [Int] = [0]
        rawStart.reserveCapacity(beers.count + 1)
        var raw: [Int32] = []
        let ferm = AlignedBuffer<Float>(count: beers.count, repeating: 0)
        let dry = AlignedBuffer<Float>(count: beers.count, repeating: 0)
        let mm = AlignedBuffer<UInt8>(count: beers.count, repeating: 0)
        let named = AlignedBuffer<UInt8>(count: beers.count, repeating: Self.noNamedFamily)
        for b in beers.indices {
            func use(_ spelling: Int32?) {
                guard let spelling else { return }
                raw.append(spellings.use(spelling))
            }
            let line = columns.yeast[b]
            var soured = false
            var yeastStyle: BeerStyle?
            if line >= 0 {
                let facts =
                    yeastStyles[Int(line)]
                    ?? (StyleReading.style(ofYeast: texts[Int(line)]), StyleReading.soursWort(yeast: texts[Int(line)]))
                yeastStyles[Int(line)] = facts
                (yeastStyle, soured) = facts
                let read: [Int32]
                if let known = yeastLines[Int(line)] {
                    read = known
                } else {
                    var found: [Int32] = []
                    for part in YeastStrain.names(inLine: texts[Int(line)]) {
                        let strain = YeastStrain(name: part)
                        let shown = (part.components(separatedBy: " - ").first ?? part).trimmingCharacters(in: .whitespaces)
                        if let s = spellings.spelling(.strain, strain.key, label: shown) { found.append(s) }
                        for w in strain.words {
                            if let s = spellings.spelling(.yeastWord, w, label: w) { found.append(s) }
                        }
                    }
                    yeastLines[Int(line)] = found
                    read = found
                }
                for s in read { use(s) }
            }
            var dryGrams: Double = 0
            var anyHop = false
            for h in columns.hops(of: b) {
                let n = columns.hopName[h]
                guard n >= 0 else { continue }
                let known = hopNames[Int(n)]
                var tokens: (key: String, hop: Int32?, late: Int32?)
                if let known {
                    tokens = known
                } else {
                    let k = IngredientName.key(texts[Int(n)])
                    tokens = (k, spellings.spelling(.hop, k, label: texts[Int(n)]), nil)
                }
                anyHop = anyHop || tokens.hop != nil
                use(tokens.hop)
                let add = columns.hopAdd[h]
                let attribute = columns.hopAttribute[h]
                let pair = Int(add + 1) << 32 | Int(attribute + 1)
                let addition: HopAddition
                if let known = additions[pair] {
                    addition = known
                } else {
                    addition = HopAddition(add: columns.text(add), attribute: columns.text(attribute))
                    additions[pair] = addition
                }
                if addition.stage == .dryHop || addition.purpose == .aroma {
                    // The late token is made when first used, as a hop may never be added late.
                    if tokens.late == nil { tokens.late = spellings.spelling(.lateHop, tokens.key, label: texts[Int(n)]) }
                    use(tokens.late)
                }
                if known == nil || (known?.late == nil && tokens.late != nil) { hopNames[Int(n)] = tokens }
                if addition.stage == .dryHop {
                    let unit = columns.hopUnit[h]
                    let perUnit: Double?
                    if unit < 0 {
                        perUnit = Recipe.gramsPerUnit(nil)
                    } else if let known = unitGrams[Int(unit)] {
                        perUnit = known
                    } else {
                        perUnit = Recipe.gramsPerUnit(texts[Int(unit)])
                        unitGrams[Int(unit)] = perUnit
                    }
                    dryGrams += Recipe.grams(value: columns.hopValue[h], gramsPerUnit: perUnit) ?? 0
                }
            }
            for m in columns.malts(of: b) {
                let n = columns.maltName[m]
                guard n >= 0 else { continue }
                let sours = maltSours[Int(n)] ?? StyleReading.soursWort(malt: texts[Int(n)])
                maltSours[Int(n)] = sours
                soured = soured || sours
                let read: [Int32]
                if let known = maltNames[Int(n)] {
                    read = known
                } else {
                    let name = texts[Int(n)]
                    let k = IngredientName.key(name)
                    var found: [Int32] = []
                    if let s = spellings.spelling(.malt, k, label: name) { found.append(s) }
                    for w in Self.maltWords(k) {
                        if let s = spellings.spelling(.maltWord, w, label: w) { found.append(s) }
                    }
                    maltNames[Int(n)] = found
                    read = found
                }
                for s in read { use(s) }
            }
            let style = StyleReading(
                name: beers[b].name, texts: columns.style[b], abv: beers[b].abv, ibu: beers[b].ibu, ebc: beers[b].ebc,
                ph: beers[b].ph, soured: soured, yeastStyle: yeastStyle, lexicon: lexicon)
            let family = familyNumber[style.style].unsafelyUnwrapped
            if let n = style.named { named[b] = UInt8(familyNumber[n].unsafelyUnwrapped) }
            if familySpellings[family] == nil {
                familySpellings[family] = spellings.spelling(.styleFamily, style.style.rawValue, label: style.style.rawValue)
            }
            use(familySpellings[family])
            let group = groupNumber[style.style.group].unsafelyUnwrapped
            if groupSpellings[group] == nil {
                let name = style.style.group.rawValue
                groupSpellings[group] = spellings.spelling(.styleGroup, name, label: name)
            }
            use(groupSpellings[group])
            style.head.forEach { c in
                if wordSpellings[c] == nil {
                    wordSpellings[c] = spellings.spelling(.styleWord, lexicon.concepts[c], label: lexicon.concepts[c])
                }
                use(wordSpellings[c])
            }
            if style.lowPH {
                if lowPHSpelling == nil { lowPHSpelling = spellings.spelling(.styleWord, Self.lowPH, label: "low pH") }
                use(lowPHSpelling)
            }
            style.note.forEach { c in
                if noteSpellings[c] == nil {
                    noteSpellings[c] = spellings.spelling(.styleNote, lexicon.concepts[c], label: lexicon.concepts[c])
                }
                use(noteSpellings[c])
            }
            rawStart.append(raw.count)
            if let t = Recipe.celsius(beers[b].method?.fermentation?.temp), t >= 0, t <= 40 {
                ferm[b] = Float(t)
                mm[b] |= 1
            }
            if anyHop, let litres = Recipe.litres(beers[b].volume), litres > 0 {
                dry[b] = Float(log1p(dryGrams / litres))
                mm[b] |= 2
            }
        }
        let tokenKeys = spellings.tokenKeys
        // Tokens in key order, so the same beers give the same numbering.
        let order = tokenKeys.indices.sorted { tokenKeys[$0] < tokenKeys[$1] }
        var renumber = [Int32](repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { renumber[old] = Int32(new) }
        keys = order.map { tokenKeys[$0] }
        let shown = spellings.labels()
        labels = order.map { shown[$0] }
        kinds = keys.map { Kind(rawValue: UInt8($0.prefix { $0 != ":" }) ?? 0) ?? .strain }
        var df = [Int](repeating: 0, count: order.count)
        var start: [Int32] = [0]
        start.reserveCapacity(beers.count + 1)
        var flat: [Int32] = []
        flat.reserveCapacity(raw.count)
        var mine: [Int32] = []
        for b in beers.indices {
            // The beer's distinct tokens, ascending.
            mine.removeAll(keepingCapacity: true)
            for i in rawStart[b]..<rawStart[b + 1] { mine.append(renumber[Int(raw[i])]) }
            mine.sort()
            var last: Int32 = -1
            for t in mine where t != last {
                df[Int(t)] += 1
                flat.append(t)
                last = t
            }
            start.append(Int32(flat.count))
        }
        tokenStart = start
        tokens = flat
        let n = Float(max(beers.count, 1))
        let lowPHKey = Spellings.key(.styleWord, Self.lowPH)
        weights = zip(df, zip(kinds, keys)).map { df, kindAndKey in
            let (kind, key) = kindAndKey
            return kind.weight * (key == lowPHKey ? Self.lowPHFactor : 1) * Float(log(1 + Double(n) / Double(max(df, 1))))
        }
        let parts = Self.tokenParts
        let norms = parts.map { _ in AlignedBuffer<Float>(count: beers.count, repeating: 0) }
        let partOf = kinds.map { parts.firstIndex(of: $0.part) ?? 0 }
        var sums = [Float](repeating: 0, count: parts.count)
        for b in 0..<beers.count {
            for p in sums.indices { sums[p] = 0 }
            for t in flat[Int(start[b])..<Int(start[b + 1])] { sums[partOf[Int(t)]] += weights[Int(t)] }
            for p in sums.indices where sums[p] > 0 { norms[p][b] = 1 / sums[p].squareRoot() }
        }
        inverseNorm = norms
        fermentation = ferm
        dryHopRate = dry
        methodMask = mm
        namedFamilies = named
        rarestStrainWeight = Self.rarestWeight(.strain, kinds: kinds, weights: weights)
        rarestGroupWeight = Self.rarestWeight(.styleGroup, kinds: kinds, weights: weights)
    }

    private static func rarestWeight(_ kind: Kind, kinds: [Kind], weights: [Float]) -> Float {
        zip(kinds, weights).filter { $0.0 == kind }.map(\.1).max() ?? 1
    }

    /// The weight of `part` for query beer `b` when the part weighs `weight`: the yeast and
    /// style parts weigh more for a rare strain or style group (``yeastRarityShare``,
    /// ``styleRarityShare``), the others as they are.
    package func weight(of part: SimilarityPart, _ weight: Float, forBeer b: Int) -> Float {
        let (kind, rarest, share): (Kind, Float, Float)
        switch part {
        case .yeast: (kind, rarest, share) = (.strain, rarestStrainWeight, Self.yeastRarityShare)
        case .style: (kind, rarest, share) = (.styleGroup, rarestGroupWeight, Self.styleRarityShare)
        default: return weight
        }
        var mine: Float = 0
        for t in tokens(ofBeer: b) where kinds[Int(t)] == kind { mine = max(mine, weights[Int(t)]) }
        let rarity = rarest > 0 ? min(mine / rarest, 1) : 1
        return weight * ((1 - share) + share * rarity)
    }

    /// Features read back from a snapshot.
    package init(
        count: Int, keys: [String], labels: [String], kinds: [Kind], weights: [Float], tokenStart: [Int32], tokens: [Int32],
        inverseNorm: [AlignedBuffer<Float>], fermentation: AlignedBuffer<Float>, dryHopRate: AlignedBuffer<Float>,
        methodMask: AlignedBuffer<UInt8>, namedFamilies: AlignedBuffer<UInt8>
    ) {
        self.count = count
        self.keys = keys
        self.labels = labels
        self.kinds = kinds
        self.weights = weights
        self.tokenStart = tokenStart
        self.tokens = tokens
        self.inverseNorm = inverseNorm
        self.fermentation = fermentation
        self.dryHopRate = dryHopRate
        self.methodMask = methodMask
        self.namedFamilies = namedFamilies
        rarestStrainWeight = Self.rarestWeight(.strain, kinds: kinds, weights: weights)
        rarestGroupWeight = Self.rarestWeight(.styleGroup, kinds: kinds, weights: weights)
    }

    /// The tokens met while building ("kind:text"), and how each was written.
    private struct Spellings {
        private var tokenOf = [[String: Int32]](repeating: [:], count: Kind.allCases.count)
        /// Token keys ("kind:text"), by token in the order met.
        private(set) var tokenKeys: [String] = []
        private var tally = SpellingTally()

        /// The spelling `label` of the token `text` of `kind`, made on first sight; nil for
        /// an empty text.
        mutating func spelling(_ kind: Kind, _ text: String, label: String) -> Int32? {
            guard !text.isEmpty else { return nil }
            let t: Int32
            if let known = tokenOf[Int(kind.rawValue)][text] {
                t = known
            } else {
                t = Int32(tokenKeys.count)
                tokenOf[Int(kind.rawValue)][text] = t
                tokenKeys.append(Self.key(kind, text))
            }
            return tally.spelling(of: t, label)
        }

        /// The key of the token `text` of `kind`.
        static func key(_ kind: Kind, _ text: String) -> String { "\(kind.rawValue):\(text)" }

        /// Counts one use of `spelling`; returns its token.
        mutating func use(_ spelling: Int32) -> Int32 { tally.use(spelling) }

        /// Each token's label: its most used spelling.
        func labels() -> [String] { zip(tally.labels(tokenCount: tokenKeys.count), tokenKeys).map { $0 ?? $1 } }
    }

    /// The words of a malt's key that say what it is ("crystal", "wheat", "chocolate"),
    /// without numbers and words every malt name may have.
    static func maltWords(_ key: String) -> [String] {
        key.split(separator: " ").map(String.init).filter { w in
            w.count >= 3 && !w.contains(where: \.isNumber) && !maltNoise.contains(w)
        }
    }

    static let maltNoise: Set<String> = [
        "malt", "malts", "type", "for", "the", "and", "with", "special", "extra", "blend", "spring",
    ]

    /// The method similarity of two beers: k / (k + Σ dᵢ²) over the k method values both
    /// have (dᵢ the difference in units of ``fermentationScale`` and ``dryHopScale``), as
    /// ``SimilarityScorer/numericScore(_:_:q:w:)`` does for abv/ibu/ebc; 0 with none shared.
    @inline(__always)
    static func methodScore(_ values: (Float, Float), _ mask: UInt8, q: (Float, Float), qMask: UInt8) -> Float {
        let shared = mask & qMask
        let x0 = Float(shared & 1)
        let x1 = Float((shared >> 1) & 1)
        let d0 = (values.0 - q.0) * (1 / fermentationScale)
        let d1 = (values.1 - q.1) * (1 / dryHopScale)
        let den = x0 + x1
        return den / (den + x0 * d0 * d0 + x1 * d1 * d1 + SimilarityScorer.tiny)
    }
}
