/// The batch a brewer asks a recipe for: a volume (``BatchVolume``: `10l`, `5gal`) or a
/// multiple of the recipe's own batch (`2x` doubles it, `0.5x` halves it; `x2` too).
public enum BatchSize: Sendable, Equatable {
    case volume(BatchVolume)
    case multiple(Double)

    /// The multiples taken.
    public static let multiplesTaken: ClosedRange<Double> = 0.01...1_000

    /// ``multiplesTaken`` in words.
    static let multiplesInWords = "0.01x to 1,000x"

    /// What a batch size is, for messages that refuse one.
    public static let expected =
        BatchVolume.expected + "; or a multiple of the recipe's own batch, such as 2x or 0.5x (\(multiplesInWords))"

    /// Parses a volume with its unit, or a number with an `x` before or after it within
    /// ``multiplesTaken``; nil for anything else.
    public init?(parsing text: String) {
        if let volume = BatchVolume(parsing: text) {
            self = .volume(volume)
            return
        }
        guard let multiple = Self.multiple(parsing: text), Self.multiplesTaken.contains(multiple) else { return nil }
        self = .multiple(multiple)
    }

    /// The multiple `text` says, a number with an `x` before or after it, within
    /// ``multiplesTaken`` or not; nil for anything else.
    static func multiple(parsing text: String) -> Double? {
        let t = Substring(text.lowercased().filter { !$0.isWhitespace })
        let number: Substring
        if t.hasSuffix("x") || t.hasSuffix("×") {
            number = t.dropLast()
        } else if t.hasPrefix("x") || t.hasPrefix("×") {
            number = t.dropFirst()
        } else {
            return nil
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return Double(number)
    }

    /// The litres of this batch for a recipe written for `written` litres: nil for a
    /// multiple of a recipe that gives no volume, or one outside ``BatchVolume/litresTaken``.
    public func litres(writtenFor written: Double?) -> Double? {
        switch self {
        case .volume(let volume): return volume.litres
        case .multiple(let multiple):
            guard let written, written > 0 else { return nil }
            let litres = written * multiple
            return BatchVolume.litresTaken.contains(litres) ? litres : nil
        }
    }

    /// Why `text` is no batch size, in words for a one-line error: for a number without
    /// a unit (of a length a volume has), the units it could take; for a volume or a
    /// multiple past the sizes taken, those sizes; else what a batch size is, with the
    /// text cut to 40 characters.
    public static func complaint(about text: String) -> String {
        let t = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if !t.isEmpty, t.count <= 12, t.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), Double(t) != nil {
            return "'\(t)' has no unit: write \(t)l, \(t)gal, \(t)hl or \(t)bbl (\(BatchVolume.takenInWords)), or \(t)x for "
                + "\(t) times the recipe's batch"
        }
        if t.count <= 40, BatchVolume.litres(parsing: t) != nil {
            return "'\(t)' is outside the batch sizes taken, \(BatchVolume.takenInWords)"
        }
        if t.count <= 40, let multiple = multiple(parsing: t) {
            return "'\(t)' is outside the multiples taken, \(multiplesInWords)"
                + (multiple > 0 ? "" : " (a batch has some beer in it)")
        }
        return "'\(text.prefix(40))' is not a batch size: \(expected)"
    }
}
