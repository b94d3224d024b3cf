/// One beer of the DIY Dog catalogue, with every field the Punk API serves.
///
/// Numeric fields are optional because the data has nulls (`ibu`, `ebc`, `srm`, `ph`, …).
/// `image` holds `image_url` (Punk API v2) or `image` (v3) — whichever the source had;
/// ``imageKey`` remembers which, so a round trip writes the same shape back.
public struct Beer: Sendable, Equatable, Hashable {
    public var id: Int
    public var name: String
    public var tagline: String?
    public var firstBrewed: String?
    public var description: String?
    public var image: String?
    public var imageKey: ImageKey
    public var abv: Double?
    public var ibu: Double?
    public var targetFG: Double?
    public var targetOG: Double?
    public var ebc: Double?
    public var srm: Double?
    public var ph: Double?
    public var attenuationLevel: Double?
    public var volume: Amount?
    public var boilVolume: Amount?
    public var method: Method?
    public var ingredients: Ingredients?
    public var foodPairing: [String]
    public var brewersTips: String?
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
        public var value: Double?
        public var unit: String?
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
        public var mashTemp: [MashStep]
        public var fermentation: Fermentation?
        public var twist: String?

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
        public var temp: Amount?
        public var duration: Double?
        enum CodingKeys: String, CodingKey { case temp, duration }

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
        public var temp: Amount?
        public init(temp: Amount?) { self.temp = temp }
        enum CodingKeys: String, CodingKey { case temp }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(temp, forKey: .temp)
        }
    }

    /// Malts, hops and yeast.
    public struct Ingredients: Sendable, Hashable, Codable {
        public var malt: [Malt]
        public var hops: [Hop]
        public var yeast: String?

        enum CodingKeys: String, CodingKey { case malt, hops, yeast }

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
        public var name: String?
        public var amount: Amount?
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
        public var name: String?
        public var amount: Amount?
        public var add: String?
        public var attribute: String?
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
