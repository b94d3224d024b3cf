import BreweryTestScheduling
import BreweryTestSupport
import Foundation
import Testing

/// Every input that once crashed Brewery (saved by the fuzzer, or reported in an issue)
/// runs again through the fuzzer's own harness, and a short fuzzing run finds nothing.
@Suite(.blockingWork) struct FuzzReplayTests {
    let runner = BinaryRunner()

    @Test func savedCrashingInputsNoLongerCrash() throws {
        let crashes = SharedData.repositoryRoot.appendingPathComponent("Tests/BreweryFuzz/Crashes").path
        let r = try runner.run(
            ["--replay", crashes, "--dir", runner.home + "/fuzz"], binary: BinaryRunner.built("brewery-fuzz"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("crashes 0") && !r.stderr.contains(" 0 saved inputs"))
    }

    @Test func aShortSeededRunFindsNothing() throws {
        let r = try runner.run(
            ["--seconds", "1", "--seed", "42", "--dir", runner.home + "/fuzz"], binary: BinaryRunner.built("brewery-fuzz"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "crashes 0").count == 4, "\(r.stderr)")
    }
}
