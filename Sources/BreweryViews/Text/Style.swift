/// Minimal ANSI styling, applied only when colour is on.
package struct Style: Sendable {
    /// Whether escape codes are written at all.
    package var enabled: Bool

    /// A style that colours when `enabled`.
    package init(enabled: Bool) { self.enabled = enabled }

    package func bold(_ s: String) -> String { enabled ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    package func dim(_ s: String) -> String { enabled ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    package func accent(_ s: String) -> String { enabled ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
    package func error(_ s: String) -> String { enabled ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
}
