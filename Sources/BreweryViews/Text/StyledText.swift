/// A line of text whose parts carry a style, resolved when the line is rendered.
package struct StyledText: Sendable, Equatable, ExpressibleByStringLiteral {
    /// One run of text.
    package enum Span: Sendable, Equatable {
        case plain(String)
        case bold(String)
        case dim(String)
    }

    /// The runs, in order.
    package var spans: [Span]

    /// A line made of `spans`.
    package init(_ spans: [Span]) { self.spans = spans }

    /// A plain line.
    package init(stringLiteral value: String) { spans = [.plain(value)] }

    /// The text with escape codes where `style` colours.
    package func rendered(_ style: Style) -> String {
        spans.map { span in
            switch span {
            case .plain(let s): TerminalText.safe(s)
            case .bold(let s): style.bold(TerminalText.safe(s))
            case .dim(let s): style.dim(TerminalText.safe(s))
            }
        }.joined()
    }
}
