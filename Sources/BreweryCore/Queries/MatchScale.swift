/// The one scale both recommenders show a result on: a match from 0 to 100, where 100
/// is the best a result can be (a beer identical to the liked one in every part; a
/// pairing that holds every word of the dish as typed). The raw scores behind it are
/// the recommenders' own (`--explain` and the JSON `score` give them).
public enum MatchScale {
    /// A `recommend like` score (0…1) as a match.
    public static func like(_ score: Float) -> Int { percent(score) }

    /// A `recommend food` score (0…``FoodRanker/highestScore``) as a match.
    public static func food(_ score: Float) -> Int { percent(score / FoodRanker.highestScore) }

    private static func percent(_ share: Float) -> Int {
        guard share.isFinite else { return 0 }
        return Int((min(max(share, 0), 1) * 100).rounded())
    }
}
