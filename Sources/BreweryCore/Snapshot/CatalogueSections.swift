/// How each index of a ``Catalogue`` is written to a snapshot and read back as it was
/// built, so a reload skips the build. Readers check that sizes agree with each other
/// and that every index value is in bounds (``SnapshotChecks``): the checksum catches
/// damage, not a hostile or stale file whose checksum was made to match.
typealias SnapshotReadError = CatalogueSnapshot.ReadError

extension IDIndex {
    func write(to w: inout SectionWriter) {
        w.narrowArray(ids)
        w.array(order)
    }

    init(from r: inout SectionReader, count: Int) throws(SnapshotReadError) {
        let ids = try r.narrowArray(Int.self)
        let order = try r.array(Int32.self)
        guard ids.count == count, order.count == count, SnapshotChecks.all(order, in: 0..<count),
            zip(order, order.dropFirst()).allSatisfy({ ids[Int($0)] < ids[Int($1)] })
        else { throw .corrupt(offset: r.offset) }
        self.init(ids: ids, order: order)
    }
}

extension NameIndex {
    func write(to w: inout SectionWriter) {
        w.buffer(text)
        w.buffer(starts)
        w.buffer(wordOffset)
        w.buffer(wordLength)
        w.buffer(postingStart)
        w.buffer(postings)
        w.buffer(wordSlots)
    }

    init(from r: inout SectionReader, count: Int) throws(SnapshotReadError) {
        let text = try r.buffer(UInt8.self)
        let starts = try r.buffer(Int.self)
        let wordOffset = try r.buffer(Int.self)
        let wordLength = try r.buffer(Int32.self)
        let postingStart = try r.buffer(Int.self)
        let postings = try r.buffer(Int32.self)
        let wordSlots = try r.buffer(Int32.self)
        let words = wordOffset.count
        guard SnapshotChecks.splits(starts.elements, parts: count, end: text.count), wordLength.count == words,
            zip(wordOffset.elements, wordLength.elements).allSatisfy({ $0 >= 0 && $1 > 0 && $0 <= text.count - Int($1) }),
            SnapshotChecks.splits(postingStart.elements, parts: words, end: postings.count),
            SnapshotChecks.all(postings.elements, in: 0..<count),
            wordSlots.count > words, wordSlots.count.nonzeroBitCount == 1,
            SnapshotChecks.all(wordSlots.elements, in: -1..<words)
        else { throw .corrupt(offset: r.offset) }
        self.init(
            text: text, starts: starts, wordOffset: wordOffset, wordLength: wordLength, postingStart: postingStart,
            postings: postings, wordSlots: wordSlots)
    }
}

extension NumericFeatures {
    func write(to w: inout SectionWriter) {
        w.buffers(scaled)
        w.buffers(raw)
        w.buffer(mask)
        w.array(median)
        w.array(spread)
    }

    init(from r: inout SectionReader, count: Int) throws(SnapshotReadError) {
        let axes = Axis.allCases.count
        scaled = try r.buffers(Float.self, expected: axes)
        raw = try r.buffers(Float.self, expected: axes)
        mask = try r.buffer(UInt8.self)
        median = try r.array(Double.self)
        spread = try r.array(Double.self)
        self.count = count
        guard (scaled + raw).allSatisfy({ $0.count == count }), mask.count == count,
            median.count == axes, spread.count == axes
        else { throw .corrupt(offset: r.offset) }
    }
}

extension FoodIndex {
    func write(to w: inout SectionWriter) {
        w.strings(vocabulary.words)
        w.array(vocabulary.documentFrequency)
        w.array(vocabulary.conceptOfTerm)
        w.strings(vocabulary.conceptLabel)
        w.array(vocabulary.relatedConcepts.reduce(into: [Int32(0)]) { $0.append($0.last.unsafelyUnwrapped + Int32($1.count)) })
        w.array(vocabulary.relatedConcepts.flatMap { $0 })
        w.array(postingsStart)
        w.array(postings)
        w.buffer(pairingStart)
        w.buffer(pairingLength)
        w.narrowArray(beerConceptStart)
        w.narrowArray(beerConcepts)
        w.array(idf)
        w.array(inverseNorm)
        w.buffer(pairingRef)
        w.buffer(distinctConceptStart)
        w.buffer(distinctConcepts)
        for set in frequentBeers {
            w.int(set == nil ? 0 : 1)
            if let set { w.array(set.words) }
        }
    }

    init(from r: inout SectionReader, count: Int) throws(SnapshotReadError) {
        // The vocabulary as it was built (its typo merging compares every rare word with
        // every frequent one: not something to redo on every load).
        let words = try r.strings()
        let df = try r.array(Int32.self)
        let conceptOfTerm = try r.array(Int32.self)
        let labels = try r.strings()
        let relatedStart = try r.array(Int32.self)
        let related = try r.array(Int32.self)
        let concepts = labels.count
        guard words.count == df.count, conceptOfTerm.count == words.count, relatedStart.count == concepts + 1,
            relatedStart.first == 0, relatedStart.last.map(Int.init) == related.count,
            zip(relatedStart, relatedStart.dropFirst()).allSatisfy({ $0 <= $1 }),
            conceptOfTerm.allSatisfy({ $0 >= 0 && Int($0) < concepts }), related.allSatisfy({ $0 >= 0 && Int($0) < concepts }),
            zip(words, words.dropFirst()).allSatisfy({ $0 < $1 })
        else { throw .corrupt(offset: r.offset) }
        vocabulary = FoodVocabulary(
            words: words, documentFrequency: df, conceptOfTerm: conceptOfTerm, conceptLabel: labels,
            relatedConcepts: (0..<concepts).map { Array(related[Int(relatedStart[$0])..<Int(relatedStart[$0 + 1])]) })
        postingsStart = try r.array()
        postings = try r.array()
        pairingStart = try r.buffer()
        pairingLength = try r.buffer()
        beerConceptStart = try r.narrowArray()
        beerConcepts = try r.narrowArray()
        idf = try r.array()
        inverseNorm = try r.array()
        pairingRef = try r.buffer()
        distinctConceptStart = try r.buffer()
        distinctConcepts = try r.buffer()
        beerCount = count
        var sets: [BeerSet?] = []
        for _ in 0..<concepts {
            if try r.int() == 0 {
                sets.append(nil)
            } else {
                let bits = try r.array(UInt64.self)
                guard bits.count == (count + 63) / 64 else { throw .corrupt(offset: r.offset) }
                sets.append(BeerSet(words: bits, capacity: count))
            }
        }
        frequentBeers = sets
        let distinct = distinctConceptStart.count - 1
        guard SnapshotChecks.splits(postingsStart, parts: concepts, end: postings.count),
            postings.allSatisfy({ Int($0 >> 3) < count }),
            SnapshotChecks.splits(pairingStart.elements, parts: count, end: pairingRef.count),
            SnapshotChecks.splits(beerConceptStart, parts: count, end: beerConcepts.count),
            SnapshotChecks.all(beerConcepts, in: 0..<concepts), idf.count == concepts, idf.allSatisfy({ $0.isFinite && $0 >= 0 }),
            inverseNorm.count == count,
            pairingRef.count == pairingLength.count, distinct >= 0, SnapshotChecks.all(pairingRef.elements, in: 0..<distinct),
            SnapshotChecks.splits(distinctConceptStart.elements, parts: distinct, end: distinctConcepts.count),
            SnapshotChecks.all(distinctConcepts.elements, in: 0..<concepts)
        else { throw .corrupt(offset: r.offset) }
    }
}

extension FeatureBlocks {
    func write(to w: inout SectionWriter) {
        w.int(positions)
        w.int(blockCount)
        w.int(groupCount)
        w.buffer(beerAt)
        w.buffer(positionOf)
        w.buffers(scaled)
        w.buffer(mask)
        w.buffer(inverseNorm)
        w.buffers(low)
        w.buffers(high)
        w.buffer(blockMask)
        w.buffers(groupLow)
        w.buffers(groupHigh)
        w.buffer(groupMask)
    }

    init(from r: inout SectionReader, count: Int) throws(SnapshotReadError) {
        positions = try r.int()
        blockCount = try r.int()
        groupCount = try r.int()
        beerAt = try r.buffer()
        positionOf = try r.buffer()
        scaled = try r.buffers(expected: 3)
        mask = try r.buffer()
        inverseNorm = try r.buffer()
        low = try r.buffers(expected: 3)
        high = try r.buffers(expected: 3)
        blockMask = try r.buffer()
        groupLow = try r.buffers(expected: 3)
        groupHigh = try r.buffers(expected: 3)
        groupMask = try r.buffer()
        let expected = blockCount.multipliedReportingOverflow(by: Self.width)
        guard blockCount >= 0, blockCount < Int.max / Self.width, !expected.overflow, positions == expected.partialValue,
            groupCount == (blockCount + Self.groupWidth - 1) / Self.groupWidth,
            beerAt.count == positions, SnapshotChecks.all(beerAt.elements, in: -1..<count),
            SnapshotChecks.all(positionOf.elements, in: 0..<positions), positionOf.count == count, mask.count == positions,
            inverseNorm.count == positions, scaled.allSatisfy({ $0.count == positions }),
            (low + high).allSatisfy({ $0.count == blockCount }), blockMask.count == blockCount,
            (groupLow + groupHigh).allSatisfy({ $0.count == groupCount }), groupMask.count == groupCount
        else { throw .corrupt(offset: r.offset) }
    }
}

extension ConceptBlocks {
    func write(to w: inout SectionWriter) {
        for words in dense {
            w.int(words == nil ? 0 : 1)
            if let words { w.buffer(words) }
        }
        w.array(sparseStart)
        w.buffer(sparseBlock)
        w.buffer(sparseWord)
    }

    init(from r: inout SectionReader, concepts: Int, blocks: Int) throws(SnapshotReadError) {
        var words: [AlignedBuffer<UInt64>?] = []
        for _ in 0..<concepts {
            if try r.int() == 0 {
                words.append(nil)
            } else {
                let b = try r.buffer(UInt64.self)
                guard b.count == blocks else { throw .corrupt(offset: r.offset) }
                words.append(b)
            }
        }
        dense = words
        sparseStart = try r.array()
        sparseBlock = try r.buffer()
        sparseWord = try r.buffer()
        guard SnapshotChecks.splits(sparseStart, parts: concepts, end: sparseBlock.count),
            sparseWord.count == sparseBlock.count, SnapshotChecks.all(sparseBlock.elements, in: 0..<blocks)
        else { throw .corrupt(offset: r.offset) }
    }
}

extension IngredientIndex {
    func write(to w: inout SectionWriter) {
        for t in tables {
            w.strings(t.keys)
            w.strings(t.names)
            w.array(t.start)
            w.array(t.beers)
        }
    }

    init(from r: inout SectionReader, count: Int) throws(SnapshotReadError) {
        var tables: [Table] = []
        for _ in Kind.allCases {
            let keys = try r.strings()
            let names = try r.strings()
            let start = try r.array(Int32.self)
            let beers = try r.array(Int32.self)
            guard names.count == keys.count, SnapshotChecks.splits(start, parts: keys.count, end: beers.count),
                SnapshotChecks.all(beers, in: 0..<count)
            else { throw .corrupt(offset: r.offset) }
            tables.append(Table(keys: keys, names: names, start: start, beers: beers))
        }
        self.init(tables: tables)
    }
}

extension RecipeFeatures {
    func write(to w: inout SectionWriter) {
        w.strings(keys)
        w.strings(labels)
        w.array(weights)
        w.array(tokenStart)
        w.narrowArray(tokens)
        w.buffers(inverseNorm)
        w.buffer(fermentation)
        w.buffer(dryHopRate)
        w.buffer(methodMask)
        w.buffer(namedFamilies)
    }

    init(from r: inout SectionReader, count: Int) throws(SnapshotReadError) {
        let keys = try r.strings()
        let labels = try r.strings()
        let weights = try r.array(Float.self)
        let tokenStart = try r.array(Int32.self)
        let tokens = try r.narrowArray(Int32.self)
        let norms = try r.buffers(Float.self, expected: Self.tokenParts.count)
        let fermentation = try r.buffer(Float.self)
        let dryHopRate = try r.buffer(Float.self)
        let methodMask = try r.buffer(UInt8.self)
        let namedFamilies = try r.buffer(UInt8.self)
        let kinds = keys.map { key in UInt8(key.prefix { $0 != ":" }).flatMap(Kind.init(rawValue:)) }
        guard labels.count == keys.count, weights.count == keys.count, kinds.allSatisfy({ $0 != nil }),
            weights.allSatisfy({ $0.isFinite && $0 > 0 }),
            SnapshotChecks.splits(tokenStart, parts: count, end: tokens.count), SnapshotChecks.all(tokens, in: 0..<keys.count),
            norms.allSatisfy({ $0.count == count }), fermentation.count == count, dryHopRate.count == count,
            methodMask.count == count, namedFamilies.count == count,
            namedFamilies.elements.allSatisfy({ $0 == Self.noNamedFamily || Int($0) < BeerStyle.allCases.count })
        else { throw .corrupt(offset: r.offset) }
        self.init(
            count: count, keys: keys, labels: labels, kinds: kinds.map { $0.unsafelyUnwrapped }, weights: weights,
            tokenStart: tokenStart, tokens: tokens, inverseNorm: norms, fermentation: fermentation, dryHopRate: dryHopRate,
            methodMask: methodMask, namedFamilies: namedFamilies)
    }
}

extension RecipeBlocks {
    func write(to w: inout SectionWriter) {
        tokens.write(to: &w)
        w.buffers(inverseNorm)
        w.buffer(fermentation)
        w.buffer(dryHopRate)
        w.buffer(methodMask)
        for b in [partsAll, partsAny, methodAll, methodAny] { w.buffer(b) }
        for b in [fermentationLow, fermentationHigh, dryHopLow, dryHopHigh] { w.buffer(b) }
        w.array(yeastSets.reduce(into: [0]) { $0.append($0.last! + $1.count) })
        w.array(yeastSets.flatMap { $0 })
        w.buffer(blockYeast)
        w.buffer(groupYeast)
    }

    /// Reads the layout of `recipe` by `blocks` as it was built (``init(recipe:blocks:)``).
    init(from r: inout SectionReader, recipe: RecipeFeatures, blocks: FeatureBlocks) throws(SnapshotReadError) {
        let tokenKinds = recipe.keys.count
        tokens = try ConceptBlocks(from: &r, concepts: tokenKinds, blocks: blocks.blockCount)
        inverseNorm = try r.buffers(Float.self, expected: RecipeFeatures.tokenParts.count)
        fermentation = try r.buffer()
        dryHopRate = try r.buffer()
        methodMask = try r.buffer()
        partsAll = try r.buffer()
        partsAny = try r.buffer()
        methodAll = try r.buffer()
        methodAny = try r.buffer()
        fermentationLow = try r.buffer()
        fermentationHigh = try r.buffer()
        dryHopLow = try r.buffer()
        dryHopHigh = try r.buffer()
        let yeastStart = try r.array(Int.self)
        let yeastTokens = try r.array(Int32.self)
        blockYeast = try r.buffer()
        groupYeast = try r.buffer()
        let positions = blocks.positions
        let perBlock =
            [partsAll, partsAny, methodAll, methodAny].map(\.count)
            + [fermentationLow, fermentationHigh, dryHopLow, dryHopHigh].map(\.count) + [blockYeast.count]
        guard !yeastStart.isEmpty,
            SnapshotChecks.splits(yeastStart, parts: yeastStart.count - 1, end: yeastTokens.count),
            SnapshotChecks.all(yeastTokens, in: 0..<tokenKinds),
            inverseNorm.allSatisfy({ $0.count == positions }), fermentation.count == positions,
            dryHopRate.count == positions, methodMask.count == positions,
            perBlock.allSatisfy({ $0 == blocks.blockCount }), groupYeast.count == blocks.groupCount,
            SnapshotChecks.all(blockYeast.elements, in: -1..<yeastStart.count - 1),
            SnapshotChecks.all(groupYeast.elements, in: -1..<yeastStart.count - 1)
        else { throw .corrupt(offset: r.offset) }
        yeastSets = (0..<yeastStart.count - 1).map { Array(yeastTokens[yeastStart[$0]..<yeastStart[$0 + 1]]) }
        (filterNorms, filterNormUnit) = Self.filterNorms(food: blocks.inverseNorm, parts: inverseNorm)
    }
}

extension CatalogueStats {
    func write(to w: inout SectionWriter) {
        w.strings(fields.map(\.name))
        w.array(fields.map(\.missing))
        for part in [\Field.min, \.max, \.median] { w.array(fields.map { $0[keyPath: part] ?? .nan }) }
        w.int(withoutPairings)
        w.int(foodWords)
        w.int(foodConcepts)
        w.int(idRange == nil ? 0 : 1)
        w.int(idRange?.lowerBound ?? 0)
        w.int(idRange?.upperBound ?? 0)
    }

    init(from r: inout SectionReader, count: Int) throws(SnapshotReadError) {
        let names = try r.strings()
        let missing = try r.array(Int.self)
        let low = try r.array(Double.self)
        let high = try r.array(Double.self)
        let median = try r.array(Double.self)
        let withoutPairings = try r.int()
        let foodWords = try r.int()
        let foodConcepts = try r.int()
        let hasIDs = try r.int()
        let lowestID = try r.int()
        let highestID = try r.int()
        guard [missing.count, low.count, high.count, median.count].allSatisfy({ $0 == names.count }),
            missing.allSatisfy({ (0...count).contains($0) }), (0...count).contains(withoutPairings), foodWords >= 0,
            foodConcepts >= 0, hasIDs == 0 || (hasIDs == 1 && lowestID <= highestID)
        else { throw .corrupt(offset: r.offset) }
        let value = { (v: Double) in v.isNaN ? nil : v }
        self.init(
            count: count,
            fields: names.indices.map {
                Field(name: names[$0], missing: missing[$0], min: value(low[$0]), max: value(high[$0]), median: value(median[$0]))
            },
            withoutPairings: withoutPairings, foodWords: foodWords, foodConcepts: foodConcepts,
            idRange: hasIDs == 1 ? lowestID...highestID : nil)
    }
}
