/// The data compiled into Brewery that a catalogue's indexes are built from: style
/// words, food knowledge, ingredient and style tables (`Data/`).
package enum BundledData {
    /// A fingerprint of every such file (FNV-1a 64 over each one's length and bytes, in
    /// hex). A snapshot records it, and one made with other data is not read: after an
    /// upgrade that changes a word list, the next load builds the indexes anew instead
    /// of answering from the old ones.
    package static let fingerprint: String = {
        let files: [[UInt8]] = [
            PackageResources.adjuncts_txt, PackageResources.bjcp_styles_txt, PackageResources.fermentables_txt,
            PackageResources.food_concepts_txt, PackageResources.food_variants_txt, PackageResources.foods_txt,
            PackageResources.hop_varieties_txt, PackageResources.hops_txt, PackageResources.malts_txt,
            PackageResources.srm_colours_txt, PackageResources.style_words_txt, PackageResources.yeast_strains_txt,
            PackageResources.yeasts_txt,
        ]
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            h ^= UInt64(byte)
            h &*= 0x100_0000_01b3
        }
        for file in files {
            withUnsafeBytes(of: UInt64(file.count).littleEndian) { for b in $0 { mix(b) } }
            for b in file { mix(b) }
        }
        return String(h, radix: 16)
    }()
}
