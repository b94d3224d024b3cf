/// The BJCP 2021 styles a beer of each family (``BeerStyle``, as its texts name it) may
/// be: a beer that calls itself a Scotch ale is one of the Scottish ales or a wee heavy,
/// whatever its numbers are nearest to. Style names as `Data/bjcp-styles.txt` writes
/// them; grouped as the guide groups them (its categories), with the neighbours a brewer
/// would allow (an IPA named so may be a double IPA by its numbers).
enum StyleFamilyStyles {
    static let names: [BeerStyle: [String]] = [
        .blackIPA: ["Black IPA"],
        .imperialStout: ["Imperial Stout", "American Stout", "Foreign Extra Stout", "Tropical Stout"],
        .berlinerWeisse: ["Berliner Weisse"],
        .gose: ["Gose"],
        .wild: sours,
        .sour: sours,
        .saison: ["Saison", "Bière de Garde"],
        .barleyWine: ["English Barley Wine", "American Barleywine", "Wheatwine", "Old Ale", "British Strong Ale"],
        .doubleIPA: ["Double IPA", "American IPA", "Hazy IPA", "Rye IPA", "Red IPA", "Black IPA", "Belgian IPA"],
        .porter: ["English Porter", "American Porter", "Baltic Porter"],
        .stout: [
            "Irish Stout", "Irish Extra Stout", "Sweet Stout", "Oatmeal Stout", "Tropical Stout", "Foreign Extra Stout",
            "American Stout", "Imperial Stout",
        ],
        .scotchAle: ["Scottish Light", "Scottish Heavy", "Scottish Export", "Wee Heavy"],
        .belgian: [
            "Witbier", "Belgian Pale Ale", "Bière de Garde", "Belgian Blond Ale", "Saison", "Belgian Golden Strong Ale",
            "Belgian Single", "Belgian Dubbel", "Belgian Tripel", "Belgian Dark Strong Ale", "Belgian IPA", "White IPA",
        ],
        .wheat: ["American Wheat Beer", "Weissbier", "Dunkles Weissbier", "Weizenbock", "Witbier", "Wheatwine"],
        .lager: [
            "American Light Lager", "American Lager", "International Pale Lager", "International Amber Lager",
            "International Dark Lager", "Czech Pale Lager", "Czech Premium Pale Lager", "Czech Amber Lager",
            "Czech Dark Lager", "Munich Helles", "Festbier", "Helles Bock", "German Leichtbier", "German Helles Exportbier",
            "German Pils", "Märzen", "Rauchbier", "Dunkles Bock", "Vienna Lager", "Munich Dunkel", "Schwarzbier",
            "Doppelbock", "Eisbock", "Baltic Porter", "California Common", "Kölsch", "Cream Ale",
        ],
        .paleAle: [
            "American Pale Ale", "Blonde Ale", "British Golden Ale", "Australian Sparkling Ale", "Belgian Pale Ale",
            "Ordinary Bitter", "Best Bitter", "Strong Bitter", "American Amber Ale",
        ],
        .ipa: [
            "American IPA", "English IPA", "Belgian IPA", "Black IPA", "Brown IPA", "Red IPA", "Rye IPA", "White IPA",
            "Brut IPA", "Hazy IPA", "Double IPA",
        ],
        .redAle: [
            "Irish Red Ale", "American Amber Ale", "Red IPA", "International Amber Lager", "Czech Amber Lager",
            "Vienna Lager", "Märzen", "Altbier", "Flanders Red Ale",
        ],
        .brownAle: ["British Brown Ale", "American Brown Ale", "Dark Mild", "Brown IPA", "Oud Bruin"],
        .bitter: ["Ordinary Bitter", "Best Bitter", "Strong Bitter", "English IPA"],
    ]

    static let sours = [
        "Berliner Weisse", "Flanders Red Ale", "Oud Bruin", "Lambic", "Gueuze", "Fruit Lambic", "Gose", "Brett Beer",
        "Mixed-Fermentation Sour Beer",
    ]
}
