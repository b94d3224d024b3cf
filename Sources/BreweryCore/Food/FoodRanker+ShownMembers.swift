extension FoodRanker {
    /// The texts of one slot's expansion to name, each once; beside a condition on the
    /// whole dish (a diet), only those some pairing holds together with every `required`
    /// slot.
    ///
    /// The ranking counts a slot that is not required only in pairings of every required
    /// one ("vegetarian soup": a ramen beside a vegetable dish is no vegetarian soup), so
    /// a member no such pairing holds matched nothing and is not said to. `shown` is in
    /// display order, several resolved members to a text; a text is kept when any of
    /// them is held. Reads the postings of each member's first word until one pairing
    /// qualifies; what each distinct pairing says of the required slots is worked out
    /// once.
    func shownMembers(_ shown: [ResolvedMember], heldWith required: [[ResolvedMember]]) -> [String] {
        guard !required.isEmpty else {
            var texts: [String] = []
            for r in shown where !texts.contains(r.text) { texts.append(r.text) }
            return texts
        }
        let food = catalogue.food
        let distinctCount = food.distinctConceptStart.count - 1
        // Per distinct pairing: 0 not looked at, 1 of every required slot, 2 not.
        var ofRequired = [UInt8](repeating: 0, count: max(distinctCount, 0))
        var kept: [String] = []
        for r in shown where !kept.contains(r.text) {
            if isHeld(r, required: required, ofRequired: &ofRequired) { kept.append(r.text) }
        }
        return kept
    }

    /// Whether some pairing holds `m` and a member of each `required` slot.
    private func isHeld(_ m: ResolvedMember, required: [[ResolvedMember]], ofRequired: inout [UInt8]) -> Bool {
        let food = catalogue.food
        let starts = food.pairingStart.pointer
        let refs = food.pairingRef.pointer
        let postings = food.postings
        for range in m.ranges.first ?? [] {
            for i in range {
                let b = Int(postings[i] >> 3)
                let slot = Int(postings[i] & 7)
                // The eighth slot stands for every pairing past the seventh.
                let first = starts[b] + slot
                let last = slot == 7 ? starts[b + 1] : first + 1
                for g in first..<last {
                    let ref = Int(refs[g])
                    let concepts = self.concepts(ofDistinct: ref)
                    guard Self.holds(m, concepts) else { continue }
                    if ofRequired[ref] == 0 {
                        ofRequired[ref] =
                            required.allSatisfy { slot in slot.contains { Self.holds($0, concepts) } } ? 1 : 2
                    }
                    if ofRequired[ref] == 1 { return true }
                }
            }
        }
        return false
    }

    /// The concepts of distinct pairing `ref`.
    private func concepts(ofDistinct ref: Int) -> UnsafeBufferPointer<Int32> {
        let food = catalogue.food
        let start = Int(food.distinctConceptStart.pointer[ref])
        let end = Int(food.distinctConceptStart.pointer[ref + 1])
        return UnsafeBufferPointer(start: food.distinctConcepts.pointer + start, count: end - start)
    }

    /// Whether a pairing of `concepts` is an instance of `m`: each of its words has one
    /// of its concepts there, and no absent word has.
    private static func holds(_ m: ResolvedMember, _ concepts: UnsafeBufferPointer<Int32>) -> Bool {
        m.words.allSatisfy { $0.contains(where: concepts.contains) }
            && !m.absent.contains { $0.contains(where: concepts.contains) }
    }
}
