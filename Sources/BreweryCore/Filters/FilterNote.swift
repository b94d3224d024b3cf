/// What a filter named that nothing in the catalogue is, for the front end to say.
package enum FilterNote: Sendable, Equatable {
    /// No recipe uses an ingredient named so; the ingredients a typo may have meant.
    case noIngredient(IngredientIndex.Kind, String, nearest: [String])
    /// No BJCP style is named so; the style names a typo may have meant.
    case noStyle(String, nearest: [String])
    /// No beer has these ids.
    case unknownIDs([Int])
}
