/// When a hop goes in and what for, read from the free text of the DIY Dog recipes
/// ("start", "Dry Hop", "Flame Out", "70" minutes, "fv"; "bitter", "Bittering",
/// "flavoour"…), so additions sort in brewing order and read the same everywhere.
public struct HopAddition: Sendable, Equatable, Comparable {
    /// The stage of the brew, in brewing order.
    public enum Stage: Int, Sendable, Comparable, CaseIterable {
        /// In the mash or as first-wort hops.
        case mash
        /// At the start of the boil (or a number of minutes before its end).
        case start
        /// In the middle of the boil.
        case middle
        /// At the end of the boil: flame-out, whirlpool, kettle.
        case end
        /// In the fermenter: dry hops.
        case dryHop
        /// Later: maturation, wood ageing.
        case ageing
        /// Something else (kept as written).
        case other

        public static func < (a: Stage, b: Stage) -> Bool { a.rawValue < b.rawValue }

        /// The word shown for the stage.
        public var label: String {
            switch self {
            case .mash: "mash"
            case .start: "start"
            case .middle: "middle"
            case .end: "end"
            case .dryHop: "dry hop"
            case .ageing: "ageing"
            case .other: "other"
            }
        }
    }

    /// What a hop is for.
    public enum Purpose: String, Sendable, Equatable {
        case bitter, flavour, aroma, other
    }

    /// When in the brew it goes in.
    public var stage: Stage
    /// Minutes before the end of the boil, when the recipe gives a number.
    public var minutes: Int?
    /// What it is for.
    public var purpose: Purpose
    /// The recipe's own words, for what fits no stage.
    public var written: String
    /// The moment within the stage the record names, as brewers say it ("flame-out",
    /// "whirlpool", "secondary", "first wort"); nil when it names only the stage.
    public var moment: String?

    /// Reads the recipe's `add` and `attribute` texts.
    public init(add: String?, attribute: String?) {
        written = add ?? ""
        let a = IngredientName.key(add ?? "")
        if let m = Int(a) {
            minutes = m
            // 60 or more minutes before the end is the start of a usual boil; 0 is flame-out.
            stage = m == 0 ? .end : (m >= 45 ? .start : .middle)
            moment = m == 0 ? "flame-out" : nil
        } else {
            minutes = nil
            (stage, moment) =
                switch a {
                case "start", "boil": (.start, nil)
                case "middle": (.middle, nil)
                case "end", "kettle": (.end, nil)
                case "flame out", "flameout", "knock out": (.end, "flame-out")
                case "whirlpool": (.end, "whirlpool")
                case "dry hop", "fv", "fv addition", "dry hopping": (.dryHop, nil)
                case "secondary": (.dryHop, "secondary")
                case "mash": (.mash, nil)
                case "first wort hops", "first wort": (.mash, "first wort")
                case "ageing": (.ageing, nil)
                case "maturation": (.ageing, "maturation")
                case "wood ageing": (.ageing, "wood ageing")
                default: (.other, nil)
                }
        }
        let p = IngredientName.key(attribute ?? "")
        if p.hasPrefix("bit") {
            purpose = .bitter
        } else if p.hasPrefix("flav") {
            purpose = .flavour
        } else if p.hasPrefix("arom") {
            purpose = .aroma
        } else {
            purpose = .other
        }
    }

    /// How the addition reads: minutes before the end of the boil ("60 min"), else the
    /// moment the record names ("flame-out", for both "Flame Out" and 0 minutes), else
    /// the stage ("start", "end", "dry hop"), else the record's own words.
    public var label: String {
        if let minutes, minutes > 0 { return "\(minutes) min" }
        if let moment { return moment }
        return stage == .other ? (written.isEmpty ? "-" : written) : stage.label
    }

    /// Brewing order: by stage, then by more minutes left in the boil first (flame-out
    /// is 0 minutes left, before a plain "end").
    public static func < (a: HopAddition, b: HopAddition) -> Bool {
        if a.stage != b.stage { return a.stage < b.stage }
        return a.minutesLeft > b.minutesLeft
    }

    private var minutesLeft: Int { minutes ?? (moment == "flame-out" ? 0 : -1) }
}
