import BreweryStore

extension Session {
    /// Writes what `produce` hands its writer to `path`, replacing the file whole and only
    /// once all of it is written (a failure or a Ctrl-C leaves the file as it was), each
    /// failure said in one line.
    func writeExport(to path: String, _ produce: ((String) -> Void) -> Void) throws(BreweryError) {
        do {
            try ExportFile.write(to: path, cancelled: cancelled, produce)
        } catch .writeFailed(_, let reason) {
            throw .failure("cannot write '\(path)': \(reason); nothing was exported")
        } catch .abandoned {
            throw .cancelled("cancelled: '\(path)' was left as it was")
        } catch {
            throw .store(error)
        }
    }
}
