/// Ingredient names read as an export reads them (``BrewingRecipe``): whether a hop entry
/// is no hop (a sugar, fruit, spice…) and whether a malt entry is a grain, remembered by
/// name, so a pass over many recipes reads each distinct name once.
///
/// Not shared between threads: each keeps its own.
struct IngredientClassifier {
    let tables: BrewingTables
    private var noHop: [String: Bool] = [:]
    private var grain: [String: Bool] = [:]

    init(tables: BrewingTables = .standard) { self.tables = tables }

    /// Whether a hop entry named `name` is no hop: no variety the tables know, and a sugar,
    /// honey or other ingredient they do.
    mutating func isNoHop(_ name: String) -> Bool {
        if let known = noHop[name] { return known }
        let answer =
            tables.hops.row(for: name) == nil
            && (tables.adjuncts.row(for: name) != nil || tables.fermentables.row(for: name).map { !$0.value.isGrain } == true)
        noHop[name] = answer
        return answer
    }

    /// Whether a malt entry named `name` is a grain: a grain of the tables, or a name they
    /// do not know (an export takes it as one); not a sugar nor an adjunct.
    mutating func isGrain(_ name: String) -> Bool {
        if let known = grain[name] { return known }
        let answer = tables.fermentables.row(for: name).map(\.value.isGrain) ?? (tables.adjuncts.row(for: name) == nil)
        grain[name] = answer
        return answer
    }
}
