/// Minimal ANSI styling, applied only when colour is on.
struct Style {
    var enabled: Bool
    func bold(_ s: String) -> String { enabled ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    func dim(_ s: String) -> String { enabled ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    func accent(_ s: String) -> String { enabled ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
    func error(_ s: String) -> String { enabled ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
}
