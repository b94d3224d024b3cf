import BreweryTestSupport
import Testing

@testable import BreweryCore

/// Name search over ``NameIndex`` against a plain reference: the old scan of every folded
/// name with `String` operations, which the index must agree with hit for hit.
@Suite struct NameSearchTests {
    /// Invented names with the shapes that matter: shared words, repeated words,
    /// apostrophes, accents, dashes, digits, one name inside another.
    static let names = [
        "Lantern Lager", "Lantern Lager Reserve", "Lager Lantern", "Harbour Porter", "Porter's Harbour",
        "Zé Hazy Pale", "Hazy Hazy Hazy", "Dark Lantern Stout - 2019", "Morag's Mojito", "Pale Ale No. 7",
        "Pale Ale No. 77", "Sour Cherry Gose", "Gose", "Black & Tan", "Tan-Lines IPA", "ipa", "Ipanema Wit",
    ]

    static var catalogue: Catalogue {
        Catalogue(beers: names.enumerated().map { Beer(id: 100 + $0.offset * 3, name: $0.element) })
    }

    /// The search as it was before the index: a `String` scan of every name.
    static func reference(_ catalogue: Catalogue, _ query: String) -> [NameSearch.Hit] {
        let q = TextFolding.fold(query)
        guard !q.isEmpty else { return [] }
        var hits: [NameSearch.Hit] = []
        for (i, name) in catalogue.foldedNames.enumerated() {
            let n = Array(name.utf8)
            let p = Array(q.utf8)
            let wordPrefix =
                name.contains(" " + q)
                || (1..<max(n.count - p.count + 1, 1)).contains {
                    !NameSearch.isWordByte(n[$0 - 1]) && NameSearch.isWordByte(n[$0]) && n[$0..<($0 + p.count)].elementsEqual(p)
                }
            if name == q {
                hits.append(.init(index: i, kind: .exact, distance: 0))
            } else if name.hasPrefix(q) {
                hits.append(.init(index: i, kind: .prefix, distance: 0))
            } else if wordPrefix {
                hits.append(.init(index: i, kind: .wordPrefix, distance: 0))
            } else if name.contains(q) {
                hits.append(.init(index: i, kind: .substring, distance: 0))
            }
        }
        if hits.isEmpty {
            // The name's letters and digits holding the query's, spacing and punctuation aside.
            let letters = { (s: String) in s.utf8.filter(NameSearch.isWordByte) }
            let ql = letters(q)
            var found: Set<Int> = []
            for (i, name) in catalogue.foldedNames.enumerated() where !ql.isEmpty {
                let n = letters(name)
                if n.count >= ql.count, (0...(n.count - ql.count)).contains(where: { n[$0..<($0 + ql.count)].elementsEqual(ql) })
                {
                    hits.append(.init(index: i, kind: .fuzzy, distance: 0))
                    found.insert(i)
                }
            }
            let words = { (s: String) in s.utf8.split(whereSeparator: { !NameSearch.isWordByte($0) }).map(Array.init) }
            let qWords = words(q)
            for (i, name) in catalogue.foldedNames.enumerated() where !qWords.isEmpty && !found.contains(i) {
                var total = 0
                var ok = true
                for (k, w) in qWords.enumerated() {
                    let limit = w.count >= 6 ? 2 : (w.count >= 3 ? 1 : 0)
                    var best = Int.max
                    for n in words(name) {
                        if let d = EditDistance.distance(w, n, limit: limit) { best = min(best, d) }
                        // The last word may be the start of a word, as typed.
                        if k == qWords.count - 1, n.count > w.count, n.starts(with: w) { best = 0 }
                    }
                    if best == .max {
                        ok = false
                        break
                    }
                    total += best
                }
                if ok { hits.append(.init(index: i, kind: .fuzzy, distance: total)) }
            }
        }
        let ids = catalogue.idIndex.ids
        let names = catalogue.foldedNames
        return hits.sorted {
            ($0.kind, $0.distance, names[$0.index].utf8.count, ids[$0.index])
                < ($1.kind, $1.distance, names[$1.index].utf8.count, ids[$1.index])
        }
    }

    static let queries = [
        "lantern lager", "lager", "lantern", "ant", "orter", "porter's", "'s", "ze", "zé", "hazy", "hazy hazy", "- 2019",
        "2019", "no. 7", "7", "77", "gose", "ose", "&", "tan-", "ipa", "ipan", "a", "e", "lantrn lagr", "hazzy", "moragss",
        "pale ale no 8", "zzzzzz", "sour cheery", "x", "black tan", "lines", " ", "...", "lanternlager", "porters harbour",
        "tanlines ipa", "paleale no 77", "sourcherry", "blacktan", "lagerlantern",
    ]

    @Test(arguments: queries)
    func agreesWithTheStringScan(_ query: String) {
        let c = Self.catalogue
        #expect(NameSearch(catalogue: c).search(query) == Self.reference(c, query))
    }

    @Test(arguments: queries)
    func aPageOfTheKeptMatchesIsThePrefixOfTheWholeList(_ query: String) {
        let c = Catalogue(
            beers: SyntheticCatalogue.beers(count: 600, seed: 9)
                + Self.names.enumerated().map {
                    Beer(id: 5_000 + $0.offset, name: $0.element)
                })
        let kept = Self.reference(c, query).filter { $0.index % 3 != 1 }
        for limit in [0, 1, 3, 40, 10_000] {
            let page = NameSearch(catalogue: c).search(query, limit: limit) { $0 % 3 != 1 }
            #expect(page.hits == Array(kept.prefix(limit)), "limit \(limit)")
            #expect(page.total == kept.count)
        }
    }

    @Test func aSnapshotSearchesAsTheBuiltCatalogue() throws {
        let c = Self.catalogue
        let read = try CatalogueSnapshot.decode(CatalogueSnapshot.encode(c, header: []))
        for q in Self.queries { #expect(NameSearch(catalogue: read).search(q) == NameSearch(catalogue: c).search(q)) }
        #expect(read.foldedNames == c.foldedNames)
    }

    @Test func everyWordListsEachBeerOnceInOrder() {
        let index = Self.catalogue.names
        var seen: [String: [Int32]] = [:]
        for w in 0..<index.wordCount {
            let word = String(decoding: index.word(w), as: UTF8.self)
            #expect(seen[word] == nil, "word '\(word)' listed twice")
            seen[word] = Array(index.beers(usingWord: w))
        }
        #expect(seen["hazy"] == [5, 6])
        #expect(seen["lantern"] == [0, 1, 2, 7])
        #expect(seen["s"] == [4, 8])
    }

    /// A typo is forgiven against a whole word, never a fragment: "wild" is not the start
    /// of "Willamette" with one letter changed; "ipaa" is "ipa" with one more.
    @Test func aTypoIsNearAWholeWordNotAFragment() {
        let c = Catalogue(beers: [
            Beer(id: 1, name: "Cascade, Centennial & Willamette IPA"), Beer(id: 2, name: "Punk IPA"),
            Beer(id: 3, name: "Wild Beast"),
        ])
        func names(_ q: String) -> [String] {
            NameSearch(catalogue: c).search(q, limit: 10, where: { _ in true }).hits.map { c.beers[$0.index].name }
        }
        #expect(names("wilde") == ["Wild Beast"])
        #expect(names("punk ipaa") == ["Punk IPA"])
        #expect(names("pnk ip") == ["Punk IPA"])
        #expect(names("wimla").isEmpty)
    }

    @Test func aMatchAcrossTwoNamesIsNoMatch() {
        // "lager" + "lager reserve": the bytes run together as "…lagerlantern…".
        #expect(Self.catalogue.names.beers(containing: "lagerlantern").isEmpty)
        #expect(Self.catalogue.names.beers(containing: "harbourporter").isEmpty)
        #expect(Self.catalogue.names.beers(containing: "lager") == [0, 1, 2])
    }

    @Test func typosOfEveryKindAgreeWithTheScan() {
        // Words of a few letters and digits (so many words share bytes), and queries made
        // of them with up to three random edits: a byte deleted, added, replaced, or two
        // swapped; the last word sometimes cut short.
        var rng = SplitMix64(seed: 31)
        let alphabet = Array("abcdeilnorst0123456789".utf8)
        func word() -> [UInt8] { (0..<(1 + Int(rng.next() % 8))).map { _ in alphabet[Int(rng.next() % 22)] } }
        let names = (0..<400).map { _ in (0..<(1 + Int(rng.next() % 3))).map { _ in String(decoding: word(), as: UTF8.self) } }
        let c = Catalogue(beers: names.enumerated().map { Beer(id: $0.offset + 1, name: $0.element.joined(separator: " ")) })
        for _ in 0..<300 {
            let name = names[Int(rng.next() % UInt64(names.count))]
            var words = name.map { Array($0.utf8) }
            for _ in 0..<(rng.next() % 4) {
                let k = Int(rng.next() % UInt64(words.count))
                var w = words[k]
                let at = Int(rng.next() % UInt64(w.count + 1))
                switch rng.next() % 4 {
                case 0 where at < w.count: w.remove(at: at)
                case 1: w.insert(alphabet[Int(rng.next() % 22)], at: at)
                case 2 where at < w.count: w[at] = alphabet[Int(rng.next() % 22)]
                case 3 where at + 1 < w.count: w.swapAt(at, at + 1)
                default: break
                }
                words[k] = w.isEmpty ? [alphabet[0]] : w
            }
            if rng.next() % 3 == 0, let last = words.last, last.count > 1 {
                words[words.count - 1] = Array(last.prefix(last.count - 1))
            }
            let query = words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
            #expect(NameSearch(catalogue: c).search(query) == Self.reference(c, query), "\(query)")
        }
    }

    @Test func largeSyntheticCatalogueAgreesWithTheScan() {
        let c = Catalogue(beers: SyntheticCatalogue.beers(count: 3_000, seed: 5))
        for q in ["no. 12", "1234", "hop", "stout no", "zzqx", "hoppy", "amber ale no. 2999"] {
            #expect(NameSearch(catalogue: c).search(q) == Self.reference(c, q), "\(q)")
        }
    }
}
