import BreweryTestSupport
import Foundation
import Testing

@testable import BreweryCore

@Suite struct CatalogueTests {
    let catalogue = Fixtures.catalogue

    @Test(arguments: [
        ("hello my name is zoe", 3), ("ab:99", 4), ("#hashtag 2031", 5), ("SINK THE SHIP!", 6), ("5", 5), ("lantern lager", 1),
    ])
    func lookupByIdOrFoldedName(_ text: String, _ id: Int) throws {
        #expect(catalogue.beers[try catalogue.lookup(text)].id == id)
    }

    @Test func unknownIdAndNameSuggest() {
        #expect { try catalogue.lookup("999") } throws: { "\($0)".contains("no beer with id 999") }
        #expect { try catalogue.lookup("lanter lagr") } throws: { "\($0)".contains("Lantern Lager") }
    }

    @Test func sharedNamesAreAmbiguous() {
        let c = Catalogue(beers: [Beer(id: 6, name: "Paradox"), Beer(id: 226, name: "Paradox")])
        #expect { try c.lookup("paradox") } throws: { "\($0)".contains("6 Paradox") && "\($0)".contains("226 Paradox") }
    }

    /// A name is matched whole, or by the start of one beer's name only, wherever the
    /// text also appears inside other names; a text naming no beer, or several, is nil.
    @Test func aNameIsFoundWholeOrByTheStartOfOneName() throws {
        let c = Catalogue(beers: [
            Beer(id: 1, name: "Dead Pony Club Reserve"), Beer(id: 2, name: "Dead Pony Club"),
            Beer(id: 3, name: "Old Dead Pony Club"), Beer(id: 4, name: "Punk IPA 2007 - 2010"),
            Beer(id: 5, name: "Punk IPA 2010 - Current"), Beer(id: 6, name: "Zoë's Porter"),
        ])
        let id = { (text: String) in c.index(named: text).map { c.beers[$0].id } }
        #expect(id("dead pony club") == 2 && id("Dead Pony Club Res") == 1 && id("punk ipa 2007 - 2010") == 4)
        #expect(id("zoe's") == 6 && id("old dead") == 3)
        #expect(id("Punk IPA") == nil && id("pony club") == nil && id("5 17 99") == nil && id("") == nil)
        #expect(c.beers[try c.lookup("Punk IPA 2010")].id == 5)
        #expect { try c.lookup("Punk IPA") } throws: {
            "\($0)" == "'Punk IPA' starts the names of 2 beers: 4 Punk IPA 2007 - 2010; 5 Punk IPA 2010 - Current; "
                + "type more of the name or give an id"
        }
        #expect { try c.lookup("Pony Club") } throws: { "\($0)".hasPrefix("no beer named 'Pony Club' (did you mean") }
    }

    /// The names starting with a text, found from the names' first words, are those a
    /// comparison with every name finds: one word or several, a word's start, punctuation
    /// first, accents, a word used twice, a first word most names share.
    @Test func theNamesStartingWithATextAreThoseEveryNameComparedFinds() {
        var names = [
            "Dead Pony Club", "Dead Pony Club Reserve", "Old Dead Pony Club", "#Mashtag 2013", "'t Smisje",
            "Zoë's Porter", "Zoo Zoo", "Zoo Zoo", "Punk IPA 2007 - 2010", "Punk Punk", "", "5 AM Saint", "5am Saint",
        ]
        // "The" starts more than a quarter of the names: the pass over every name is taken.
        names += (1...12).map { "The Beer \($0)" }
        let index = NameIndex(foldedNames: names.map(TextFolding.fold))
        let needles = [
            "dead", "dead pony", "dead pony club", "dead pony club r", "de", "d", "old", "#mash", "#", "'t",
            "zoe's", "zoe", "zo", "zoo z", "punk", "punk p", "punk ipa 2007 - 2010", "5", "5 am", "5am", "the",
            "the beer 1", "the beer 12", "beer", "pony", "x", " dead", "zzz pony", "dead zzz club", "pon club",
        ]
        // Each whole word of a needle is found by a probe of the words' hash table.
        for w in 0..<index.wordCount { #expect(index.wordID(index.word(w)) == w) }
        for absent in ["zzz", "ponyy", "pon", "dead pony"] {
            #expect(Array(absent.utf8).withUnsafeBufferPointer { index.wordID($0) } == nil, "\(absent)")
        }
        for needle in needles.map({ Array($0.utf8) }) {
            var found: [Int] = []
            index.forEachName(startingWith: needle) { beer, name in
                #expect(Array(name) == Array(index.name(beer)))
                found.append(beer)
            }
            let expected = (0..<index.count).filter { Array(index.name($0)).starts(with: needle) }
            #expect(found == expected, "\(String(decoding: needle, as: UTF8.self))")
        }
        // The names equal to a text, found from all its words' postings, are those a
        // comparison with every name finds (a name two beers share, one that starts
        // another); a text without a word byte is left to the comparison.
        for needle in (needles + names + ["zoo zoo", "punk ipa 2007", "the beer", "# 2013"]).map({
            Array(TextFolding.fold($0).utf8)
        }) {
            let expected = (0..<index.count).filter { Array(index.name($0)) == needle }
            let text = String(decoding: needle, as: UTF8.self)
            if needle.contains(where: NameSearch.isWordByte) {
                #expect(index.beers(named: needle) == expected, "\(text)")
            } else {
                #expect(index.beers(named: needle) == nil, "\(text)")
            }
        }
    }

    /// Spacing and punctuation aside, the names holding a text's letters and digits, found
    /// in one pass over the reduced names, are those every name compared finds (whole when
    /// the name has no others), never a match running from one name into the next.
    @Test func namesHoldingTheLettersOfATextAreThoseEveryNameComparedFinds() {
        let names = [
            "5 AM Saint", "5am Saint", "Punk IPA 2007 - 2010", "Punk IPA 2010 - Current", "", "Zoë's Porter", "Tan-Lines",
            "!!!", "Saint",
        ]
        let index = NameIndex(foldedNames: names.map(TextFolding.fold))
        let letters = { (b: [UInt8]) in b.filter(NameSearch.isWordByte) }
        for text in [
            "5 am saint", "5amsaint", "punkipa", "punk ipa 2007 2010", "zoes", "tanlines", "saint", "ntp", "!!", "", "xyz",
            "intpunk", "saint5am",
        ] {
            let q = Array(TextFolding.fold(text).utf8)
            let ql = letters(q)
            let got = index.beers(containingLetters: q)
            guard !ql.isEmpty else {
                #expect(got == nil, "\(text)")
                continue
            }
            let expected = (0..<index.count).compactMap { i -> (Int, Bool)? in
                let n = letters(Array(index.name(i)))
                guard n.count >= ql.count,
                    (0...(n.count - ql.count)).contains(where: { n[$0..<($0 + ql.count)].elementsEqual(ql) })
                else { return nil }
                return (i, n == ql)
            }
            #expect(got?.map(\.beer) == expected.map(\.0) && got?.map(\.whole) == expected.map(\.1), "\(text)")
        }
    }

    /// A name typed with other spacing or punctuation finds the one beer it is so; with
    /// two such beers it finds neither.
    @Test func aNameIsFoundWithOtherSpacingWhenOneBeerHasIt() throws {
        let c = Catalogue(beers: [
            Beer(id: 1, name: "5am Saint"), Beer(id: 2, name: "Punk IPA 2007 - 2010"), Beer(id: 3, name: "Saint"),
        ])
        #expect(c.beers[try c.lookup("5 AM Saint")].id == 1)
        #expect(c.beers[try c.lookup("punk ipa 2007 2010")].id == 2)
        #expect(c.beers[try c.lookup("PunkIPA 2007-2010")].id == 2)
        let two = Catalogue(beers: [Beer(id: 1, name: "5am Saint"), Beer(id: 2, name: "5 A.M. Saint")])
        #expect { try two.lookup("5 AM Saint") } throws: { "\($0)".hasPrefix("no beer named '5 AM Saint'") }
        #expect(two.beers[try two.lookup("5am saint")].id == 1)
    }

    @Test func namesStartingWithTextsOfCommonAndRareWordsAreThoseEveryNameComparedFinds() {
        // Words of very different frequencies, so the postings intersected differ in
        // length by up to 10,000×: every beer, a third, a fiftieth, a thousandth, one.
        var rng = SplitMix64(seed: 7)
        let names = (0..<10_000).map { i in
            "no \(rng.next() % 3) w\(rng.next() % 50) x\(rng.next() % 1000) n\(i)"
        }
        let index = NameIndex(foldedNames: names)
        var needles = ["no", "no 1", "no 1 w", "no 2 w7 x", "no 0 w49 x999 n"]
        for _ in 0..<200 {
            let name = Array(names[Int(rng.next() % UInt64(names.count))].utf8)
            needles.append(String(decoding: name.prefix(1 + Int(rng.next() % UInt64(name.count))), as: UTF8.self))
        }
        let folded = names.map { Array($0.utf8) }
        for needle in needles.map({ Array($0.utf8) }) {
            var found: [Int] = []
            index.forEachName(startingWith: needle) { beer, _ in found.append(beer) }
            let expected = folded.indices.filter { folded[$0].starts(with: needle) }
            #expect(found == expected, "\(String(decoding: needle, as: UTF8.self))")
            #expect(index.beers(named: needle) == folded.indices.filter { folded[$0] == needle })
        }
        // Whole names: the word "n…" of one beer intersected with words of every beer.
        for _ in 0..<100 {
            let i = Int(rng.next() % UInt64(names.count))
            #expect(index.beers(named: folded[i]) == [i], "\(names[i])")
        }
    }

    @Test func aNameIsTrimmedAsFoundationTrimsWhitespace() {
        for text in ["192", " 192", "192\t", "\u{A0}Dead Pony Club\u{3000}", "Zoë", "é ", "\u{7F}x", "\u{1}x", "", " ", "a b"] {
            #expect(Whitespace.trimmed(text) == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func searchRanksExactPrefixWordSubstringThenFuzzy() {
        let s = NameSearch(catalogue: catalogue)
        #expect(s.search("lantern lager").map(\.kind) == [.exact, .prefix])
        #expect(s.search("lager").first?.kind == .wordPrefix)
        #expect(s.search("orter").first?.kind == .substring)
        #expect(s.search("lantrn lagr").first?.kind == .fuzzy)
        #expect(s.search("zzzzzz").isEmpty)
    }

    @Test func aLargeCatalogueBuiltOnTwoThreadsHasEveryIndexRight() throws {
        // 40k beers: over the threshold where the food index and the rest build side by side.
        let beers = SyntheticCatalogue.beers(count: 40_000, seed: 21)
        let c = Catalogue(beers: beers)
        #expect(c.foldedNames == beers.map { TextFolding.fold($0.name) })
        #expect(c.food.beerCount == beers.count)
        for i in stride(from: 0, to: beers.count, by: 997) {
            #expect(c.index(ofID: beers[i].id) == i)
            #expect(c.ids[i] == Int32(beers[i].id))
            #expect(c.features.raw[0][i] == Float(beers[i].abv!))
            #expect(!c.food.concepts(ofBeer: i).isEmpty)  // every synthetic beer has pairings
        }
        #expect(try c.lookup(beers[12_345].name) == 12_345)
    }
}
