import CPrefetch
import Dispatch
import Foundation

extension FoodRanker {
    /// The pruned walk of a limited query of several words; its top k is the serial
    /// walk's, on any number of threads.
    ///
    /// The beers holding every word come first (they outrank all others), then, when
    /// those are fewer than k, the others by how many words they hold (``SlotCounts``).
    /// The first eighth of the catalogue is walked on one thread; if that does not settle
    /// the top k, the rest is cut into runs the threads claim in ascending order
    /// (``GroupDispenser``) and share one top k (``SharedCandidatePicker``): a stripe may
    /// score a few more beers than the serial walk, never fewer. See docs/internals.md
    /// ("food").
    struct Walk: Sendable {
        let catalogue: Catalogue
        let scorer: CandidateScorer
        let filter: BeerFilter
        /// The beers of each resolved query word (its own form or a related one).
        let slotBeers: [BeerSet]
        /// idf of each resolved query word, by slot.
        let idfs: [Float]
        let k: Int
        /// Machine words of a ``BeerSet`` in one run of a stripe (64 beers each).
        let runWords: Int

        /// Beers holding every word that must be left after the serial start (as judged
        /// from it) for the rest to be walked in stripes (0 to always do so).
        let parallelRest: Int

        /// How many beers ahead of the one being bounded the walks start loading their
        /// pairing counts (at a million beers, each a cache miss).
        static let lookahead = 16

        /// The usual ``parallelRest``: below it, a second thread costs more than it saves.
        static let usualParallelRest = 2_048

        /// What a walk of beers holding every word found.
        struct EveryWord {
            /// Beers holding every word that passed the filter.
            var passing = 0
            /// Whether the walk stopped because no later beer could enter the top k.
            var settled = false
        }

        /// Walks the beers of `every` (those holding every word) in machine words `words`,
        /// scoring into `picker` those whose bounds reach the k-th best; with a
        /// `dispenser`, only the runs of those words it hands out (offsets from
        /// `words.lowerBound`), as one stripe of a parallel walk.
        func everyWord(
            _ every: BeerSet, words: Range<Int>, dispenser: GroupDispenser? = nil, into picker: inout CandidatePicker
        ) -> EveryWord {
            let features = catalogue.features
            let unfiltered = filter.isEmpty
            let ascending = catalogue.idIndex.ascending
            let m = scorer.wordCount
            let starts = catalogue.food.pairingStart.pointer
            let best = scorer.upperBound(0, tierBound: 7, pairingsBound: 8)
            var found = EveryWord()
            var batch = BeerBatch()
            var next: Range<Int>? = dispenser == nil ? words : nil
            if let dispenser { next = dispenser.claim() }
            walk: while let run = next {
                picker.sync()
                let part = dispenser == nil ? run : words.lowerBound + run.lowerBound..<words.lowerBound + run.upperBound
                // Beers whose bounds reach the k-th are scored a batch at a time (see
                // ``CandidateScorer/score(batch:into:)``): against a k-th up to a batch
                // behind, so a few more are scored, never fewer, and the ranking is the same.
                // A second walk some beers ahead starts loading their pairing counts,
                // which the bounds read first: the beers are far apart, each a cache miss.
                var lead = every.members(inWords: part)
                for _ in 0..<Self.lookahead { if let a = lead.next() { brewery_prefetch(starts + a) } }
                for b in every.members(inWords: part) {
                    if let a = lead.next() { brewery_prefetch(starts + a) }
                    guard unfiltered || filter.passes(b, features) else { continue }
                    if ascending && !picker.reaches(best, b) {
                        // k beers hold every word at the best score there is, all with lower
                        // ids than this one and every one after it (the runs are handed out
                        // in ascending order).
                        found.settled = true
                        dispenser?.finish()
                        break walk
                    }
                    found.passing += 1
                    // The plain bound first: past it, the tighter one reads the pairings' lengths.
                    guard picker.reaches(scorer.upperBound(b, tierBound: 7), b) else { continue }
                    let share = scorer.shareBound(b, heldWords: m)
                    guard picker.reaches(scorer.upperBound(b, tierBound: 7, shareBound: share), b) else { continue }
                    if batch.add(b) {
                        batch.score(with: scorer, into: &picker)
                        picker.sync()
                    }
                }
                next = dispenser?.claim()
            }
            batch.score(with: scorer, into: &picker)
            return found
        }

        /// Walks the beers holding some but not all of the words (all of them when some
        /// word is unknown) by how many they hold, most first. A beer holding c of the
        /// words scores at most the c largest idfs' share plus the tightness bonus; once
        /// that cannot reach the k-th best, no beer holding fewer can either.
        func levels(into picker: inout CandidatePicker) {
            let descending = idfs.sorted(by: >)
            var level = scorer.everyWordKnown ? slotBeers.count - 1 : slotBeers.count
            var best: Float = descending.reduce(0, +)
            if scorer.everyWordKnown { best -= descending[level] }
            // Summed in another order than a beer's own bound: a margin keeps the rounding
            // on the safe side.
            func levelBound() -> Float { best / scorer.idfTotal * 1.0001 + 0.0001 + 0.1 }
            // Nothing to count when no beer holding fewer words can reach the k-th.
            guard level > 0, levelBound() >= picker.kthScore else { return }
            let counts = SlotCounts(slots: slotBeers)
            let features = catalogue.features
            let unfiltered = filter.isEmpty
            let starts = catalogue.food.pairingStart.pointer
            var batch = BeerBatch()
            while level > 0 {
                if levelBound() < picker.kthScore { break }
                // As in ``everyWord(_:words:dispenser:into:)``: their pairing counts load ahead.
                var lead = counts.beers(holding: level)
                for _ in 0..<Self.lookahead { if let a = lead.next() { brewery_prefetch(starts + a) } }
                for b in counts.beers(holding: level) {
                    if let a = lead.next() { brewery_prefetch(starts + a) }
                    guard unfiltered || filter.passes(b, features) else { continue }
                    var held: Float = 0
                    for slot in slotBeers.indices where slotBeers[slot].contains(b) { held += idfs[slot] }
                    let bound = scorer.upperBound(
                        b, tierBound: 0, coverageBound: held / scorer.idfTotal,
                        shareBound: scorer.shareBound(b, heldWords: level))
                    guard picker.reaches(bound, b) else { continue }
                    if batch.add(b) { batch.score(with: scorer, into: &picker) }
                }
                batch.score(with: scorer, into: &picker)
                level -= 1
                best -= descending[level]
            }
        }

        /// The whole walk; `parallel` lets the beers holding every word be walked on
        /// every core when many are left after the serial start.
        func run(parallel: Bool) -> CandidatePicker {
            var picker = CandidatePicker(k: k, limited: true, ids: catalogue.ids)
            var passing = 0
            if scorer.everyWordKnown {
                var every = slotBeers[0]
                for set in slotBeers.dropFirst() { every.formIntersection(set) }
                let words = every.words.count
                let head = parallel ? min(max(words / 8, runWords), words) : words
                let start = everyWord(every, words: 0..<head, into: &picker)
                passing = start.settled ? k : start.passing
                // How many are left, judged from the start (counting them costs as much as
                // a small query).
                let left = start.passing * (words - head) / max(head, 1)
                if !start.settled && head < words && left >= parallelRest {
                    let sink = SharedCandidatePicker(k: k, ids: catalogue.ids)
                    sink.seed(with: picker)
                    let stripes = SearchExecution.stripes
                    let dispenser = GroupDispenser(count: words - head, run: runWords)
                    let parts = inStripes(stripes) { _ in
                        var own = CandidatePicker(k: k, limited: true, ids: catalogue.ids, sink: sink)
                        return (everyWord(every, words: head..<words, dispenser: dispenser, into: &own), own)
                    }
                    let anyAllInOnePairing = picker.anyAllInOnePairing || parts.contains { $0.1.anyAllInOnePairing }
                    picker = sink.result()
                    picker.noteAllInOnePairing(anyAllInOnePairing)
                    for (found, _) in parts { passing = found.settled ? k : min(passing + found.passing, k) }
                } else if !start.settled && head < words {
                    let rest = everyWord(every, words: head..<words, into: &picker)
                    passing = rest.settled ? k : passing + rest.passing
                }
            }
            // A beer holding a dish form only in a pairing of nothing else asked for scores
            // as if without it: beers holding fewer words may still outrank it.
            if passing < k || scorer.formSlots != 0 { levels(into: &picker) }
            return picker
        }

        /// `body` for each of `stripes` stripes with `DispatchQueue.concurrentPerform`.
        private func inStripes<T>(_ stripes: Int, _ body: (Int) -> T) -> [T] {
            let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: stripes)
            results.initialize(repeating: nil)
            defer {
                results.deinitialize()
                results.deallocate()
            }
            nonisolated(unsafe) let out = results
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let body = body
                DispatchQueue.concurrentPerform(iterations: stripes) { s in out[s] = body(s) }
            }
            return results.map { $0! }
        }
    }
}
