import Foundation

/// What a yeast name says for `recommend like`: which culture it is, and the words that
/// say what kind of yeast it is.
///
/// "Wyeast 1056 - American Ale™", "WLP001 California Ale" and "Safale US-05" are one
/// culture sold under three names (`Data/yeast-strains.txt` lists such families), so all
/// three read as the strain `wyeast 1056`. A name the list does not know is its own
/// strain: its key up to the last word with a digit ("wyeast 3333"), or the whole key
/// ("champagne"). The descriptive words ("american", "ale", "wheat", "lager") relate
/// strains that are not the same: two lager strains share "lager".
public struct YeastStrain: Sendable, Equatable {
    /// The strain's matching key (the first name of its family).
    public var key: String
    /// The words describing it, brand words read as what they mean, without noise words.
    public var words: [String]

    /// Reads one yeast name (one strain; split "A & B" first).
    public init(name: some StringProtocol) {
        let full = IngredientName.key(name)
        let table = Self.table
        let family = table.families.first { family in
            family.names.contains { full == $0 || full.hasPrefix($0 + " ") }
        }
        let parts = full.split(separator: " ").map(String.init)
        let lastCode = parts.lastIndex { $0.contains(where: \.isNumber) }
        if let family {
            key = family.names[0]
        } else if let lastCode {
            key = parts[...lastCode].joined(separator: " ")
        } else {
            key = full
        }
        var seen: Set<String> = []
        var out: [String] = []
        // A known family is described alike under every name.
        let described = family.map { $0.words.isEmpty ? parts : $0.words } ?? parts
        for word in described where !word.contains(where: \.isNumber) {
            let meant = table.means[word] ?? word
            guard !table.ignored.contains(meant), meant.count > 1, seen.insert(meant).inserted else { continue }
            out.append(meant)
        }
        words = out
    }

    /// The strains of a recipe's yeast line ("A & B" names two).
    public static func strains(inLine line: String?) -> [YeastStrain] {
        names(inLine: line ?? "").filter { !IngredientName.key($0).isEmpty }.map { YeastStrain(name: $0) }
    }

    /// The names a yeast line holds ("A & B" names two), as written.
    static func names(inLine line: String) -> [String] {
        line.components(separatedBy: " & ").filter { !$0.isEmpty }
    }

    struct Family {
        var names: [String]
        var words: [String]
    }

    struct Table {
        var families: [Family] = []
        var means: [String: String] = [:]
        var ignored: Set<String> = []
    }

    /// `Data/yeast-strains.txt`, compiled in.
    static let table: Table = {
        var t = Table()
        for line in String(decoding: PackageResources.yeast_strains_txt, as: UTF8.self).split(separator: "\n") {
            guard !line.hasPrefix("#"), let colon = line.firstIndex(of: ":") else { continue }
            let body = line[line.index(after: colon)...]
            switch line[..<colon] {
            case "same":
                let halves = body.split(separator: ";", maxSplits: 1)
                let names = (halves.first ?? "").split(separator: "|").map { IngredientName.key($0) }.filter { !$0.isEmpty }
                let words = halves.count > 1 ? IngredientName.key(halves[1]).split(separator: " ").map(String.init) : []
                if !names.isEmpty { t.families.append(Family(names: names, words: words)) }
            case "means":
                let words = body.split(separator: " ").map { IngredientName.key($0) }
                if words.count == 2 { t.means[words[0]] = words[1] }
            case "ignore":
                t.ignored.formUnion(body.split(separator: " ").map { IngredientName.key($0) })
            default: continue
            }
        }
        return t
    }()
}
