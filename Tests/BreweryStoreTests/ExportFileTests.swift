import BreweryStore
import BreweryTestSupport
import Foundation
import Testing

/// A file `export --out` writes: whole or not at all; a cancelled export leaves what was there.
@Suite struct ExportFileTests {
    let folder = TemporaryFolder(prefix: "brewery-export")

    @Test func aFinishedExportReplacesTheFileWhole() throws {
        let path = folder.path + "/out.xml"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        try ExportFile.write(to: path) { write in
            write("<a>")
            write("</a>\n")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<a></a>\n")
    }

    @Test func aCancelledExportLeavesTheFileAndNoTemporaryBehind() throws {
        let path = folder.path + "/keep.xml"
        try "mine\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: StoreError.abandoned(path: path)) {
            let half: ((String) -> Void) -> Void = { write in write("half of it") }
            try ExportFile.write(to: path, cancelled: { true }, half)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["keep.xml"])
    }
}
