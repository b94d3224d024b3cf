import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryCore

/// Style words, style families, and `recommend like` choosing by style.
@Suite struct StyleTests {
    let lexicon = StyleLexicon.standard

    func concepts(_ text: String) -> Set<String> {
        var found = ConceptSet()
        lexicon.read(text, into: &found)
        return Set(found.members.map { lexicon.concepts[$0] })
    }

    @Test func theLongestPhraseAtAWordWinsAndStandsForEachOfItsConcepts() {
        // "India pale ale" is an IPA, not also a pale ale; an imperial stout is a stout, and strong.
        #expect(concepts("An India Pale Ale.") == ["ipa"])
        #expect(concepts("A hoppy pale ale") == ["pale ale"])
        #expect(concepts("Russian Imperial Stout") == ["imperial stout", "stout", "strong"])
        // A starred word matches the words it starts; folding ignores case and accents.
        #expect(concepts("Kettle-SOURED with raspberries") == ["sour", "fruit"])
        #expect(concepts("Märzen") == ["lager"])
        #expect(concepts("nothing to see") == [])
        #expect(concepts("") == [])
    }

    @Test func aLexiconIsReadFromItsLinesAndSkipsWhatItCannotUse() {
        let small = StyleLexicon(text: "# comment\nstout: stout | sto*\nbad line\nab: ab | abc\nipa + hoppy: ipa\n")
        #expect(small.concepts == ["stout", "ab", "ipa", "hoppy"])
        var found = ConceptSet()
        small.read("a storm of ab and abc, ipa", into: &found)
        // "ab" is too short to start a phrase; "abc" is not.
        #expect(found.members.map { small.concepts[$0] } == ["stout", "ab", "ipa", "hoppy"])
    }

    func style(
        _ name: String, tagline: String? = nil, description: String? = nil, abv: Double? = 5, ibu: Double? = 30,
        ebc: Double? = 20, ph: Double? = 4.4, yeast: String? = nil
    ) -> StyleReading {
        StyleReading(
            name: name, texts: StyleTexts(tagline: tagline, twist: nil, description: description, tips: nil), abv: abv,
            ibu: ibu, ebc: ebc, ph: ph, soured: false, yeastStyle: yeast.flatMap(StyleReading.style(ofYeast:)))
    }

    @Test func theFamilyIsTheMostParticularOneTheNameAndTaglineSay() {
        #expect(style("Libertine", tagline: "A Black IPA").style == .blackIPA)
        // The head before the description; the description before the yeast and numbers.
        #expect(style("Bramble Porter", description: "Brewed like a stout").style == .porter)
        #expect(style("Nameless", description: "A Belgian tripel").style == .belgian)
        // Strength makes a stout imperial and an IPA double.
        #expect(style("Big Stout", abv: 9).style == .imperialStout)
        #expect(style("Huge IPA", abv: 8.5).style == .doubleIPA)
        // A soured beer whose texts name no sour family is a sour; one that does keeps it.
        #expect(style("Cherry Bomb", ph: 3.3).style == .sour)
        #expect(style("Cherry Gose", ph: 3.3).style == .gose)
        #expect(style("Cherry Bomb", ph: 3.3).lowPH && !style("Cherry Bomb").lowPH)
        // With no style word: the yeast, then the numbers.
        #expect(style("Nameless", yeast: "Wyeast 2007 - Pilsen Lager").style == .lager)
        #expect(style("Nameless", yeast: "Wyeast 3711 - French Saison").style == .saison)
        #expect(style("Nameless", abv: 6, ebc: 120).style == .stout)
        #expect(style("Nameless", ibu: 60, ebc: 20).style == .ipa)
        #expect(style("Nameless", ibu: 20, ebc: 10).style == .paleAle)
        #expect(style("Nameless", ibu: 30, ebc: 60).style == .redAle)
        #expect(style("Nameless", ibu: 50, ebc: 60).style == .ipa)
        // An altbier is an amber ale, whatever its bitterness.
        #expect(style("Kaiser", tagline: "Northern German retro altbier", ibu: 45, ebc: 45).style == .redAle)
        #expect(StyleReading.soursWort(malt: "Acidulated Malt for kettle souring"))
        #expect(StyleReading.soursWort(yeast: "Lactobacillus Plantarum") && !StyleReading.soursWort(yeast: "Wyeast 1056"))
    }

    /// Words that look like a style's and are not: "pale" alone names a pale ale only in a
    /// name or tagline, a tart finish or a sour cherry makes no sour, nor does a source.
    @Test func wordsThatOnlyLookLikeAStyleNameNone() {
        #expect(style("Pale - Nesting Doll", ibu: 60).style == .paleAle)
        #expect(style("Twin", tagline: "Mango & Pineapple Pale", ibu: 80).style == .paleAle)
        #expect(style("Nameless", tagline: "Pale Lager").style == .lager)
        #expect(style("Nameless", description: "Pale golden, from extra pale malt", ibu: 60).style == .ipa)
        #expect(style("Pale").head.bits & lexicon.fallbacks.bits == 0)
        #expect(style("Nameless", description: "A double IPA with a tart finish", abv: 8.2).style == .doubleIPA)
        #expect(style("Mashed", tagline: "Sour cherry triple IPA", abv: 10.5).style == .doubleIPA)
        #expect(concepts("sourced from a local source") == [])
        #expect(concepts("soured, with sour cherries") == ["sour", "fruit"])
        #expect(concepts("a dark cask ale, cask conditioned") == ["real ale"])
        #expect(concepts("aged in whisky casks") == ["barrel"])
    }

    /// A fallback concept ("cream ale?") names its concept in a head that names no other
    /// family, nothing beside a family or in a description, and its words are still read
    /// first there ("cream stout" is no cream ale, but not a stout either).
    @Test func aFallbackNamesItsConceptOnlyInAHeadWithoutAFamily() {
        let lexicon = StyleLexicon(text: "stout: stout\ncream ale: cream ale\ncream ale?: cream\nfruit: mango")
        let creamAle = lexicon.concepts.firstIndex(of: "cream ale")!
        func head(_ text: String) -> ConceptSet {
            var read = ConceptSet()
            lexicon.read(text, into: &read)
            return lexicon.resolvingFallbacks(read)
        }
        #expect(head("Mango Cream").members == [creamAle, lexicon.concepts.firstIndex(of: "fruit")!])
        #expect(head("Cream Stout").members == [lexicon.concepts.firstIndex(of: "stout")!])
        var described = ConceptSet()
        lexicon.read("smooth and cream coloured", into: &described)
        #expect(described.bits != 0 && lexicon.droppingFallbacks(described).bits == 0)
    }

    /// Fans of a sour get sours before a pale ale with the same numbers and the same house
    /// yeast; the style part is what tells them apart.
    @Test func aSourFindsSoursBeforeAnAleWithTheSameNumbers() throws {
        func beer(_ id: Int, _ name: String, tagline: String, ph: Double) -> Beer {
            var b = Beer(id: id, name: name, abv: 4.5, ibu: 20, ebc: 10)
            b.tagline = tagline
            b.ph = ph
            b.ingredients = Beer.Ingredients(
                malt: [Beer.Malt(name: "Pilsner", amount: nil)],
                hops: [Beer.Hop(name: "Citra", amount: nil, add: "start", attribute: "bitter")], yeast: "Wyeast 1056")
            return b
        }
        var beers = [
            beer(1, "Tart One", tagline: "A kettle soured Berliner Weisse.", ph: 3.3),
            beer(3, "Tart Two", tagline: "Berliner Weisse with lemon.", ph: 3.4),
            beer(4, "Salty", tagline: "A gose with salt.", ph: 3.5),
        ]
        for i in 10..<40 { beers.append(beer(i, "Pale \(i)", tagline: "A pale ale.", ph: 4.4)) }
        let catalogue = Catalogue(beers: beers)
        let hits = LikeRecommender(catalogue: catalogue).recommend(like: 0, limit: 2).hits
        #expect(hits.map { catalogue.beers[$0.index].id } == [3, 4])
        #expect(hits[0].breakdown.styles == (.berlinerWeisse, .berlinerWeisse))
        #expect(hits[1].breakdown.styles == (.berlinerWeisse, .gose))
        let unstyled = try ScoringWeights(parsing: "unstyled")
        #expect(LikeRecommender(catalogue: catalogue).recommend(like: 0, weights: unstyled, limit: 2).hits.count == 2)
    }

    /// The style tokens weigh what their kind says: the description's at half weight.
    @Test func styleTokensAreInTheirOwnPartAndTheNotesWeighHalf() {
        var a = Beer(id: 1, name: "Smoky Porter", abv: 6, ibu: 30, ebc: 90)
        a.description = "A smoked porter."
        var b = Beer(id: 2, name: "Smoky Porter Two", abv: 6, ibu: 30, ebc: 90)
        b.description = "A smoked porter."
        let r = Catalogue(beers: [a, b]).recipe
        let kinds = Set(r.tokens(ofBeer: 0).map { r.kinds[Int($0)] })
        #expect(kinds == [.styleFamily, .styleGroup, .styleWord, .styleNote])
        #expect(r.tokens(ofBeer: 0).allSatisfy { r.kinds[Int($0)].part == .style })
        for t in r.tokens(ofBeer: 0) where r.kinds[Int(t)] == .styleNote {
            let twin = r.keys.firstIndex(
                of: "\(RecipeFeatures.Kind.styleWord.rawValue):" + r.keys[Int(t)].split(separator: ":")[1])
            if let twin { #expect(r.weights[Int(t)] == r.weights[twin] / 2) }
        }
        #expect(r.style(ofBeer: 0) == .porter)
    }

    /// A measured sourness says more than a word: "low pH" weighs twice a style word that
    /// the same beers say.
    @Test func aLowPHWeighsTwiceAStyleWordAsRare() throws {
        var sour = Beer(id: 1, name: "Tart", abv: 4, ibu: 10, ebc: 8)
        sour.tagline = "Smoked."
        sour.ph = 3.3
        var other = Beer(id: 2, name: "Plain", abv: 5, ibu: 30, ebc: 20)
        other.ph = 4.4
        let r = Catalogue(beers: [sour, other]).recipe
        let word = RecipeFeatures.Kind.styleWord.rawValue
        let lowPH = try #require(r.keys.firstIndex(of: "\(word):\(RecipeFeatures.lowPH)"))
        let smoked = try #require(r.keys.firstIndex(of: "\(word):smoked"))
        #expect(r.weights[lowPH] == 2 * r.weights[smoked])
        #expect(r.weights[lowPH] > 0)
    }

    @Test func matchesAreOnOneScaleFrom0To100() {
        #expect(MatchScale.like(1) == 100 && MatchScale.like(0.5) == 50 && MatchScale.like(0) == 0)
        #expect(MatchScale.food(FoodRanker.highestScore) == 100 && MatchScale.food(0) == 0)
        #expect(MatchScale.like(.nan) == 0 && MatchScale.like(2) == 100 && MatchScale.like(-1) == 0)
    }
}

/// The beer expert's cases (issue #45), on the real catalogue: a sour's fans get sours,
/// an imperial stout's get imperial stouts.
@Suite(.enabled(if: SharedData.shouldRun("v2"), "../shared/punkapi is not beside the repository"))
struct RealCatalogueStyleTests {
    @Test(arguments: [
        (130, BeerStyle.Group.sour, 4), (93, .sour, 3), (155, .dark, 5), (58, .dark, 5),
    ])
    func aQueryIsAnsweredWithItsOwnStyle(_ id: Int, _ group: BeerStyle.Group, _ atLeast: Int) throws {
        try #require(SharedData.available("v2"), Comment(rawValue: SharedData.missingMessage("v2")))
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.punkAPI("v2")))
        let catalogue = Catalogue(beers: try CatalogueDecoder.decodeArray(data, source: "v2"))
        let hits = LikeRecommender(catalogue: catalogue).recommend(like: try catalogue.lookup(String(id)), limit: 5).hits
        let styles = hits.compactMap { $0.breakdown.styles.other }
        #expect(styles.filter { $0.group == group }.count >= atLeast, "\(id): \(styles)")
        if group == .dark { #expect(styles.filter { $0 == .imperialStout }.count >= 4, "\(id): \(styles)") }
    }
}
