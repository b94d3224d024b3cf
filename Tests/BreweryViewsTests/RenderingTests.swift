import BreweryCore
import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryViews

/// The presentation layer on its own: CSV quoting, the null policy, ranked lists.
@Suite struct RenderingTests {
    @Test func gravitiesReadAsBrewersWriteThem() {
        #expect(NumberFormat.gravity(1056) == "1.056")
        #expect(NumberFormat.gravity(1068.5) == "1.069")
        #expect(NumberFormat.gravity(1.01) == "1.010")
        #expect(NumberFormat.gravity(nil) == "-")
        #expect(NumberFormat.gravity(12) == "12")  // neither form: as it is
        let beer = Fixtures.everyField
        let text = RecipeView(beer: beer, recipe: Recipe(beer: beer), units: .metric).lines(
            width: 80, style: Style(enabled: false)
        ).joined()
        #expect(text.contains("OG 1.069   FG 1.012"))
    }

    @Test func likeReasonsNameOnlyThePartsThatScored() throws {
        let brewed = Beer.Ingredients(
            malt: [Beer.Malt(name: "Maris Otter", amount: nil)],
            hops: [Beer.Hop(name: "Citra", amount: nil, add: "end", attribute: "aroma")], yeast: "Wyeast 1056")
        let catalogue = Catalogue(
            beers: (1...4).map { i in
                var b = Beer(id: i, name: "Beer \(i)", abv: 4 + Double(i) / 10, ibu: 40, ebc: 20)
                b.foodPairing = ["Spicy chicken tacos"]
                b.ingredients = brewed
                return b
            })
        func reasons(_ weights: ScoringWeights) -> [String] {
            LikeRecommender(catalogue: catalogue).page(
                LikeQuery(liked: [0], weights: weights), window: PageWindow(page: 1, perPage: 3)
            ).result.hits.map { Reasons.like($0.breakdown) }
        }
        // Every beer has the same yeast, hops and malt: none of them says anything.
        let standard = reasons(.standard)
        #expect(standard.count == 3)
        for why in standard {
            #expect(why.contains("both IPAs") && why.contains("both go with spicy chicken tacos"), "\(why)")
            #expect(!why.contains("yeast") && !why.contains("Citra") && !why.contains("Maris Otter"), "\(why)")
        }
        let numeric = reasons(try ScoringWeights(parsing: "numeric,food=1"))
        #expect(numeric.count == 3)
        for why in numeric {
            #expect(!why.contains("IPAs") && !why.contains("yeast") && why.contains("tacos"), "\(why)")
        }
    }

    @Test func likeReasonsSayTheStyleAndWhatIsRareInWords() throws {
        func beer(_ id: Int, _ name: String, yeast: String, hop: String, food: [String], abv: Double) -> Beer {
            var b = Beer(id: id, name: name, abv: abv, ibu: 8, ebc: 6)
            b.foodPairing = food
            b.ingredients = Beer.Ingredients(
                malt: [Beer.Malt(name: "Pilsner", amount: nil)],
                hops: [Beer.Hop(name: hop, amount: nil, add: "start", attribute: "bitter")], yeast: yeast)
            return b
        }
        // A rare yeast and hop shared by the two Berliner weisses; the house yeast elsewhere.
        var beers = [
            beer(
                1, "Lemon Berliner Weisse", yeast: "Lactobacillus Blend", hop: "Hallertau Blanc",
                food: ["Fish tacos", "Hot dog"], abv: 3.2),
            beer(
                2, "Raspberry Berliner Weisse", yeast: "Lactobacillus Blend", hop: "Hallertau Blanc",
                food: ["Fish tacos", "Corn dogs"], abv: 3.4),
        ]
        for i in 3...30 {
            beers.append(
                beer(i, "Pale \(i)", yeast: "Wyeast 1056", hop: "Citra", food: ["Corn dogs"], abv: 5 + Double(i % 5) / 10))
        }
        let catalogue = Catalogue(beers: beers)
        let hit = try #require(LikeRecommender(catalogue: catalogue).recommend(like: 0, limit: 1).hits.first)
        #expect(hit.index == 1)
        let why = Reasons.like(hit.breakdown)
        #expect(why.hasPrefix("both Berliner weisses"), "\(why)")
        #expect(why.contains("similar bitterness and colour") && why.contains("with fruit notes"), "\(why)")
        // Their malt, hop and yeast are the same: said once, naming what is rare.
        #expect(why.contains("the same malts, hops and yeast, Lactobacillus Blend and Hallertau Blanc among them"), "\(why)")
        // The dish both go with, whole; never a lone shared word ("dog" of hot dog and corn dogs).
        #expect(why.contains("both go with fish tacos") && !why.contains("dog"), "\(why)")
        #expect(MatchScale.like(hit.score) == Int((hit.score * 100).rounded()))
    }

    /// A black IPA and an IPA are both hoppy, but not both pale.
    @Test func aBlackIPAAndAnIPAAreHoppyNotPale() throws {
        var beers = [
            Beer(id: 1, name: "Midnight Black IPA", abv: 6.5, ibu: 70, ebc: 150),
            Beer(id: 2, name: "Sunny IPA", abv: 6.4, ibu: 65, ebc: 20),
            Beer(id: 3, name: "Golden IPA", abv: 6.2, ibu: 60, ebc: 18),
        ]
        for i in 4...20 { beers.append(Beer(id: i, name: "Lager \(i)", abv: 4.5, ibu: 20, ebc: 8)) }
        let catalogue = Catalogue(beers: beers)
        let hits = LikeRecommender(catalogue: catalogue).recommend(like: 0, limit: 2).hits
        let why = hits.map { Reasons.like($0.breakdown) }
        #expect(why.count == 2 && why.allSatisfy { $0.hasPrefix("both hoppy beers") }, "\(why)")
        let pale = LikeRecommender(catalogue: catalogue).recommend(like: 1, limit: 1).hits.map { Reasons.like($0.breakdown) }
        #expect(pale.first?.hasPrefix("both IPAs") == true, "\(pale)")
    }

    /// A recipe series (one malt bill and hops, another yeast; one malt bill and yeast, a
    /// hop each) is said as such; the same commonplace ingredients are not a reason.
    @Test func likeReasonsSayARecipeSeriesIsOne() throws {
        func beer(_ id: Int, yeast: String, hops: [String], malt: String = "Dark Crystal") -> Beer {
            var b = Beer(id: id, name: "Series \(id)", abv: 6.3, ibu: 55, ebc: 30)
            b.ingredients = Beer.Ingredients(
                malt: [Beer.Malt(name: "Extra Pale", amount: nil), Beer.Malt(name: malt, amount: nil)],
                hops: hops.map { Beer.Hop(name: $0, amount: nil, add: "end", attribute: "aroma") }, yeast: yeast)
            return b
        }
        var beers = [
            beer(1, yeast: "WLP500 - Monastery Ale", hops: ["Amarillo", "Centennial"]),
            beer(2, yeast: "WLP351 - Bavarian Weizen", hops: ["Amarillo", "Centennial"]),
            beer(3, yeast: "WLP500 - Monastery Ale", hops: ["Nelson Sauvin"]),
            beer(4, yeast: "WLP500 - Monastery Ale", hops: ["Amarillo", "Motueka"]),
        ]
        for i in 5...30 { beers.append(beer(i, yeast: "Wyeast 1056", hops: ["Citra"], malt: "Munich")) }
        let catalogue = Catalogue(beers: beers)
        let hits = LikeRecommender(catalogue: catalogue).recommend(like: 0, limit: 3).hits
        let why = Dictionary(uniqueKeysWithValues: hits.map { ($0.index, Reasons.like($0.breakdown)) })
        #expect(why[1]?.contains("the same malts and hops, another yeast") == true, "\(why)")
        #expect(why[2]?.contains("the same malts and yeast, other hops") == true, "\(why)")
        // Amarillo is shared: the hops are not other ones.
        #expect(why[3]?.contains("the same") == false, "\(why)")
    }

    @Test func csvQuotesOnlyWhatRFC4180Requires() {
        let t = CSVTable(
            header: ["id", "name"], rows: [["1", "plain"], ["2", "a, b"], ["3", "say \"hi\""], ["4", "two\nlines"]])
        #expect(t.text == "id,name\r\n1,plain\r\n2,\"a, b\"\r\n3,\"say \"\"hi\"\"\"\r\n4,\"two\nlines\"\r\n")
    }

    @Test func nullableWritesNullWhereAPlainOptionalIsLeftOut() throws {
        struct Doc: Encodable {
            @Nullable var kept: Double?
            var dropped: Double?
        }
        let text = JSONDocument.string(Doc(kept: nil, dropped: nil))
        #expect(text.contains("\"kept\" : null"))
        #expect(!text.contains("dropped"))
        #expect(JSONDocument.string(Doc(kept: 4.5, dropped: 1)).contains("\"kept\" : 4.5"))
    }

    @Test func aRankedListWithoutRowsSaysSoAndShowsNoHeaderOrFooter() {
        let list = RankedList(
            heading: ["Top"], columns: RankedList.beerColumns(), rows: [], empty: "Nothing.", footer: ["more"])
        #expect(list.lines(width: 80, style: Style(enabled: false)) == ["Top", "Nothing."])
    }

    @Test func detailLinesFollowTheirRowDimmed() {
        let rows = [RankedList.beerCells(rank: 1, id: 7, name: "A", abv: 5, ibu: nil, ebc: 10)]
        let list = RankedList(columns: RankedList.beerColumns(), rows: rows, details: [["  why"]], empty: nil)
        let lines = list.lines(width: 80, style: Style(enabled: true))
        #expect(lines.count == 3)
        #expect(lines[1].contains("7") && lines[1].contains("-"))
        #expect(lines[2] == "\u{1B}[2m  why\u{1B}[0m")
    }

    /// With rows whose last cell wraps onto more lines, each row's details still come
    /// after all of its lines, not after the other rows' (they came after the n-th line).
    @Test func detailLinesFollowAllOfAWrappedRow() throws {
        let columns = RankedList.beerColumns([TextLayout.Column(header: "why", flexible: true, minWidth: 18, wraps: true)])
        let long = Array(repeating: "a reason", count: 12).joined(separator: ", ")
        let rows = [1, 2].map { RankedList.beerCells(rank: $0, id: $0, name: "Beer \($0)", abv: 5, ibu: 20, ebc: 10) + [long] }
        let list = RankedList(columns: columns, rows: rows, details: [["  first"], ["  second"]], empty: nil)
        let lines = list.lines(width: 60, style: Style(enabled: false))
        let first = try #require(lines.firstIndex(of: "  first"))
        let second = try #require(lines.firstIndex(of: "  second"))
        let row2 = try #require(lines.firstIndex { $0.hasPrefix("2  ") })
        // Row 1 wraps onto more lines, then its detail; then row 2's lines, then its detail.
        #expect(first > 2 && first == row2 - 1)
        #expect(second == lines.count - 1 && second > row2 + 1)
    }

    /// A detail line longer than the width wraps at words, its later lines two spaces
    /// further in; a short one stays as it is.
    @Test func longDetailLinesWrapUnderTheirIndent() {
        let rows = [RankedList.beerCells(rank: 1, id: 7, name: "A", abv: 5, ibu: nil, ebc: 10)]
        let long = "      food: 1.000 × 1 (shared " + Array(repeating: "grilled salmon", count: 8).joined(separator: ", ") + ")"
        let list = RankedList(columns: RankedList.beerColumns(), rows: rows, details: [["  short", long]], empty: nil)
        let lines = list.lines(width: 60, style: Style(enabled: false))
        #expect(lines[2] == "  short")
        let wrapped = Array(lines[3...])
        #expect(wrapped.count > 2 && wrapped.allSatisfy { TextLayout.characterCount($0) <= 60 })
        #expect(wrapped[0].hasPrefix("      food: 1.000 × 1") && wrapped.dropFirst().allSatisfy { $0.hasPrefix("        ") })
        // Every word kept, in order (runs of spaces between words become one).
        let words = { (t: [String]) in t.flatMap { $0.split(separator: " ") } }
        #expect(words(wrapped) == words([long]))
    }

    /// Without one pairing holding every word, the why names the pairings that hold them:
    /// both for words as typed and for a word read as a food concept.
    @Test func foodReasonsNameThePairingsThatHoldTheWords() throws {
        func beer(_ id: Int, _ food: [String]) -> Beer {
            var b = Beer(id: id, name: "Beer \(id)", abv: 5, ibu: 30, ebc: 10)
            b.foodPairing = food
            return b
        }
        let catalogue = Catalogue(beers: [
            beer(1, ["Roast beef", "Pumpkin pie", "French onion soup"]),
            beer(2, ["Tomato soup", "Grilled halloumi"]),
            beer(3, ["Soup", "Apple pie"]),
        ])
        func reasons(_ text: String) throws -> [Int: String] {
            let result = try FoodRanker(catalogue: catalogue).rank(text, limit: 10)
            let view = FoodView(catalogue: catalogue, text: text, result: result, offset: 0)
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(view.rendered(.json, width: 80, style: Style(enabled: false)).utf8))
                    as? [String: Any])
            let rows = json["results"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] as? Int ?? 0, $0["reason"] as? String ?? "") })
        }
        #expect(try reasons("pumpkin beef")[1] == "goes with Pumpkin pie and Roast beef")
        let pumpkin = try reasons("pumpkin soup")
        // A dish form ("soup") in a pairing of nothing else asked for says nothing beside
        // the pumpkin.
        #expect(pumpkin[1] == "matches pumpkin (Pumpkin pie)")
        #expect(pumpkin[2] == "matches soup (Tomato soup)")
        // A pairing that is only the word adds nothing.
        #expect(pumpkin[3] == "matches soup")
        // A concept's member is named with the pairing; a vegetarian's soup is one pairing.
        let veggie = try reasons("vegetarian soup")
        #expect(veggie[2] == "pairs with Tomato soup (vegetarian: tomato)")
        // French onion soup (beef stock) is no vegetarian soup: only the pie is vegetarian.
        #expect(veggie[1] == "matches vegetarian (Pumpkin pie)")
        #expect(veggie[3] == nil)
    }

    /// A corrected word is shown within the whole query as searched, not alone.
    @Test func aCorrectionShowsTheWholeQuerySearched() throws {
        let catalogue = Fixtures.catalogue
        let result = try FoodRanker(catalogue: catalogue).rank("chocolat cake", limit: 10)
        let view = FoodView(catalogue: catalogue, text: "chocolat cake", result: result, offset: 0)
        let first = view.rendered(.table, width: 80, style: Style(enabled: false)).split(separator: "\n").first
        #expect(first == "Showing results for chocolate cake (no pairing says 'chocolat').")
    }

    /// The words no pairing holds are listed with a verb that agrees with them.
    @Test func wordsInNoPairingAreListedAsOneOrSeveral() throws {
        let catalogue = Fixtures.catalogue
        for (text, said) in [
            ("tacos zzqx", "('zzqx' is in no pairing)"), ("tacos zzqx qqvy", "('zzqx' and 'qqvy' are in no pairing)"),
        ] {
            let result = try FoodRanker(catalogue: catalogue).rank(text, limit: 10)
            #expect(result.match == .partial)
            let view = FoodView(catalogue: catalogue, text: text, result: result, offset: 0)
            let first = view.rendered(.table, width: 200, style: Style(enabled: false)).split(separator: "\n").first ?? ""
            #expect(first.contains(said), "\(first)")
        }
    }

    /// A word no pairing says, read as its kind, is said to be in no pairing, and the
    /// beers to be for its kind: the match is partial.
    @Test func aWordReadAsItsKindIsSaidToBeInNoPairing() throws {
        let catalogue = Catalogue(beers: [Beer(id: 1, name: "A", foodPairing: ["Sticky toffee pudding"])])
        let result = try FoodRanker(catalogue: catalogue).rank("gelato", limit: 10)
        #expect(result.match == .partial && result.unheldWord == "gelato" && result.hits.count == 1)
        let view = FoodView(catalogue: catalogue, text: "gelato", result: result, offset: 0)
        let lines = view.rendered(.table, width: 200, style: Style(enabled: false)).split(separator: "\n")
        #expect(lines.first?.hasPrefix("gelato (dessert): matched as ") == true)
        #expect(lines.dropFirst().first == "No pairing says 'gelato': these match its kind, dessert.")
        #expect(view.document.unknownWords == ["gelato"] && view.document.match == "partial")
    }

    /// With filters, "no beer pairs" names them: the beers that pair may all be filtered out.
    @Test func noPairingUnderFiltersNamesTheFilters() throws {
        let catalogue = Fixtures.catalogue
        var filter = BeerFilter()
        filter.lessThan[.abv] = 0.1
        let result = try FoodRanker(catalogue: catalogue).rank("tacos", filter: filter, limit: 10)
        #expect(result.match == .none)
        let view = FoodView(catalogue: catalogue, text: "tacos", result: result, offset: 0, filter: filter)
        let table = view.rendered(.table, width: 80, style: Style(enabled: false))
        #expect(table.contains("No beer where \(filter.summary) pairs with 'tacos'."), "\(table)")
        let plain = FoodView(catalogue: catalogue, text: "tacos", result: result, offset: 0)
        #expect(plain.rendered(.table, width: 80, style: Style(enabled: false)).contains("No beer pairs with 'tacos'."))
        // The document says them too, as like's does.
        #expect(view.document.filters == filter.summary && !filter.summary.isEmpty && plain.document.filters.isEmpty)
    }

    @Test func theSameViewRendersInEveryFormat() throws {
        let catalogue = Fixtures.catalogue
        let result = try FoodRanker(catalogue: catalogue).rank("tacos", limit: 10)
        let view = FoodView(catalogue: catalogue, text: "tacos", result: result, offset: 0)
        let table = view.rendered(.table, width: 80, style: Style(enabled: false))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(view.rendered(.json, width: 80, style: Style(enabled: false)).utf8))
                as? [String: Any])
        let csv = view.rendered(.csv, width: 80, style: Style(enabled: false))
        let ids = (json["results"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(ids.count == 2)
        #expect(csv.split(separator: "\r\n").count == 3)
        #expect(csv.hasPrefix("#,id,name,abv,ibu,ebc,match,why\r\n"))
        for id in ids { #expect(table.contains(" \(id) ") && csv.contains(",\(id),")) }
    }

    @Test func aWindowEndsWhereTheResultsDo() {
        #expect(ResultWindow(offset: 0, shown: 3, more: true).next == 3)
        #expect(ResultWindow(offset: 3, shown: 3, more: false).next == nil)
        #expect(ResultWindow(offset: Int.max - 1, shown: 3, more: true).next == nil)
        #expect(ResultWindow(offset: 5, shown: 0, more: true).next == 5)
        #expect(ResultWindow(offset: 5, shown: 0, more: false).next == nil)
    }
}

/// Text from data never reaches the terminal raw; JSON keeps it exact.
@Suite struct TerminalTextTests {
    static let hostile = "Evil\u{1B}]0;PWNED\u{07} \u{1B}[31mRed\rFake\nLine\u{9B}2J\u{7F}"

    @Test func controlsAreShownNotObeyed() {
        let safe = TerminalText.safe(Self.hostile)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(safe == "Evil^[]0;PWNED^G ^[[31mRed Fake Line\u{FFFD}2J^?")
        #expect(TerminalText.safe("Crème brûlée") == "Crème brûlée")
        // A C1 control alone (its first byte 0xC2, as "©" has) is still caught.
        #expect(TerminalText.safe("Next\u{85}Line") == "Next\u{FFFD}Line")
        #expect(TerminalText.safe("© 2031 ½") == "© 2031 ½")
    }

    @Test func bidirectionalFormattingCannotReorderTheLine() {
        // A right-to-left override would print "Punk IPA" followed by a reversed tail.
        #expect(TerminalText.safe("Punk\u{202E}API kuniP\u{202C}") == "Punk\u{FFFD}API kuniP\u{FFFD}")
        #expect(TerminalText.safe("a\u{2066}b\u{2069}c\u{200F}d\u{061C}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}")
        // Typographic characters that share the lead byte 0xE2 stay.
        #expect(TerminalText.safe("Dog — “Punk” ‘IPA’ …") == "Dog — “Punk” ‘IPA’ …")
        #expect(TerminalText.safe("عربي") == "عربي")
    }

    @Test func everyTextViewIsSafeAndJSONIsExact() throws {
        var beer = Fixtures.everyField
        beer.name = Self.hostile
        beer.foodPairing = [Self.hostile]
        beer.ingredients?.yeast = Self.hostile
        let card = BeerCardView(beer: beer, recipe: RecipeView(beer: beer, recipe: Recipe(beer: beer), units: .metric))
        let text = card.rendered(.table, width: 80, style: Style(enabled: false))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}") && !text.contains("\u{9B}"))
        #expect(card.rendered(.json, width: 80, style: Style(enabled: false)).contains("\\u001b]0;PWNED"))
        let list = RankedList(columns: RankedList.beerColumns(), rows: [["1", "1", Self.hostile, "", "", ""]], empty: nil)
        #expect(!list.lines(width: 80, style: Style(enabled: true)).joined().contains("\u{1B}]0"))
    }
}

/// Tables that fit the terminal: a wrapping last column continues on a hanging line.
@Suite struct TableLayoutTests {
    @Test func aLongLastColumnWrapsUnderTheNameInsteadOfBeingCut() {
        let columns: [TextLayout.Column] = [
            .init(header: "#"), .init(header: "name", flexible: true, minWidth: 8),
            .init(header: "why", flexible: true, minWidth: 12, wraps: true),
        ]
        let lines = TextLayout.table(
            columns, [["1", "Citra", "pairs with Shredded chicken tacos with pico de gallo"]], width: 40,
            style: Style(enabled: false))
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(!lines.joined().contains("…"))
        #expect(lines[1].hasPrefix("1  Citra  pairs with"))
        #expect(lines[2].hasPrefix("   ") && lines[2].hasSuffix("pico de gallo"))
        let words = lines.dropFirst().joined(separator: " ").split(separator: " ").dropFirst(2)
        #expect(words.joined(separator: " ") == "pairs with Shredded chicken tacos with pico de gallo")
    }

    @Test func aLongLastColumnOfAccentedWordsWrapsByCharacters() {
        let columns: [TextLayout.Column] = [
            .init(header: "#"), .init(header: "name", flexible: true, minWidth: 8),
            .init(header: "why", flexible: true, minWidth: 12, wraps: true),
        ]
        let why = "shares Brühaus crème brûlée with café au lait and smörgåsbord"
        let lines = TextLayout.table(columns, [["1", "Citra", why]], width: 40, style: Style(enabled: false))
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count <= 40 })
        let words = lines.dropFirst().joined(separator: " ").split(separator: " ").dropFirst(2)
        #expect(words.joined(separator: " ") == why)
    }
}

/// Cells wrap by characters, whatever their bytes; numbers are written as printf writes them.
@Suite struct CellTextTests {
    @Test func wrappingCountsCharactersNotBytes() {
        // "Brühaus" is 7 characters in 8 bytes; "e\u{301}" one character in two scalars.
        #expect(TextLayout.wrapCell("Brühaus Brühaus Brühaus", 15) == ["Brühaus Brühaus", "Brühaus"])
        #expect(TextLayout.wrapCell("cafe\u{301} cafe\u{301} x", 6) == ["cafe\u{301}", "cafe\u{301} x"])
        #expect(TextLayout.wrapCell("ab cd ef", 5) == ["ab cd", "ef"])
        #expect(TextLayout.wrapCell("abcdefghij k", 4) == ["abcd", "efgh", "ij k"])
        #expect(TextLayout.wrapCell("", 4) == [""])
    }

    /// Printable ASCII is wrapped by its bytes: the same lines as by characters, for words
    /// longer than a line, runs of spaces, spaces first and last, any width.
    @Test func asciiIsWrappedByBytesAsByCharacters() {
        var rng = SplitMix64(seed: 11)
        let pieces = ["a", "bc", "def", "ghijklmnopqrstu", " ", "  ", "x;", "(yz)", "0.5"]
        for _ in 0..<2_000 {
            let text = (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let width = 1 + Int(rng.next() % 20)
            #expect(TextLayout.wrapASCII(text, width) == TextLayout.wrapCharacters(text, width), "'\(text)' \(width)")
        }
    }

    @Test func numbersRoundAsPrintfDoes() {
        #expect(NumberFormat.fixed(0.8304, 3) == "0.830")
        #expect(NumberFormat.fixed(2.675, 2) == "2.67")  // the double is just below 2.675
        #expect(NumberFormat.fixed(0.125, 2) == "0.12")  // a true tie goes to even
        #expect(NumberFormat.fixed(-1.5, 0) == "-2")
        #expect(NumberFormat.fixed(1e300, 2).count == 304)
        #expect(NumberFormat.signed(0.25, 2) == "+0.25")
        #expect(NumberFormat.signed(-0.004, 2) == "-0.00")
        #expect(NumberFormat.short(4.50, 1) == "4.5")
        #expect(NumberFormat.short(.nan, 1) == "nan")
        // Trailing zeros go after a point only: "10" (a tie rounded to even) keeps its zero.
        #expect(NumberFormat.short(3.999, 2) == "4" && NumberFormat.short(12.30, 2) == "12.3")
        #expect(NumberFormat.short(10.5, 0) == "10" && NumberFormat.short(100.04, 1) == "100")
        // The integer path against printf itself, on values of every size and near ties.
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let v = Double.random(in: -1...1, using: &rng) * pow(10, Double.random(in: -3...9, using: &rng))
            let near = (v * 1000).rounded() / 1000 + 0.0005
            for x in [v, near, -near] {
                for d in 0...4 {
                    #expect(NumberFormat.fixed(x, d) == String(format: "%.\(d)f", x), "\(x) \(d)")
                    #expect(NumberFormat.signed(x, d) == String(format: "%+.\(d)f", x), "\(x) \(d)")
                }
            }
        }
    }
}

/// Records expanded one field per line, as psql's `\x`.
@Suite struct ExpandedDisplayTests {
    let table = CSVTable(header: ["id", "name", "why"], rows: [["106", "Punk IPA 2010 - Current", "same yeast (Wyeast 1056)"]])

    @Test func eachFieldOnItsOwnLine() {
        let lines = ExpandedDisplay.lines(table, width: 80, style: Style(enabled: false))
        #expect(lines.first?.hasPrefix("-[ RECORD 1 ]---") == true)
        #expect(Array(lines.dropFirst()) == ["id   | 106", "name | Punk IPA 2010 - Current", "why  | same yeast (Wyeast 1056)"])
    }

    @Test func aLongValueWrapsUnderItsColumn() {
        let lines = ExpandedDisplay.lines(table, width: 20, style: Style(enabled: false))
        #expect(lines.contains("     | (Wyeast 1056)") || lines.contains { $0.hasPrefix("     | ") })
        #expect(lines.allSatisfy { $0.count <= 20 || $0.hasPrefix("-[") })
    }
}
