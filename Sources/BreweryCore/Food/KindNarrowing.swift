/// For a dish read as its kind (``FoodRanker``) that the food knowledge holds in other
/// kinds too: the kind read and the dish's other kinds. The kind's members that are
/// instances of none of the others rank as related ones, so the members they share come
/// first: "nasi goreng", Asian food and a rice dish, finds sushi before sashimi.
struct KindNarrowing: Sendable {
    /// The concept the dish is read as.
    let kind: Int
    /// The other concepts that hold the dish as a member; never empty.
    let others: [Int]

    /// The narrowing for a dish of `words` read as concept `kind`; nil when the knowledge
    /// holds the dish in no other kind.
    init?(dish words: [String], readAs kind: Int, in knowledge: FoodKnowledge) {
        let others = knowledge.concepts(holdingMember: words).filter { $0 != kind }
        guard !others.isEmpty else { return nil }
        self.kind = kind
        self.others = others
    }

    /// Whether a member of `words` is one of another kind of the dish too (folded words).
    func isShared(_ words: [String], in knowledge: FoodKnowledge) -> Bool {
        others.contains { knowledge.isOf($0, dish: words) }
    }
}
