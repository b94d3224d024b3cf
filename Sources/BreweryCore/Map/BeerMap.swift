/// Every beer placed by strength (abv, x) and bitterness (ibu, y): what the web page's map
/// draws. A catalogue up to ``pointLimit`` beers is answered as points, one a beer; a
/// larger one as a density, the beers counted in a grid of ``columns`` × ``rows`` cells,
/// so that a million beers cost the page one small answer.
///
/// As points, a beer without an abv or an ibu is still drawn, its missing value nil (the
/// page puts it on a strip beside the axis); the density counts only beers with both
/// (``missing`` counts the others). The axes run from 0 to the largest value rounded up
/// to a top that four round steps reach (``axisTop(_:cap:)``), capped (``abvCap``,
/// ``ibuCap``): a beer beyond a cap sits on the edge. A filter marks the beers it passes (`match`), so the page can
/// show where they are among the rest. Points are in id order; cells row by row.
public struct BeerMap: Sendable {
    /// One beer on the map.
    public struct Point: Sendable, Equatable {
        public let index: Int
        /// nil when the record has none.
        public let abv: Double?
        public let ibu: Double?
        /// The beer's colour; nil without an EBC.
        public let colour: BeerColour?
        /// Whether the filter passes it (true without a filter).
        public let match: Bool
    }

    /// One cell of the density: the beers in it, those the filter passes, and their
    /// colour (from their median EBC).
    public struct Cell: Sendable, Equatable {
        public let column: Int
        public let row: Int
        public let count: Int
        public let matches: Int
        public let colour: BeerColour?
    }

    /// The largest abv and ibu the axes reach: a few beers far above the rest would
    /// otherwise squeeze them into a corner.
    public static let abvCap = 20.0
    public static let ibuCap = 200.0
    /// Where an axis whose largest value is `largest` ends: four steps of 1, 2, 2.5 or 5
    /// times a power of ten, the fewest that reach it (17.7 → 20, 8.2 → 10, 163 → 200), so
    /// the page's four ticks read as round numbers; `cap` at most (a cap is such a top)
    /// and 4 at least.
    public static func axisTop(_ largest: Double, cap: Double) -> Double {
        let value = min(largest, cap)
        guard value > 4 else { return 4 }
        let rough = value / 4
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        let step = [1, 2, 2.5, 5, 10].map { $0 * power }.first { $0 * 4 >= value * (1 - 1e-12) } ?? 10 * power
        return min(step * 4, cap)
    }

    /// Catalogues of up to this many beers are answered as points.
    public static let pointLimit = 20_000
    /// The density's grid.
    public static let columns = 80
    public static let rows = 50

    /// The largest abv and ibu on the axes.
    public let abvMax: Double
    public let ibuMax: Double
    /// The beers drawn, and how many the filter passes.
    public let placed: Int
    public let matching: Int
    /// Beers with no abv or no ibu (drawn on a strip as points; not in a density).
    public let missing: Int
    /// Whether the map is a density (the catalogue has more than ``pointLimit`` beers).
    public let isDensity: Bool
    /// The beers, for a catalogue up to ``pointLimit``; else empty.
    public let points: [Point]
    /// The density's cells with at least one beer, for a larger catalogue; else empty.
    public let cells: [Cell]

    /// The map of `catalogue`, marking the beers `passes` (every beer when nil).
    public init(catalogue: Catalogue, order: [Int32]? = nil, passes: ((Int) -> Bool)? = nil) {
        let features = catalogue.features
        let abv = features.raw[Axis.abv.rawValue]
        let ibu = features.raw[Axis.ibu.rawValue]
        let ebc = features.raw[Axis.ebc.rawValue]
        let both = UInt8(1 << Axis.abv.rawValue | 1 << Axis.ibu.rawValue)
        let hasEBC = UInt8(1 << Axis.ebc.rawValue)
        let hasABV = UInt8(1 << Axis.abv.rawValue)
        let hasIBU = UInt8(1 << Axis.ibu.rawValue)
        var (abvTop, ibuTop, complete, matching) = (0.0, 0.0, 0, 0)
        for i in 0..<catalogue.count {
            let m = features.mask[i]
            if m & hasABV != 0 { abvTop = max(abvTop, Double(abv[i])) }
            if m & hasIBU != 0 { ibuTop = max(ibuTop, Double(ibu[i])) }
            if m & both == both { complete += 1 }
        }
        abvMax = Self.axisTop(abvTop, cap: Self.abvCap)
        ibuMax = Self.axisTop(ibuTop, cap: Self.ibuCap)
        missing = catalogue.count - complete
        isDensity = catalogue.count > Self.pointLimit
        placed = isDensity ? complete : catalogue.count
        if !isDensity {
            var points: [Point] = []
            points.reserveCapacity(catalogue.count)
            for i32 in order ?? (0..<Int32(catalogue.count)).map({ $0 }) {
                let i = Int(i32)
                let m = features.mask[i]
                let match = passes?(i) ?? true
                if match { matching += 1 }
                points.append(
                    Point(
                        index: i, abv: m & hasABV != 0 ? min(Double(abv[i]), abvMax) : nil,
                        ibu: m & hasIBU != 0 ? min(Double(ibu[i]), ibuMax) : nil,
                        colour: m & hasEBC != 0 ? BeerColour(ebc: Double(ebc[i])) : nil, match: match))
            }
            self.points = points
            cells = []
        } else {
            var counts = [Int](repeating: 0, count: Self.columns * Self.rows)
            var matches = counts
            var ebcs = [[Float]](repeating: [], count: counts.count)
            for i in 0..<catalogue.count where features.mask[i] & both == both {
                let c = min(Int(Double(abv[i]) / abvMax * Double(Self.columns)), Self.columns - 1)
                let r = min(Int(Double(ibu[i]) / ibuMax * Double(Self.rows)), Self.rows - 1)
                let cell = r * Self.columns + c
                counts[cell] += 1
                if passes?(i) ?? true {
                    matches[cell] += 1
                    matching += 1
                }
                // A sample of each cell's colours is enough for its median.
                if features.mask[i] & hasEBC != 0, ebcs[cell].count < 64 { ebcs[cell].append(ebc[i]) }
            }
            var cells: [Cell] = []
            for cell in counts.indices where counts[cell] > 0 {
                let sample = ebcs[cell].sorted()
                cells.append(
                    Cell(
                        column: cell % Self.columns, row: cell / Self.columns, count: counts[cell], matches: matches[cell],
                        colour: sample.isEmpty ? nil : BeerColour(ebc: Double(sample[sample.count / 2]))))
            }
            self.cells = cells
            points = []
        }
        self.matching = matching
    }
}
