import BreweryAPI

/// The headers every page and asset is answered with.
///
/// The Content-Security-Policy lets a page load only this server's script, stylesheet,
/// pictures and API (no inline script or style, nothing from another host: the page works
/// offline, and text from the catalogue can never run); forms post only here; no other
/// site may frame it.
package enum WebResponse {
    /// The policy of every page.
    package static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// An HTML page with `status`.
    package static func html(_ text: String, status: Int = 200) -> APIResponse {
        APIResponse(
            status: status,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"), ("Content-Security-Policy", contentSecurityPolicy),
                ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"), ("Cache-Control", "no-store"),
            ], body: Array(text.utf8))
    }

    /// A file of the page (script, stylesheet, picture), kept by the browser for a day.
    package static func asset(_ bytes: [UInt8], type: String) -> APIResponse {
        APIResponse(
            status: 200,
            headers: [
                ("Content-Type", type), ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
                ("Cache-Control", "public, max-age=86400"),
            ], body: bytes)
    }
}
