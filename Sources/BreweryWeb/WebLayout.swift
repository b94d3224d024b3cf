/// The frame of every page: the head (the one stylesheet and script), a link past the
/// navigation for keyboard users, the navigation with the current page marked, and `main`.
package enum WebLayout {
    /// The sections the navigation links to.
    package enum Section: String, CaseIterable, Sendable {
        case beers = "/"
        case food = "/food"
        case map = "/map"
        case me = "/me"

        var label: String {
            switch self {
            case .beers: "Beers"
            case .food: "Food"
            case .map: "Map"
            case .me: "For you"
            }
        }
    }

    /// A whole page titled `title` (escaped here) with `main` (HTML) in it, and in its
    /// footer `credit` (plain text: where the beers come from).
    package static func page(title: String, section: Section?, main: String, credit: String) -> String {
        var nav = ""
        for s in Section.allCases {
            let current = s == section ? #" aria-current="page""# : ""
            nav += #"<li><a href="\#(s.rawValue)"\#(current)>\#(s.label)</a></li>"#
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title)) · Brewery</title>
            <link rel="icon" href="/glass/20.svg" type="image/svg+xml">
            <link rel="stylesheet" href="/static/app.css?v=\(WebAssets.version)">
            <script src="/static/app.js?v=\(WebAssets.version)" defer></script>
            </head>
            <body>
            <a class="skip" href="#main">Skip to content</a>
            <header class="top"><a class="brand" href="/">Brewery</a>
            <nav aria-label="Sections"><ul>\(nav)<li><a href="/openapi.json">API</a></li></ul></nav></header>
            <main id="main" tabindex="-1">
            \(main)
            </main>
            <footer><p>\(HTML.escape(credit)) Served by <code>brewery serve</code>.</p></footer>
            </body>
            </html>

            """
    }

    /// A page that says what went wrong, with the answer's status, crediting `credit`.
    package static func problem(_ message: String, status: Int, credit: String) -> String {
        page(
            title: status == 404 ? "Not found" : "Cannot show this", section: nil,
            main:
                #"<h1>\#(status == 404 ? "Not found" : "Cannot show this")</h1><p role="alert">\#(HTML.escape(message))</p><p><a href="/">All beers</a></p>"#,
            credit: credit)
    }
}
