import Foundation

/// How each beer is brewed, as `recommend like` compares it: yeast, hops and malts as
/// weighted sets of *tokens*, and the method as two numbers. Built once at load.
///
/// Tokens, each weighted by its inverse document frequency ln(1 + n/df), so a rare hop
/// counts for more than "Extra Pale":
/// - yeast: the strain (``YeastStrain``: the Wyeast 1056 family is one) and the words that
///   describe it ("lager", "wheat", "belgian"), so related strains share something;
/// - hops: each variety, and again each variety added late (dry hop, or an aroma addition):
///   a late addition says more about a beer's aroma than a bittering one;
/// - malts: each malt, and the words of its name ("crystal" in "Crystal 150" and "Dark
///   Crystal").
///
/// A part's similarity is the cosine of two beers' token sets; a beer with no tokens of a
/// part (no yeast listed) has no value there, and the pair leaves that part out.
///
/// Method: the fermentation temperature (°C; 0–40, else unknown) and the dry-hop rate
/// (ln(1 + grams of dry hops per litre)), compared like abv/ibu/ebc (see ``methodScore``).
package struct RecipeFeatures: Sendable {
    /// What a token stands for.
    package enum Kind: UInt8, CaseIterable, Sendable {
        case strain, yeastWord, hop, lateHop, malt, maltWord

        /// The part of the score it counts in.
        package var part: SimilarityPart {
            switch self {
            case .strain, .yeastWord: .yeast
            case .hop, .lateHop: .hops
            case .malt, .maltWord: .malt
            }
        }
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

    /// The token parts, in the order their norms are kept.
    package static let tokenParts: [SimilarityPart] = [.yeast, .hops, .malt]

    /// Fermentation temperatures this far apart (°C) count as one unit of difference.
    package static let fermentationScale: Float = 5
    /// Dry-hop rates this far apart (ln(1 + g/l)) count as one unit.
    package static let dryHopScale: Float = 1

    /// The tokens of beer `b`.
    package func tokens(ofBeer b: Int) -> ArraySlice<Int32> { tokens[Int(tokenStart[b])..<Int(tokenStart[b + 1])] }

    /// Builds the features of `beers`.
    package init(beers: [Beer]) {
        count = beers.count
        // Ingredient names repeat across beers: fold each distinct one once.
        var keyOf: [String: String] = [:]
        func key(_ s: String) -> String {
            if let k = keyOf[s] { return k }
            let k = IngredientName.key(s)
            keyOf[s] = k
            return k
        }
        var strainOf: [String: YeastStrain] = [:]
        var ids = [[String: Int32]](repeating: [:], count: Kind.allCases.count)
        var tokenKeys: [String] = []
        var spellings: [[String: Int]] = []
        var perBeer: [[Int32]] = []
        perBeer.reserveCapacity(beers.count)
        let ferm = AlignedBuffer<Float>(count: beers.count, repeating: 0)
        let dry = AlignedBuffer<Float>(count: beers.count, repeating: 0)
        let mm = AlignedBuffer<UInt8>(count: beers.count, repeating: 0)
        for b in beers.indices {
            let beer = beers[b]
            var mine: [Int32] = []
            func add(_ kind: Kind, _ text: String, label: String) {
                guard !text.isEmpty else { return }
                let id: Int32
                if let known = ids[Int(kind.rawValue)][text] {
                    id = known
                } else {
                    id = Int32(tokenKeys.count)
                    ids[Int(kind.rawValue)][text] = id
                    tokenKeys.append("\(kind.rawValue):\(text)")
                    spellings.append([:])
                }
                spellings[Int(id)][label, default: 0] += 1
                mine.append(id)
            }
            let ingredients = beer.ingredients
            for part in (ingredients?.yeast ?? "").components(separatedBy: " & ") where !part.isEmpty {
                let strain = strainOf[part] ?? YeastStrain(name: part)
                strainOf[part] = strain
                let shown = part.components(separatedBy: " - ").first ?? part
                add(.strain, strain.key, label: shown.trimmingCharacters(in: .whitespaces))
                for w in strain.words { add(.yeastWord, w, label: w) }
            }
            var dryGrams: Double = 0
            var anyHop = false
            for hop in ingredients?.hops ?? [] {
                guard let name = hop.name else { continue }
                let k = key(name)
                anyHop = anyHop || !k.isEmpty
                add(.hop, k, label: name)
                let addition = HopAddition(add: hop.add, attribute: hop.attribute)
                if addition.stage == .dryHop || addition.purpose == .aroma { add(.lateHop, k, label: name) }
                if addition.stage == .dryHop { dryGrams += Recipe.grams(hop.amount) ?? 0 }
            }
            for malt in ingredients?.malt ?? [] {
                guard let name = malt.name else { continue }
                let k = key(name)
                add(.malt, k, label: name)
                for w in Self.maltWords(k) { add(.maltWord, w, label: w) }
            }
            perBeer.append(Array(Set(mine)))
            if let t = Recipe.celsius(beer.method?.fermentation?.temp), t >= 0, t <= 40 {
                ferm[b] = Float(t)
                mm[b] |= 1
            }
            if anyHop, let litres = Recipe.litres(beer.volume), litres > 0 {
                dry[b] = Float(log1p(dryGrams / litres))
                mm[b] |= 2
            }
        }
        // Tokens in key order, so the same beers give the same numbering.
        let order = tokenKeys.indices.sorted { tokenKeys[$0] < tokenKeys[$1] }
        var renumber = [Int32](repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { renumber[old] = Int32(new) }
        keys = order.map { tokenKeys[$0] }
        labels = order.map { old in
            spellings[old].max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key ?? tokenKeys[old]
        }
        kinds = keys.map { Kind(rawValue: UInt8($0.prefix { $0 != ":" }) ?? 0) ?? .strain }
        var df = [Int](repeating: 0, count: order.count)
        var start: [Int32] = [0]
        var flat: [Int32] = []
        for list in perBeer {
            let sorted = list.map { renumber[Int($0)] }.sorted()
            for t in sorted { df[Int(t)] += 1 }
            flat += sorted
            start.append(Int32(flat.count))
        }
        tokenStart = start
        tokens = flat
        let n = Float(max(beers.count, 1))
        weights = df.map { Float(log(1 + Double(n) / Double(max($0, 1)))) }
        let parts = Self.tokenParts
        let norms = parts.map { _ in AlignedBuffer<Float>(count: beers.count, repeating: 0) }
        for b in 0..<beers.count {
            var sums: [Float] = [0, 0, 0]
            for t in flat[Int(start[b])..<Int(start[b + 1])] {
                let p = parts.firstIndex(of: kinds[Int(t)].part) ?? 0
                sums[p] += weights[Int(t)]
            }
            for p in parts.indices where sums[p] > 0 { norms[p][b] = 1 / sums[p].squareRoot() }
        }
        inverseNorm = norms
        fermentation = ferm
        dryHopRate = dry
        methodMask = mm
    }

    /// Features read back from a snapshot.
    package init(
        count: Int, keys: [String], labels: [String], kinds: [Kind], weights: [Float], tokenStart: [Int32], tokens: [Int32],
        inverseNorm: [AlignedBuffer<Float>], fermentation: AlignedBuffer<Float>, dryHopRate: AlignedBuffer<Float>,
        methodMask: AlignedBuffer<UInt8>
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
