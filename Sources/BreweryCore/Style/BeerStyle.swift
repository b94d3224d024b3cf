/// A beer's style family, as `recommend like` reads it from what the beer says it is
/// and how it is brewed: a stout, a Berliner weisse, a double IPA.
///
/// The raw value is the family's concept in ``StyleLexicon`` (`Data/style-words.txt`).
/// Cases are declared in the order a text's concepts are tried, the more particular
/// first: a "black IPA" is a black IPA before it is an IPA, an "imperial stout" an
/// imperial stout before a stout.
public enum BeerStyle: String, CaseIterable, Sendable {
    case blackIPA = "black ipa"
    case imperialStout = "imperial stout"
    case berlinerWeisse = "berliner weisse"
    case gose
    case wild
    case sour
    case saison
    case barleyWine = "barley wine"
    case doubleIPA = "double ipa"
    case porter
    case stout
    case scotchAle = "scotch ale"
    case belgian
    case wheat
    case lager
    case paleAle = "pale ale"
    case ipa
    case redAle = "red ale"
    case brownAle = "brown ale"
    case bitter

    /// Families a drinker of one would often take for another: IPAs and pale ales,
    /// stouts and porters, the sours.
    public enum Group: String, CaseIterable, Sendable {
        case hoppy, dark, sour, farmhouse, malty, wheat, lager
        case strongAle = "strong ale"
    }

    /// The family's group.
    public var group: Group {
        switch self {
        case .blackIPA, .doubleIPA, .paleAle, .ipa, .bitter: .hoppy
        case .imperialStout, .porter, .stout: .dark
        case .berlinerWeisse, .gose, .wild, .sour: .sour
        case .saison, .belgian: .farmhouse
        case .barleyWine: .strongAle
        case .scotchAle, .redAle, .brownAle: .malty
        case .wheat: .wheat
        case .lager: .lager
        }
    }

    /// How a sentence names beers of the family: "IPAs", "Berliner weisses", "sours".
    public var plural: String {
        switch self {
        case .blackIPA: "black IPAs"
        case .imperialStout: "imperial stouts"
        case .berlinerWeisse: "Berliner weisses"
        case .gose: "goses"
        case .wild: "wild ales"
        case .sour: "sours"
        case .saison: "saisons"
        case .barleyWine: "barley wines"
        case .doubleIPA: "double IPAs"
        case .porter: "porters"
        case .stout: "stouts"
        case .scotchAle: "Scotch ales"
        case .belgian: "Belgian ales"
        case .wheat: "wheat beers"
        case .lager: "lagers"
        case .paleAle: "pale ales"
        case .ipa: "IPAs"
        case .redAle: "red ales"
        case .brownAle: "brown ales"
        case .bitter: "bitters"
        }
    }
}

extension BeerStyle {
    /// How a sentence names a beer of this family and one of `other` together: the
    /// family's plural when they are one ("IPAs"), else the group's when they share it
    /// ("dark beers"), where a black IPA beside another hoppy beer makes "hoppy beers" (it
    /// is no pale beer); nil for families of different groups.
    public func plural(with other: BeerStyle) -> String? {
        if self == other { return plural }
        guard group == other.group else { return nil }
        if group == .hoppy, self == .blackIPA || other == .blackIPA { return "hoppy beers" }
        return group.plural
    }
}

extension BeerStyle.Group {
    /// How a sentence names beers of the group: "hoppy beers", "dark beers".
    public var plural: String {
        switch self {
        case .hoppy: "hoppy pale beers"
        case .dark: "dark beers"
        case .sour: "sours"
        case .farmhouse: "Belgian-style beers"
        case .malty: "malty ales"
        case .wheat: "wheat beers"
        case .lager: "lagers"
        case .strongAle: "strong ales"
        }
    }
}
