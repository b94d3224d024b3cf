import Synchronization

/// The JSON of beers answered lately, for a catalogue too large to encode whole at start:
/// a beer asked for again (the first pages, a popular beer) is not read back from the
/// catalogue file and written again.
///
/// Direct-mapped and bounded: beer `i` sits only in slot `i % capacity`, replacing what was
/// there. A beer is kept only once it was read back unchanged, so what a slot holds is the
/// beer as the server loaded it.
final class RecentBeerJSON: Sendable {
    /// The most beers kept.
    static let capacity = 4_096

    private struct Slots {
        var beer = [Int](repeating: -1, count: RecentBeerJSON.capacity)
        var json = [[UInt8]](repeating: [], count: RecentBeerJSON.capacity)
    }

    private let slots = Mutex(Slots())

    /// Beer `i`'s JSON, if kept.
    func json(of i: Int) -> [UInt8]? {
        slots.withLock { $0.beer[i % Self.capacity] == i ? $0.json[i % Self.capacity] : nil }
    }

    /// Keeps `json` as beer `i`'s.
    func keep(_ json: [UInt8], of i: Int) {
        slots.withLock {
            $0.beer[i % Self.capacity] = i
            $0.json[i % Self.capacity] = json
        }
    }
}
