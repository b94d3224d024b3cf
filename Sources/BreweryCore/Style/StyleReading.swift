/// What one beer's texts and recipe say of its style: the style concepts of its name,
/// tagline and twist (``head``), of its description and brewer's tips (``note``), whether
/// it is measurably sour (``lowPH``), and its family (``style``).
///
/// The family is the most particular family concept of the head; failing that, of the
/// description, then of the tips; failing those, what the yeast says (a lager, saison,
/// wheat or Belgian strain); failing that, the numbers (ebc ≥ 80 a stout; ebc ≥ 40, past
/// amber, with ibu below 40 a red ale, as the catalogue's named ambers, reds and Scotch
/// ales of that colour are; ibu ≥ 40 an IPA; else a pale ale). A stout of 8.5% abv or
/// more is an imperial stout, an IPA of 8% or more a double IPA. A beer with a low pH
/// whose head names no sour family is a sour.
package struct StyleReading: Sendable, Equatable {
    package var head = ConceptSet()
    package var note = ConceptSet()
    package var lowPH = false
    package var style: BeerStyle = .paleAle
    /// The family the texts alone name (``namedFamily(name:texts:abv:lexicon:)``): what
    /// the BJCP style reads of them, kept so it need not read the texts again.
    package var named: BeerStyle?

    /// A pH at or below this is a soured beer's (most beers are 4–5.5).
    package static let sourPH = 3.8

    /// Reads a beer's name and the style concepts of its other texts (`texts`), and its
    /// facts. `soured` says whether its malts or yeast sour it (``soursWort(malt:)``,
    /// ``soursWort(yeast:)``); `yeastStyle` is what its yeast says (``style(ofYeast:)``):
    /// both are asked once per distinct text by the caller.
    package init(
        name: String, texts: StyleTexts, abv: Double?, ibu: Double?, ebc: Double?, ph: Double?, soured: Bool,
        yeastStyle: BeerStyle?, lexicon: StyleLexicon = .standard
    ) {
        lexicon.read(name, into: &head)
        head = lexicon.resolvingFallbacks(head.union(texts.head))
        let described = lexicon.droppingFallbacks(texts.described)
        let tipped = lexicon.droppingFallbacks(texts.tipped)
        note = described.union(tipped)
        lowPH = (ph.map { $0 > 0 && $0 <= Self.sourPH } ?? false) || soured
        var first = head
        if lowPH, head.bits & lexicon.sourFamilies.bits == 0, let sour = lexicon.family(.sour) { first.insert(sour) }
        let abv = abv ?? 0
        named = Self.namedFamily(head: head, described: described, tipped: tipped, abv: abv, lexicon: lexicon)
        if let family = lexicon.firstFamily(in: first) ?? lexicon.firstFamily(in: described)
            ?? lexicon.firstFamily(in: tipped)
        {
            style = Self.bySize(family, abv: abv)
            return
        }
        if let yeastStyle {
            style = yeastStyle
        } else if (ebc ?? 0) >= 80 {
            style = Self.bySize(.stout, abv: abv)
        } else if (ebc ?? 0) >= 40, (ibu ?? 0) < 40 {
            style = .redAle
        } else if (ibu ?? 0) >= 40 {
            style = Self.bySize(.ipa, abv: abv)
        } else {
            style = .paleAle
        }
    }

    /// The family a beer's texts name, sized by `abv`: the most particular family concept
    /// of its name, tagline and twist, else of its description, else of its tips; nil when
    /// they name none (``init`` then asks the yeast and the numbers).
    package static func namedFamily(
        name: String, texts: StyleTexts, abv: Double?, lexicon: StyleLexicon = .standard
    ) -> BeerStyle? {
        var head = texts.head
        lexicon.read(name, into: &head)
        return namedFamily(
            head: lexicon.resolvingFallbacks(head), described: lexicon.droppingFallbacks(texts.described),
            tipped: lexicon.droppingFallbacks(texts.tipped), abv: abv ?? 0, lexicon: lexicon)
    }

    private static func namedFamily(
        head: ConceptSet, described: ConceptSet, tipped: ConceptSet, abv: Double, lexicon: StyleLexicon
    ) -> BeerStyle? {
        guard
            let family = lexicon.firstFamily(in: head) ?? lexicon.firstFamily(in: described)
                ?? lexicon.firstFamily(in: tipped)
        else { return nil }
        return bySize(family, abv: abv)
    }

    /// Whether a malt of this name sours the wort ("Acidulated Malt for kettle souring").
    package static func soursWort(malt: String) -> Bool { TextFolding.fold(malt).contains("kettle sour") }

    /// Whether a yeast line sours the wort (Lactobacillus).
    package static func soursWort(yeast: String) -> Bool { TextFolding.fold(yeast).contains("lacto") }

    /// The family a yeast line names, if any: a lager, saison, wheat or Belgian strain.
    package static func style(ofYeast line: String) -> BeerStyle? {
        let y = TextFolding.fold(line)
        if ["lager", "pils", "s189", "34/70"].contains(where: y.contains) { return .lager }
        if y.contains("saison") { return .saison }
        if ["wheat", "weizen", "wit"].contains(where: y.contains) { return .wheat }
        if ["belgian", "trappist", "monastery"].contains(where: y.contains) { return .belgian }
        return nil
    }

    /// A stout or IPA strong enough for its imperial or double kind is that.
    private static func bySize(_ style: BeerStyle, abv: Double) -> BeerStyle {
        switch style {
        case .stout where abv >= 8.5: .imperialStout
        case .ipa where abv >= 8: .doubleIPA
        default: style
        }
    }
}
