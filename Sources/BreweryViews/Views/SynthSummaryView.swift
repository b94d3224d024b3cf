/// What `synth` shows: how many synthetic beers were written where.
public struct SynthSummaryView: CommandView {
    /// The JSON document.
    public struct Document: Encodable, Sendable, Equatable {
        public var beers: Int
        public var out: String
        public var seed: UInt64
    }

    public let document: Document

    public init(beers: Int, out: String, seed: UInt64) { document = Document(beers: beers, out: out, seed: seed) }

    public func lines(width: Int, style: Style) -> [String] {
        ["Wrote \(document.beers) synthetic beers (seed \(document.seed)) to \(document.out)."]
    }

    public var csv: CSVTable {
        CSVTable(header: ["beers", "out", "seed"], rows: [[String(document.beers), document.out, String(document.seed)]])
    }
}
