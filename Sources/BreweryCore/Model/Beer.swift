/// One beer of the DIY Dog catalogue, with every field the Punk API serves.
///
/// Numeric fields are optional because the data has nulls (`ibu`, `ebc`, `srm`, `ph`, …).
/// `image` holds `image_url` (Punk API v2) or `image` (v3) — whichever the source had;
/// ``imageKey`` remembers which, so a round trip writes the same shape back.
public struct Beer: Sendable, Equatable, Hashable {
    /// The Punk API id (v2: 192 is "Punk IPA 2007 - 2010").
    public var id: Int
    /// The name as the data spells it.
    public var name: String
    /// The one-line tagline (`"Post Modern Classic. Spiky. Tropical. Hoppy."`).
    public var tagline: String?
    /// When first brewed, as written: `"04/2007"` or `"2007"` (see ``BrewDate``).
    public var firstBrewed: String?
    /// The DIY Dog description.
    public var description: String?
    /// The picture: a URL (v2) or a file name (v3), as ``imageKey`` says.
    public var image: String?
    /// Which key ``image`` came under, so it is written back under the same one.
    public var imageKey: ImageKey
    /// Alcohol by volume, percent.
    public var abv: Double?
    /// Bitterness, international bitterness units.
    public var ibu: Double?
    /// Target final gravity, as 1000 × specific gravity (1010).
    public var targetFG: Double?
    /// Target original gravity, as 1000 × specific gravity (1056).
    public var targetOG: Double?
    /// Colour, EBC.
    public var ebc: Double?
    /// Colour, SRM.
    public var srm: Double?
    /// pH.
    public var ph: Double?
    /// Apparent attenuation, percent.
    public var attenuationLevel: Double?
    /// The batch the recipe is written for.
    public var volume: Amount?
    /// The volume at the start of the boil.
    public var boilVolume: Amount?
    /// Mash, fermentation and twist.
    public var method: Method?
    /// Malts, hops and yeast.
    public var ingredients: Ingredients?
    /// Dishes the brewers pair it with, as written (empty when none).
    public var foodPairing: [String]
    /// The brewers' tip for homebrewers.
    public var brewersTips: String?
    /// Who wrote the record up.
    public var contributedBy: String?

    /// Which key the source used for the picture.
    public enum ImageKey: String, Sendable, Hashable {
        /// Punk API v2: a full URL.
        case imageURL = "image_url"
        /// Punk API v3: a file name such as `"366.png"`.
        case image
    }

    /// Creates a beer; only `id` and `name` are required.
    public init(
        id: Int, name: String, tagline: String? = nil, firstBrewed: String? = nil,
        description: String? = nil, image: String? = nil, imageKey: ImageKey = .imageURL,
        abv: Double? = nil, ibu: Double? = nil, targetFG: Double? = nil, targetOG: Double? = nil,
        ebc: Double? = nil, srm: Double? = nil, ph: Double? = nil, attenuationLevel: Double? = nil,
        volume: Amount? = nil, boilVolume: Amount? = nil, method: Method? = nil,
        ingredients: Ingredients? = nil, foodPairing: [String] = [], brewersTips: String? = nil,
        contributedBy: String? = nil
    ) {
        self.id = id
        self.name = name
        self.tagline = tagline
        self.firstBrewed = firstBrewed
        self.description = description
        self.image = image
        self.imageKey = imageKey
        self.abv = abv
        self.ibu = ibu
        self.targetFG = targetFG
        self.targetOG = targetOG
        self.ebc = ebc
        self.srm = srm
        self.ph = ph
        self.attenuationLevel = attenuationLevel
        self.volume = volume
        self.boilVolume = boilVolume
        self.method = method
        self.ingredients = ingredients
        self.foodPairing = foodPairing
        self.brewersTips = brewersTips
        self.contributedBy = contributedBy
    }
}

extension Beer {
    /// A quantity with its unit, as in `{"value": 20, "unit": "litres"}`.
    public struct Amount: Sendable, Hashable, Codable {
        /// The number; nil when the data has none.
        public var value: Double?
        /// Its unit as written (`litres`, `celsius`, `grams`, `kilograms`).
        public var unit: String?
        /// An amount of `value` `unit`s.
        public init(value: Double?, unit: String?) {
            self.value = value
            self.unit = unit
        }
        enum CodingKeys: String, CodingKey { case value, unit }
        /// Missing values are written as null, as the Punk API had them.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(value, forKey: .value)
            try c.encode(unit, forKey: .unit)
        }
    }

    /// The brewing method: mash steps, fermentation and an optional twist.
    public struct Method: Sendable, Hashable, Codable {
        /// The mash rests, in order.
        public var mashTemp: [MashStep]
        /// The fermentation temperature, if given.
        public var fermentation: Fermentation?
        /// What is unusual in the brew (`"Cocoa nibs, 100g"`).
        public var twist: String?

        /// A method of these parts.
        public init(mashTemp: [MashStep] = [], fermentation: Fermentation? = nil, twist: String? = nil) {
            self.mashTemp = mashTemp
            self.fermentation = fermentation
            self.twist = twist
        }

        enum CodingKeys: String, CodingKey {
            case mashTemp = "mash_temp"
            case fermentation, twist
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            mashTemp = try c.decodeIfPresent([MashStep].self, forKey: .mashTemp) ?? []
            fermentation = try c.decodeIfPresent(Fermentation.self, forKey: .fermentation)
            twist = try c.decodeIfPresent(String.self, forKey: .twist)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(mashTemp, forKey: .mashTemp)
            try c.encode(fermentation, forKey: .fermentation)
            try c.encode(twist, forKey: .twist)
        }
    }

    /// One mash step: a temperature held for a duration in minutes.
    public struct MashStep: Sendable, Hashable, Codable {
        /// The rest's temperature.
        public var temp: Amount?
        /// Its length in minutes.
        public var duration: Double?
        enum CodingKeys: String, CodingKey { case temp, duration }

        /// A rest at `temp` for `duration` minutes.
        public init(temp: Amount?, duration: Double?) {
            self.temp = temp
            self.duration = duration
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(temp, forKey: .temp)
            try c.encode(duration, forKey: .duration)
        }
    }

    /// The fermentation temperature.
    public struct Fermentation: Sendable, Hashable, Codable {
        /// The temperature.
        public var temp: Amount?
        /// Fermentation at `temp`.
        public init(temp: Amount?) { self.temp = temp }
        enum CodingKeys: String, CodingKey { case temp }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(temp, forKey: .temp)
        }
    }

    /// Malts, hops and yeast.
    public struct Ingredients: Sendable, Hashable, Codable {
        /// The grain bill.
        public var malt: [Malt]
        /// The hop additions, as the record lists them.
        public var hops: [Hop]
        /// The yeast strain as written (`"Wyeast 1056 - American Ale™"`).
        public var yeast: String?

        enum CodingKeys: String, CodingKey { case malt, hops, yeast }

        /// Ingredients of these parts.
        public init(malt: [Malt] = [], hops: [Hop] = [], yeast: String? = nil) {
            self.malt = malt
            self.hops = hops
            self.yeast = yeast
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            malt = try c.decodeIfPresent([Malt].self, forKey: .malt) ?? []
            hops = try c.decodeIfPresent([Hop].self, forKey: .hops) ?? []
            yeast = try c.decodeIfPresent(String.self, forKey: .yeast)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(malt, forKey: .malt)
            try c.encode(hops, forKey: .hops)
            try c.encode(yeast, forKey: .yeast)
        }
    }

    /// A malt and its amount.
    public struct Malt: Sendable, Hashable, Codable {
        /// The malt as written.
        public var name: String?
        /// How much (usually kilograms).
        public var amount: Amount?
        /// A malt of `amount`.
        public init(name: String?, amount: Amount?) {
            self.name = name
            self.amount = amount
        }
        enum CodingKeys: String, CodingKey { case name, amount }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(amount, forKey: .amount)
        }
    }

    /// A hop addition: amount, when it is added and what it is for.
    public struct Hop: Sendable, Hashable, Codable {
        /// The hop variety as written.
        public var name: String?
        /// How much (usually grams).
        public var amount: Amount?
        /// When it goes in (`start`, `middle`, `end`, `dry hop`).
        public var add: String?
        /// What it is for (`bitter`, `flavour`, `aroma`).
        public var attribute: String?
        /// A hop addition as the record gives it.
        public init(name: String?, amount: Amount?, add: String?, attribute: String?) {
            self.name = name
            self.amount = amount
            self.add = add
            self.attribute = attribute
        }
        enum CodingKeys: String, CodingKey { case name, amount, add, attribute }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(amount, forKey: .amount)
            try c.encode(add, forKey: .add)
            try c.encode(attribute, forKey: .attribute)
        }
    }
}
