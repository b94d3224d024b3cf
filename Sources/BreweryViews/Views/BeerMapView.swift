import BreweryCore

/// The map's JSON document (`/v2/map`): its axes, then either a point a beer (id, name,
/// abv, ibu — null when missing —, colour, whether the filter passes it) or the density's cells (column, row,
/// beers, beers the filter passes, colour). Colours are `#rrggbb`, or null without EBC.
package struct BeerMapView: Sendable {
    package struct Document: Encodable, Sendable {
        package struct Point: Encodable, Sendable {
            package var id: Int
            package var name: String
            @Nullable package var abv: Double?
            @Nullable package var ibu: Double?
            @Nullable package var colour: String?
            package var match: Bool
        }
        package struct Cell: Encodable, Sendable {
            package var column: Int
            package var row: Int
            package var count: Int
            package var matches: Int
            @Nullable package var colour: String?
        }
        /// `points` or `density`.
        package var shown: String
        package var abvMax: Double
        package var ibuMax: Double
        package var columns: Int
        package var rows: Int
        package var placed: Int
        package var matching: Int
        /// Beers without abv or ibu: on a strip beside the axis as points, left out of a density.
        package var missing: Int
        package var points: [Point]
        package var cells: [Cell]

        enum CodingKeys: String, CodingKey {
            case shown, columns, rows, placed, matching, missing, points, cells
            case abvMax = "abv_max"
            case ibuMax = "ibu_max"
        }
    }

    package let document: Document

    package init(map: BeerMap, catalogue: Catalogue) {
        document = Document(
            shown: map.isDensity ? "density" : "points",
            abvMax: NumberFormat.rounded(map.abvMax, places: 2), ibuMax: NumberFormat.rounded(map.ibuMax, places: 2),
            columns: BeerMap.columns, rows: BeerMap.rows, placed: map.placed, matching: map.matching, missing: map.missing,
            points: map.points.map {
                Document.Point(
                    id: Int(catalogue.ids[$0.index]), name: catalogue.beers.name(at: $0.index),
                    abv: $0.abv.map { NumberFormat.rounded($0, places: 2) },
                    ibu: $0.ibu.map { NumberFormat.rounded($0, places: 2) },
                    colour: $0.colour?.hex, match: $0.match)
            },
            cells: map.cells.map {
                Document.Cell(column: $0.column, row: $0.row, count: $0.count, matches: $0.matches, colour: $0.colour?.hex)
            })
    }
}
