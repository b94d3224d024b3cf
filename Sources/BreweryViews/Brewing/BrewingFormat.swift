import BreweryCore

/// The recipe formats brewing apps import (`--format beerxml`, the API's `recipe.xml`),
/// and a document of recipes in each, whole or written a recipe at a time: ``head``, the
/// ``element(_:)``s with ``separator`` between them, ``tail``.
package enum BrewingFormat: String, CaseIterable, Sendable {
    case beerxml, beerjson

    /// The document of `recipes`, ending in a newline.
    package func document(_ recipes: [BrewingRecipe]) -> String {
        switch self {
        case .beerxml: BeerXMLDocument(recipes: recipes).text
        case .beerjson: BeerJSONDocument(recipes: recipes).text
        }
    }

    /// What a document starts with.
    package var head: String { self == .beerxml ? BeerXMLDocument.head : BeerJSONDocument.head }
    /// What it ends with.
    package var tail: String { self == .beerxml ? BeerXMLDocument.tail : BeerJSONDocument.tail }
    /// What goes between two elements.
    package var separator: String { self == .beerxml ? "" : ",\n" }

    /// One recipe as an element of the document.
    package func element(_ recipe: BrewingRecipe) -> String {
        switch self {
        case .beerxml:
            var text = ""
            BeerXMLDocument.write(recipe, to: &text)
            return text
        case .beerjson: return BeerJSONDocument.element(recipe)
        }
    }
}
