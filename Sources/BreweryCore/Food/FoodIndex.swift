import Foundation

/// The food pairings of a catalogue, indexed for both kinds of recommendation.
///
/// Built once at load from each beer's `food_pairing` strings:
/// - **postings**: for each concept, the (beer, pairing) places that use it, sorted by
///   beer, so `recommend food` walks only the lists of the query's words;
/// - **per-beer concept lists** with idf weights, so `recommend like` can score the
///   overlap between the query beer's pairings and every other beer's.
///
/// Identical pairing strings are analysed once (catalogues repeat them).
package struct FoodIndex: Sendable {
    /// The words and concepts.
    package let vocabulary: FoodVocabulary
    /// Postings per concept: `beerIndex << 3 | min(pairingIndex, 7)`, ascending.
    let postingsStart: [Int]
    let postings: [UInt32]
    /// For each beer, where its pairings start in ``pairingLength``.
    let pairingStart: AlignedBuffer<Int>
    /// For each (beer, pairing): number of content words, clamped to 255.
    let pairingLength: AlignedBuffer<UInt8>
    /// Per-beer distinct concepts (CSR) and the sum of their idf weights.
    let beerConceptStart: [Int]
    let beerConcepts: [Int32]
    /// Inverse document frequency of each concept, `ln(1 + N / df)`.
    package let idf: [Float]
    /// 1 / sqrt(sum of idf of the beer's concepts), or 0 for a beer with no pairings.
    let inverseNorm: [Float]
    /// Number of beers.
    package let beerCount: Int
    /// For each (beer, pairing), the distinct pairing string it is (see ``distinctConcepts``).
    let pairingRef: AlignedBuffer<UInt32>
    /// Concepts of each distinct pairing string (CSR), in order of appearance.
    let distinctConceptStart: AlignedBuffer<UInt32>
    let distinctConcepts: AlignedBuffer<Int32>
    /// The beers of each frequent concept as a bitset (nil for the others, whose postings
    /// are short enough to read); see ``beers(of:)``.
    let frequentBeers: [BeerSet?]

    /// Indexes the pairings of `pairings[i]` for beer index `i`.
    package init(pairings: [[String]], variantGroups: [[String]] = FoodVocabulary.bundledVariants) {
        beerCount = pairings.count
        // 1. Tokenise each distinct pairing string once (found by its bytes: a `String`
        //    key hashes and compares with Unicode normalisation, a third of this build).
        var distinct = TextInterner()
        var distinctWords: [[String]] = []
        var pairingRef: [Int] = []
        var pStart = [Int]()
        pStart.reserveCapacity(pairings.count + 1)
        for list in pairings {
            pStart.append(pairingRef.count)
            for p in list {
                let k = Int(distinct.number(of: p))
                if k == distinctWords.count { distinctWords.append(FoodText.words(p)) }
                pairingRef.append(k)
            }
        }
        pStart.append(pairingRef.count)
        pairingStart = AlignedBuffer(copying: pStart)

        // 2. Vocabulary with document frequencies (beers, not pairings).
        var wordID: [String: Int] = [:]
        var wordList: [String] = []
        let distinctIDs: [[Int]] = distinctWords.map { ws in
            ws.map { w in
                if let id = wordID[w] { return id }
                wordID[w] = wordList.count
                wordList.append(w)
                return wordList.count - 1
            }
        }
        var df = [Int](repeating: 0, count: wordList.count)
        var seenStamp = [Int](repeating: -1, count: wordList.count)
        for b in 0..<pairings.count {
            for r in pairingRef[pStart[b]..<pStart[b + 1]] {
                for w in distinctIDs[r] where seenStamp[w] != b {
                    seenStamp[w] = b
                    df[w] += 1
                }
            }
        }
        var dfByWord: [String: Int] = [:]
        for (i, w) in wordList.enumerated() { dfByWord[w] = df[i] }
        let vocab = FoodVocabulary(documentFrequency: dfByWord, variantGroups: variantGroups)
        vocabulary = vocab
        let conceptOfLocal: [Int32] = wordList.map { vocab.conceptOfTerm[Int(vocab.term($0)!)] }
        // Each distinct pairing's concepts, de-duplicated once, in order of appearance.
        let distinctConcepts: [[Int32]] = distinctIDs.map { ids in
            var out: [Int32] = []
            for c in ids.map({ conceptOfLocal[$0] }) where !out.contains(c) { out.append(c) }
            return out
        }
        pairingLength = AlignedBuffer(copying: pairingRef.map { UInt8(min(distinctWords[$0].count, 255)) })
        self.pairingRef = AlignedBuffer(copying: pairingRef.map { UInt32($0) })
        var dcStart: [UInt32] = [0]
        dcStart.reserveCapacity(distinctConcepts.count + 1)
        for cs in distinctConcepts { dcStart.append(dcStart.last! + UInt32(cs.count)) }
        distinctConceptStart = AlignedBuffer(copying: dcStart)
        self.distinctConcepts = AlignedBuffer(copying: Array(distinctConcepts.joined()))

        // 3. Postings by counting sort; per-beer concept lists.
        let cCount = vocab.conceptCount
        var counts = [Int](repeating: 0, count: cCount + 1)
        var conceptStamp = [Int](repeating: -1, count: cCount)
        var bcStart = [Int]()
        bcStart.reserveCapacity(pairings.count + 1)
        var bc: [Int32] = []
        var conceptDF = [Int](repeating: 0, count: cCount)
        for b in 0..<pairings.count {
            bcStart.append(bc.count)
            for r in pairingRef[pStart[b]..<pStart[b + 1]] {
                for c in distinctConcepts[r] { counts[Int(c) + 1] += 1 }
                for c in distinctConcepts[r] where conceptStamp[Int(c)] != b {
                    conceptStamp[Int(c)] = b
                    bc.append(c)
                    conceptDF[Int(c)] += 1
                }
            }
        }
        bcStart.append(bc.count)
        for c in 0..<cCount { counts[c + 1] += counts[c] }
        postingsStart = counts
        var fill = counts
        var post = [UInt32](repeating: 0, count: counts[cCount])
        for b in 0..<pairings.count {
            for (pi, r) in pairingRef[pStart[b]..<pStart[b + 1]].enumerated() {
                for c in distinctConcepts[r] {
                    post[fill[Int(c)]] = UInt32(b) << 3 | UInt32(min(pi, 7))
                    fill[Int(c)] += 1
                }
            }
        }
        postings = post
        beerConceptStart = bcStart
        beerConcepts = bc
        let n = Float(max(pairings.count, 1))
        let idfs = conceptDF.map { $0 > 0 ? Float(Foundation.log(1 + Double(n) / Double($0))) : 0 }
        idf = idfs
        var inv = [Float](repeating: 0, count: pairings.count)
        for b in 0..<pairings.count {
            var s: Float = 0
            for c in bc[bcStart[b]..<bcStart[b + 1]] { s += idfs[Int(c)] }
            inv[b] = s > 0 ? 1 / s.squareRoot() : 0
        }
        inverseNorm = inv
        // Bitsets for the concepts of at least 1/64 of the beers: no bigger than their postings.
        let beerTotal = pairings.count
        let minimum = beerTotal >= 4_096 ? max(beerTotal / 64, 1) : Int.max
        frequentBeers = (0..<cCount).map { c in
            guard conceptDF[c] >= minimum else { return nil }
            var set = BeerSet(capacity: beerTotal)
            set.insert(postings: post[counts[c]..<counts[c + 1]])
            return set
        }
    }

    /// The beers whose pairings use concept `c`.
    package func beers(of c: Int32) -> BeerSet {
        if let set = frequentBeers[Int(c)] { return set }
        var set = BeerSet(capacity: beerCount)
        set.insert(postings: postings(of: c))
        return set
    }

    /// Calls `body(slot, concept)` for each concept of each pairing of beer `b`, where
    /// `slot` is the pairing's position clamped to 7 (as in the postings).
    @inline(__always)
    func forEachPairingConcept(ofBeer b: Int, _ body: (Int, Int32) -> Void) {
        let starts = pairingStart.pointer
        let refs = pairingRef.pointer
        let conceptStart = distinctConceptStart.pointer
        let concepts = distinctConcepts.pointer
        let start = starts[b]
        let end = starts[b + 1]
        var g = start
        while g < end {
            let r = Int(refs[g])
            var k = Int(conceptStart[r])
            let kEnd = Int(conceptStart[r + 1])
            while k < kEnd {
                body(min(g - start, 7), concepts[k])
                k += 1
            }
            g += 1
        }
    }

    /// The places (beer << 3 | pairing) that use concept `c`.
    func postings(of c: Int32) -> ArraySlice<UInt32> {
        postings[postingsStart[Int(c)]..<postingsStart[Int(c) + 1]]
    }

    /// The distinct concepts in beer `b`'s pairings.
    package func concepts(ofBeer b: Int) -> ArraySlice<Int32> {
        beerConcepts[beerConceptStart[b]..<beerConceptStart[b + 1]]
    }
}
