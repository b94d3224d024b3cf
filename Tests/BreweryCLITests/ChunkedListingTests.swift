import ArgumentParser
import BreweryTestSupport
import BreweryViews
import Testing

@testable import BreweryCLI

/// A listing written chunk by chunk (``Session/showRows(count:_:_:)``), stopped by a Ctrl-C.
@Suite struct ChunkedListingTests {
    /// Rows `range` of a ranked result of `count`, with no text (nothing reaches stdout).
    struct Rows: CommandView {
        let range: Range<Int>
        let count: Int
        var document: [Int] { Array(range) }
        func lines(width: Int, style: Style) -> [String] { [] }
        var csv: CSVTable { CSVTable(header: [], rows: []) }
        var window: ResultWindow? { ResultWindow(offset: range.lowerBound, shown: range.count, more: range.upperBound < count) }
    }

    @Test(arguments: [(1, 0), (2, 2), (3, 4)] as [(Int, Int?)])
    func moreGoesOnAfterTheChunksWrittenBeforeACtrlC(_ chunksBuilt: Int, _ next: Int?) throws {
        let session = Session(
            environment: [:], output: Output(terminal: Terminal(stdoutIsTTY: false, stdinIsTTY: false, width: 80, color: false)))
        session.chunkRows = 2
        let built = Locked(0)
        // Ctrl-C while the `chunksBuilt`-th chunk is written: it is cut short (the first
        // one too: `more` then shows it again).
        session.cancelled = { built.withLock { $0 } >= chunksBuilt }
        session.showRows(count: 10, try GlobalOptions.parse([])) { range in
            built.withLock { $0 += 1 }
            return Rows(range: range, count: 10)
        }
        #expect(built.withLock { $0 } == chunksBuilt, "no chunk is built after the Ctrl-C")
        #expect(session.lastWindow?.next == next)
    }
}
