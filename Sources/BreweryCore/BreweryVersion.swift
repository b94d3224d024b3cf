/// Brewery's version: what `brewery --version` prints and the API's OpenAPI document
/// states (a test holds the document to it).
public enum BreweryVersion {
    /// The version `brewery --version` prints and the API's OpenAPI document names.
    public static let current = "0.7.0"
}
