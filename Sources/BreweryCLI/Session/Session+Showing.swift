import BreweryViews

/// How a command's view reaches the terminal: in the format its options or the session
/// ask for, whole or chunk by chunk, noting the part of a ranking shown for `more`.
extension Session {
    /// Shows `count` rows of a ranked result: as one view when they are at most
    /// ``chunkRows`` (or asked expanded), else chunk by chunk, each `view(range)` built
    /// only when it is written (a million rows as JSON stream out in constant memory),
    /// stopping at a Ctrl-C between chunks. Long streamed output is not paged.
    func showRows<V: CommandView>(count: Int, _ options: GlobalOptions, _ view: (Range<Int>) -> V) {
        let format = options.requestedFormat ?? defaultFormat
        let mode = options.expanded ? .on : expanded
        guard count > chunkRows, ChunkedRendering.supports(format, expanded: mode), !(format == .json && jsonLines) else {
            show(view(0..<count), options)
            return
        }
        // The window covers the chunks written whole: after a Ctrl-C, `more` goes on from
        // the first row not surely shown (a chunk cut short is shown again, the first one
        // too: its window then shows no row and has more).
        var window: ResultWindow?
        for start in stride(from: 0, to: count, by: chunkRows) {
            if cancelled() { break }
            let end = min(start + chunkRows, count)
            let part: ChunkedRendering.Part = start == 0 ? .first : (end == count ? .last : .middle)
            let chunk = view(start..<end)
            output.write(
                ChunkedRendering.text(of: chunk, part, format: format, width: output.terminal.width, style: output.style))
            if cancelled() {
                if start == 0, let w = chunk.window { window = ResultWindow(offset: w.offset, shown: 0, more: true) }
                break
            }
            if start == 0 { window = chunk.window }
            if let w = chunk.window, let first = window { window = ResultWindow(offset: first.offset, shown: end, more: w.more) }
        }
        lastWindow = window
    }

    /// Writes what a command shows, in the format its options or the session ask for, and
    /// notes the part of a ranking it showed for `more`.
    func show(_ view: some CommandView, _ options: GlobalOptions) {
        let format = options.requestedFormat ?? defaultFormat
        let mode = options.expanded ? .on : expanded
        let text =
            format == .json && jsonLines
            ? JSONDocument.line(view.document) + "\n"
            : view.rendered(format, width: output.terminal.width, style: output.style, expanded: mode)
        output.show(text, paging: !options.noPager)
        lastWindow = view.window
    }
}
