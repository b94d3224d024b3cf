/// What `synth` shows: how many synthetic beers were written where.
package struct SynthSummaryView: CommandView {
    /// The JSON document.
    package struct Document: Encodable, Sendable, Equatable {
        package var beers: Int
        package var out: String
        package var seed: UInt64
    }

    package let document: Document

    package init(beers: Int, out: String, seed: UInt64) { document = Document(beers: beers, out: out, seed: seed) }

    package func lines(width: Int, style: Style) -> [String] {
        ["Wrote \(document.beers) synthetic beers (seed \(document.seed)) to \(document.out)."]
    }

    package var csv: CSVTable {
        CSVTable(header: ["beers", "out", "seed"], rows: [[String(document.beers), document.out, String(document.seed)]])
    }
}
