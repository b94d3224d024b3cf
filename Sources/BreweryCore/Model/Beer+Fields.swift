extension Beer {
    /// The value of `field`, as ``BeerField`` declares it: the one place a field meets its
    /// property. Setting a value of another kind than the field's is a programming error.
    package subscript(field: BeerField) -> BeerField.Value {
        get {
            switch field {
            case .id: .identifier(id)
            case .name: .name(name)
            case .tagline: .text(tagline)
            case .firstBrewed: .text(firstBrewed)
            case .description: .text(description)
            case .image: .image(image, imageKey)
            case .abv: .number(abv)
            case .ibu: .number(ibu)
            case .targetFG: .number(targetFG)
            case .targetOG: .number(targetOG)
            case .ebc: .number(ebc)
            case .srm: .number(srm)
            case .ph: .number(ph)
            case .attenuationLevel: .number(attenuationLevel)
            case .volume: .amount(volume)
            case .boilVolume: .amount(boilVolume)
            case .method: .method(method)
            case .ingredients: .ingredients(ingredients)
            case .foodPairing: .texts(foodPairing)
            case .brewersTips: .text(brewersTips)
            case .contributedBy: .text(contributedBy)
            }
        }
        set {
            switch (field, newValue) {
            case (.id, .identifier(let v)): id = v
            case (.name, .name(let v)): name = v
            case (.tagline, .text(let v)): tagline = v
            case (.firstBrewed, .text(let v)): firstBrewed = v
            case (.description, .text(let v)): description = v
            case (.image, .image(let v, let key)): (image, imageKey) = (v, key)
            case (.abv, .number(let v)): abv = v
            case (.ibu, .number(let v)): ibu = v
            case (.targetFG, .number(let v)): targetFG = v
            case (.targetOG, .number(let v)): targetOG = v
            case (.ebc, .number(let v)): ebc = v
            case (.srm, .number(let v)): srm = v
            case (.ph, .number(let v)): ph = v
            case (.attenuationLevel, .number(let v)): attenuationLevel = v
            case (.volume, .amount(let v)): volume = v
            case (.boilVolume, .amount(let v)): boilVolume = v
            case (.method, .method(let v)): method = v
            case (.ingredients, .ingredients(let v)): ingredients = v
            case (.foodPairing, .texts(let v)): foodPairing = v
            case (.brewersTips, .text(let v)): brewersTips = v
            case (.contributedBy, .text(let v)): contributedBy = v
            default: preconditionFailure("a \(newValue) set as field \(field)")
            }
        }
    }
}
