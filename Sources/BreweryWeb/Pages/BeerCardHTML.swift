import BreweryCore
import BreweryViews

/// A beer in the grid: its glass, name (the link to its page), tagline as hashtags, and
/// abv and ibu. The page's script draws the cards of later pages with the same markup.
package enum BeerCardHTML {
    /// The card of a beer.
    package static func card(id: Int, name: String, tagline: String?, abv: Double?, ibu: Double?, ebc: Double?) -> String {
        var numbers: [String] = []
        if let abv { numbers.append("\(NumberFormat.short(abv))% abv") }
        if let ibu { numbers.append("\(NumberFormat.short(ibu)) IBU") }
        let tags = hashtags(tagline)
        return
            #"<li class="card" data-id="\#(id)"><a href="/beers/\#(id)"><img src="\#(GlassPicture.path(ebc: ebc))" alt="" width="44" height="64"><span class="name">\#(HTML.escape(name))</span></a>"#
            + (tags.isEmpty ? "" : #"<p class="tags">\#(HTML.escape(tags))</p>"#)
            + #"<p class="numbers">\#(numbers.joined(separator: " · "))</p></li>"#
    }

    /// The tagline as the catalogue apps showed it: each sentence a hashtag of its words
    /// run together ("Post Modern Classic. Spiky." → "#PostModernClassic #Spiky").
    package static func hashtags(_ tagline: String?) -> String {
        guard let tagline else { return "" }
        let sentences = tagline.split { $0 == "." || $0 == "!" || $0 == "?" }
        let tags = sentences.compactMap { sentence -> String? in
            let words = sentence.split { !$0.isLetter && !$0.isNumber }
            guard !words.isEmpty else { return nil }
            return "#" + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        return tags.joined(separator: " ")
    }
}
