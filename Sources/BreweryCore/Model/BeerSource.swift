/// Reads beers back from the catalogue file a snapshot was made from.
///
/// A snapshot of a JSON file keeps, for each beer, only what lists show and where its
/// object is in the file (a located ``BeerRecord``); showing a whole beer reads those
/// bytes again through this. The store gives one reading the file by offset; the core
/// itself reads no files.
public struct BeerSource: Sendable {
    /// `count` bytes of the file from `offset`, or nil if they cannot be read (the file
    /// has been cut short since).
    let read: @Sendable (_ offset: Int, _ count: Int) -> [UInt8]?

    /// A source reading `count` bytes from `offset` with `read`.
    public init(read: @escaping @Sendable (_ offset: Int, _ count: Int) -> [UInt8]?) {
        self.read = read
    }

    /// The beer whose object is at `span`, if its bytes can be read and are those the
    /// catalogue was built from (the span's checksum): a file changed in place since, even
    /// keeping its size and times, may hold another beer there, or this one with other
    /// values than its indexes hold.
    func beer(at span: BeerSpan, id: Int) -> Beer? {
        let range = span.range
        guard let bytes = read(range.lowerBound, range.count), bytes.count == range.count else { return nil }
        guard bytes.withUnsafeBytes({ Checksum.of($0) }) == span.checksum else { return nil }
        guard let beer = bytes.withUnsafeBytes({ BeerJSONReader.beer(in: $0) }), beer.id == id else { return nil }
        return beer
    }
}
