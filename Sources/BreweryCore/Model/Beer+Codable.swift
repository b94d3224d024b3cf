extension Beer: Codable {
    /// A key of a beer's JSON object: a ``BeerField``'s key, or the v3 `image`.
    struct FieldKey: CodingKey {
        let stringValue: String
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Decodes a Punk API object of either shape (v2 `image_url`, v3 `image`), field by
    /// field as ``BeerField`` lists them.
    ///
    /// Missing and null optional fields decode as `nil`; unknown keys are ignored; when
    /// both image keys are there, `image_url` is the one read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FieldKey.self)
        self.init(id: 0, name: "")
        for field in BeerField.allCases {
            let key = FieldKey(field.key)
            switch field.kind {
            case .identifier: self[field] = .identifier(try c.decode(Int.self, forKey: key))
            case .name: self[field] = .name(try c.decode(String.self, forKey: key))
            case .text: self[field] = .text(try c.decodeIfPresent(String.self, forKey: key))
            case .image:
                let v3 = FieldKey(ImageKey.image.rawValue)
                self[field] =
                    c.contains(v3) && !c.contains(key)
                    ? .image(try c.decodeIfPresent(String.self, forKey: v3), .image)
                    : .image(try c.decodeIfPresent(String.self, forKey: key), .imageURL)
            case .number: self[field] = .number(try c.decodeIfPresent(Double.self, forKey: key))
            case .amount: self[field] = .amount(try c.decodeIfPresent(Amount.self, forKey: key))
            case .method: self[field] = .method(try c.decodeIfPresent(Method.self, forKey: key))
            case .ingredients: self[field] = .ingredients(try c.decodeIfPresent(Ingredients.self, forKey: key))
            case .texts: self[field] = .texts(try c.decodeIfPresent([String].self, forKey: key) ?? [])
            }
        }
    }

    /// Encodes the Punk API shape the beer came in; missing values are written as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FieldKey.self)
        for field in BeerField.allCases {
            let key = FieldKey(field.key)
            switch self[field] {
            case .identifier(let v): try c.encode(v, forKey: key)
            case .name(let v): try c.encode(v, forKey: key)
            case .text(let v): try c.encode(v, forKey: key)
            case .image(let v, let imageKey): try c.encode(v, forKey: FieldKey(imageKey.rawValue))
            case .number(let v): try c.encode(v, forKey: key)
            case .amount(let v): try c.encode(v, forKey: key)
            case .method(let v): try c.encode(v, forKey: key)
            case .ingredients(let v): try c.encode(v, forKey: key)
            case .texts(let v): try c.encode(v, forKey: key)
            }
        }
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
