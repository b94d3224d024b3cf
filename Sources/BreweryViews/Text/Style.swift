/// Minimal ANSI styling, applied only when colour is on.
public struct Style: Sendable {
    /// Whether escape codes are written at all.
    public var enabled: Bool

    /// A style that colours when `enabled`.
    public init(enabled: Bool) { self.enabled = enabled }

    public func bold(_ s: String) -> String { enabled ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    public func dim(_ s: String) -> String { enabled ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    public func accent(_ s: String) -> String { enabled ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
    public func error(_ s: String) -> String { enabled ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
}
