extension Beer: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, tagline
        case firstBrewed = "first_brewed"
        case description
        case imageURL = "image_url"
        case image
        case abv, ibu
        case targetFG = "target_fg"
        case targetOG = "target_og"
        case ebc, srm, ph
        case attenuationLevel = "attenuation_level"
        case volume
        case boilVolume = "boil_volume"
        case method, ingredients
        case foodPairing = "food_pairing"
        case brewersTips = "brewers_tips"
        case contributedBy = "contributed_by"
    }

    /// Decodes a Punk API object of either shape (v2 `image_url`, v3 `image`).
    ///
    /// Missing and null optional fields decode as `nil`; unknown keys are ignored.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        tagline = try c.decodeIfPresent(String.self, forKey: .tagline)
        firstBrewed = try c.decodeIfPresent(String.self, forKey: .firstBrewed)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        if c.contains(.image) && !c.contains(.imageURL) {
            imageKey = .image
            image = try c.decodeIfPresent(String.self, forKey: .image)
        } else {
            imageKey = .imageURL
            image = try c.decodeIfPresent(String.self, forKey: .imageURL)
        }
        abv = try c.decodeIfPresent(Double.self, forKey: .abv)
        ibu = try c.decodeIfPresent(Double.self, forKey: .ibu)
        targetFG = try c.decodeIfPresent(Double.self, forKey: .targetFG)
        targetOG = try c.decodeIfPresent(Double.self, forKey: .targetOG)
        ebc = try c.decodeIfPresent(Double.self, forKey: .ebc)
        srm = try c.decodeIfPresent(Double.self, forKey: .srm)
        ph = try c.decodeIfPresent(Double.self, forKey: .ph)
        attenuationLevel = try c.decodeIfPresent(Double.self, forKey: .attenuationLevel)
        volume = try c.decodeIfPresent(Amount.self, forKey: .volume)
        boilVolume = try c.decodeIfPresent(Amount.self, forKey: .boilVolume)
        method = try c.decodeIfPresent(Method.self, forKey: .method)
        ingredients = try c.decodeIfPresent(Ingredients.self, forKey: .ingredients)
        foodPairing = try c.decodeIfPresent([String].self, forKey: .foodPairing) ?? []
        brewersTips = try c.decodeIfPresent(String.self, forKey: .brewersTips)
        contributedBy = try c.decodeIfPresent(String.self, forKey: .contributedBy)
    }

    /// Encodes the Punk API shape the beer came in; missing values are written as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(tagline, forKey: .tagline)
        try c.encode(firstBrewed, forKey: .firstBrewed)
        try c.encode(description, forKey: .description)
        try c.encode(image, forKey: imageKey == .image ? .image : .imageURL)
        try c.encode(abv, forKey: .abv)
        try c.encode(ibu, forKey: .ibu)
        try c.encode(targetFG, forKey: .targetFG)
        try c.encode(targetOG, forKey: .targetOG)
        try c.encode(ebc, forKey: .ebc)
        try c.encode(srm, forKey: .srm)
        try c.encode(ph, forKey: .ph)
        try c.encode(attenuationLevel, forKey: .attenuationLevel)
        try c.encode(volume, forKey: .volume)
        try c.encode(boilVolume, forKey: .boilVolume)
        try c.encode(method, forKey: .method)
        try c.encode(ingredients, forKey: .ingredients)
        try c.encode(foodPairing, forKey: .foodPairing)
        try c.encode(brewersTips, forKey: .brewersTips)
        try c.encode(contributedBy, forKey: .contributedBy)
    }
}

extension Beer {
    /// The tagline as hashtags, as the original Brewery app showed it:
    /// `"Spiky. Tropical. Hoppy."` becomes `["#Spiky", "#Tropical", "#Hoppy"]`.
    ///
    /// Each sentence of the tagline becomes one tag, its words joined in camel case
    /// (`"Post Modern Classic."` → `#PostModernClassic`); punctuation is dropped, and an
    /// apostrophe inside a word keeps the word whole (`"World's"` → `Worlds`).
    public var hashtags: [String] {
        guard let tagline else { return [] }
        var tags: [String] = []
        for sentence in tagline.split(whereSeparator: { ".!?".contains($0) }) {
            let words = sentence.filter { $0 != "'" && $0 != "\u{2019}" }
                .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            guard !words.isEmpty else { continue }
            let tag = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            tags.append("#" + tag)
        }
        return tags
    }
}
