/// The API's OpenAPI 3.1 description (`Data/openapi.json`, compiled in), served at
/// `/openapi.json`; a test checks it against the server's answers.
package enum OpenAPIDocument {
    /// The document's bytes.
    package static var bytes: [UInt8] { PackageResources.openapi_json }
}
