import BreweryAPI

/// The Punk API's filters as a form (GET, so a filtered page is a link): abv, ibu and EBC
/// bounds, hops, malt and yeast (suggested from the catalogue), brewed after and before,
/// and on the grid the order. The values are the request's own, written back.
enum FilterForm {
    /// The filter parameters the form has, in its order.
    static let numbers = [
        ("abv_gt", "ABV above"), ("abv_lt", "ABV below"), ("ibu_gt", "IBU above"), ("ibu_lt", "IBU below"),
        ("ebc_gt", "EBC above"), ("ebc_lt", "EBC below"),
    ]
    static let texts = [("hops", "Hops", "hops-list"), ("malt", "Malt", "malt-list"), ("yeast", "Yeast", "yeast-list")]
    static let dates = [("brewed_after", "Brewed after"), ("brewed_before", "Brewed before")]
    static let orders = [
        ("", "Id"), ("name", "Name"), ("abv", "ABV, lowest first"), ("-abv", "ABV, highest first"),
        ("ibu", "IBU, lowest first"), ("-ibu", "IBU, highest first"), ("ebc", "Colour, palest first"),
        ("-ebc", "Colour, darkest first"),
    ]
    /// Every parameter the form sends.
    static let names = numbers.map(\.0) + texts.map(\.0) + dates.map(\.0) + ["sort"]

    /// The filter parameters of `q` the form knows, as pairs for a query string; a field
    /// left empty is no filter.
    static func pairs(_ q: QueryParameters) -> [(String, String)] {
        names.compactMap { name in q[name].flatMap { $0.allSatisfy(\.isWhitespace) ? nil : (name, $0) } }
    }

    /// The same as parameters for the API.
    static func parameters(_ q: QueryParameters) -> QueryParameters {
        var out = QueryParameters()
        for (name, value) in pairs(q) { out.append(name, value) }
        return out
    }

    /// The form, posting to `action`; with `sorting`, the order select too.
    static func html(_ q: QueryParameters, action: String, sorting: Bool, suggestions: WebSite.Suggestions) -> String {
        func value(_ name: String) -> String { HTML.escape(q[name] ?? "") }
        var out =
            #"<form class="filters" id="filters" action="\#(action)" method="get"><fieldset><legend>Filter</legend><div class="fields">"#
        for (name, label) in numbers {
            out +=
                #"<label>\#(label) <input type="number" name="\#(name)" min="0" step="any" inputmode="decimal" value="\#(value(name))"></label>"#
        }
        for (name, label, list) in texts {
            out +=
                #"<label>\#(label) <input type="text" name="\#(name)" list="\#(list)" autocomplete="off" value="\#(value(name))"></label>"#
        }
        for (name, label) in dates {
            out +=
                #"<label>\#(label) <input type="text" name="\#(name)" placeholder="MM-YYYY" pattern="[0-9]{1,2}-[0-9]{4}" value="\#(value(name))"></label>"#
        }
        if sorting {
            out += #"<label>Order <select name="sort">"#
            for (v, label) in orders {
                let selected = (q["sort"] ?? "") == v ? " selected" : ""
                out += #"<option value="\#(v)"\#(selected)>\#(label)</option>"#
            }
            out += "</select></label>"
        }
        out += #"</div><div class="actions"><button type="submit">Apply</button> <a href="\#(action)">Clear</a></div></fieldset>"#
        for (list, names) in [
            ("hops-list", suggestions.hops), ("malt-list", suggestions.malts), ("yeast-list", suggestions.yeasts),
        ] {
            out += #"<datalist id="\#(list)">"# + names.map { #"<option value="\#(HTML.escape($0))">"# }.joined() + "</datalist>"
        }
        return out + "</form>"
    }
}
