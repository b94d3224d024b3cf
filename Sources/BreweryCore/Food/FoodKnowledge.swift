import Foundation

/// What Brewery knows about food beyond the words of the pairings: categories and what
/// they hold (shellfish: oysters, prawns, crab…), cuisines by their dishes, meals and
/// occasions by their parts, and one food's names in different Englishes (prawn, shrimp).
///
/// Read from `Data/food-concepts.txt` (its header gives the format). A query word or
/// phrase that names a concept is *expanded*: its members match as well as the words
/// typed, below them (``Grade``). Names are found in a query by their folded words, a
/// plural matching its singular (`berries`, `berry`) and a spelling variant its
/// alternatives (`bbq`, `barbecue`).
package struct FoodKnowledge: Sendable {
    /// How strongly a matching pairing is an instance of what was asked for.
    package enum Grade: UInt8, Sendable, Comparable {
        /// A close relative or borderline instance.
        case related = 1
        /// A clear instance (a member).
        case member = 2
        /// The words typed themselves.
        case typed = 3

        package static func < (a: Grade, b: Grade) -> Bool { a.rawValue < b.rawValue }
    }

    /// One way a pairing can be an instance of a concept: all of `words` in one pairing,
    /// none of `absent`.
    package struct Member: Sendable, Equatable {
        /// As written in the knowledge, for display ("king prawn").
        package var text: String
        /// Folded content words, all in one pairing.
        package var words: [String]
        /// Folded words that must not be in the pairing.
        package var absent: [String]
        package var grade: Grade
        /// Whether it is an instance of the course apart (``FoodKnowledge/courseApart``)
        /// while a name or member of another concept ("banoffee pie" of the pies, the name
        /// "pie" itself): set once, when the knowledge is read; false in the course apart's
        /// own members and in related ones.
        package var isOfCourseApart = false
    }

    /// A concept: its display name and the ways a pairing can be an instance of it.
    package struct Concept: Sendable {
        /// The first name given, for display.
        package var name: String
        /// Its members, typed names first, then members, then related ones.
        package var members: [Member]
        /// Its exclusions (folded words): they are absent from each of its members, and a
        /// query naming the concept keeps them out of its other words' matches too
        /// ("vegan burger" is no beef burger).
        package var excluded: [String] = []
        /// Its exclusions of several words, dishes (folded words) none of its members is
        /// matched in (``FoodKnowledge/excluding(_:dishes:from:)``).
        package var excludedDishes: [[String]] = []

        /// Whether the concept keeps anything out (a diet: "vegetarian", "vegan").
        package var hasExclusions: Bool { !excluded.isEmpty || !excludedDishes.isEmpty }
    }

    /// Every concept, in the order written.
    package let concepts: [Concept]
    /// Names by every form of their first word: (name's folded words, concept).
    /// A name's `absent` words are those written after it with a minus ("pudding -yorkshire"):
    /// a query saying one does not use that name.
    private let namesByFirstForm: [String: [(words: [String], absent: [String], concept: Int)]]
    /// Words that name a dish's form rather than what it is made of ("roll", "pie",
    /// "salad"; folded, from the `~` lines): beside a word of what it is made of, such a
    /// word says less of what a beer should go with (``FoodRanker``).
    package let forms: Set<String>
    /// The course apart (from the `>` line: the desserts), a concept whose members, in a
    /// kind read for a dish not of it, rank as related ones: "cottage pie" read as British
    /// food finds pork pie before banoffee pie (``isOf(_:dish:)``). Nil when none is written;
    /// a second `>` line is a problem, and the first is kept.
    package let courseApart: Int?
    /// Lines that could not be read, with their line numbers (empty for the bundled file).
    package let problems: [String]
    /// The one-word names and members: real food words, never typos of others.
    private let words: Set<String>
    /// The one-word names, for reading a typo of one (``nearestName(to:)``).
    private let oneWordNames: [String]
    /// The names (their folded words, space-separated), the members (dishes of several
    /// words with their stop words, as written), sorted and distinct: what a query may say
    /// that the knowledge reads, for completion.
    package let sayable: [String]
    /// Per member with nothing absent (its words' ``key(of:)``s, space-separated), the
    /// concepts that hold it as a member, then those holding it as a related one, each in
    /// the order written; diets (concepts with exclusions) hold none here
    /// (``concept(ofMember:excluding:)``).
    private let conceptsByMember: [String: [Int]]
    /// How many of each entry of ``conceptsByMember`` hold it as a member (they come first).
    private let memberConceptCount: [String: Int]

    /// The knowledge written for Brewery (`Data/food-concepts.txt`).
    package static let standard = FoodKnowledge(text: String(decoding: PackageResources.food_concepts_txt, as: UTF8.self))

    /// Knowledge with no concepts: every query is read as typed.
    package static let empty = FoodKnowledge(text: "")

    /// Reads knowledge in the format of `Data/food-concepts.txt`.
    package init(text: String) {
        var concepts: [Concept] = []
        var problems: [String] = []
        // Raw member texts per concept and section, resolved once every name is known.
        var pending: [(members: [String], related: [String])] = []
        var names: [(words: [String], absent: [String], concept: Int)] = []
        var byName: [String: Int] = [:]
        var forms: Set<String> = []
        var courseName: (words: String, line: Int)?

        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("~") {
                // Dish forms: each entry one folded word.
                for entry in Self.list(line.dropFirst()) { forms.formUnion(FoodText.words(Self.present(entry))) }
                continue
            }
            if line.hasPrefix(">") {
                if let first = courseName {
                    problems.append("line \(number + 1): a second course apart; the one of line \(first.line) is kept")
                } else {
                    courseName = (FoodText.words(line.dropFirst()).joined(separator: " "), number + 1)
                }
                continue
            }
            if line.hasPrefix("=") {
                // A synonym group: each entry is a concept whose members are the others.
                let entries = Self.list(line.dropFirst())
                guard entries.count >= 2 else {
                    problems.append("line \(number + 1): a synonym line needs two words or more")
                    continue
                }
                for (i, entry) in entries.enumerated() {
                    let nameWords = FoodText.words(Self.present(entry))
                    guard !nameWords.isEmpty else { continue }
                    let id = concepts.count
                    concepts.append(Concept(name: Self.present(entry), members: []))
                    pending.append((entries.enumerated().filter { $0.offset != i }.map(\.element), []))
                    names.append((nameWords, Self.member(entry, grade: .typed).absent, id))
                    concepts[id].members.append(Self.member(entry, grade: .typed))
                }
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                problems.append("line \(number + 1): no ':' after the names")
                continue
            }
            let nameList = Self.list(line[..<colon])
            let sections = line[line.index(after: colon)...].split(separator: "|", maxSplits: 1)
            guard let first = nameList.first, !sections.isEmpty else {
                problems.append("line \(number + 1): no names or no members")
                continue
            }
            let id = concepts.count
            concepts.append(Concept(name: Self.present(first.hasSuffix("!") ? String(first.dropLast()) : first), members: []))
            for name in nameList {
                let typedToo = !name.hasSuffix("!")
                let plain = typedToo ? name : String(name.dropLast())
                let words = FoodText.words(Self.present(plain))
                guard !words.isEmpty else { continue }
                names.append((words, Self.member(plain, grade: .typed).absent, id))
                if byName[words.joined(separator: " ")] == nil { byName[words.joined(separator: " ")] = id }
                if typedToo { concepts[id].members.append(Self.member(plain, grade: .typed)) }
            }
            pending.append((Self.list(sections[0]), sections.count > 1 ? Self.list(sections[1]) : []))
        }

        // A concept's exclusions: its "-word" entries (folded words no pairing of its
        // members or related ones may hold), taken out of its members; and its entries of
        // several words ("-french onion"), dishes none of its members is matched in.
        var excluded: [[String]] = []
        var excludedDishes: [[[String]]] = []
        for id in pending.indices {
            let isExclusion = { (entry: String) in entry.hasPrefix("-") }
            let entries = (pending[id].members + pending[id].related).filter(isExclusion).map {
                FoodText.words($0.dropFirst())
            }
            excluded.append(entries.filter { $0.count == 1 }.flatMap { $0 })
            excludedDishes.append(entries.filter { $0.count > 1 })
            pending[id].members.removeAll(where: isExclusion)
            pending[id].related.removeAll(where: isExclusion)
            concepts[id].excluded = excluded[id]
            concepts[id].excludedDishes = excludedDishes[id]
        }
        func withExclusions(of id: Int, _ member: Member) -> Member {
            Self.excluding(excluded[id], dishes: excludedDishes[id], from: member)
        }
        // Members, with "@name" standing for that concept's own members (which keep its
        // exclusions).
        func expand(_ text: String, grade: Grade, seen: Set<Int>) -> [Member] {
            guard text.hasPrefix("@") else { return [Self.member(text, grade: grade)] }
            let key = FoodText.words(text.dropFirst()).joined(separator: " ")
            guard let target = byName[key] else {
                problems.append("'\(text)' names no concept")
                return []
            }
            guard !seen.contains(target) else { return [] }
            return pending[target].members.flatMap { expand($0, grade: grade, seen: seen.union([target])) }
                .map { withExclusions(of: target, $0) }
        }
        for id in concepts.indices {
            var members = concepts[id].members
            members += pending[id].members.flatMap { expand($0, grade: .member, seen: [id]) }
                .map { withExclusions(of: id, $0) }
            members += pending[id].related.flatMap { expand($0, grade: .related, seen: [id]) }
                .map { withExclusions(of: id, $0) }
            // One entry per word set: the strongest grade wins, the first text shows.
            var kept: [Member] = []
            var at: [[String]: Int] = [:]
            for m in members where !m.words.isEmpty {
                let key = m.words.sorted() + ["-"] + m.absent.sorted()
                if let i = at[key] {
                    if m.grade > kept[i].grade { kept[i].grade = m.grade }
                } else {
                    at[key] = kept.count
                    kept.append(m)
                }
            }
            concepts[id].members = kept.sorted { $0.grade > $1.grade }
        }

        if let (name, line) = courseName, byName[name] == nil {
            problems.append("line \(line): '\(name)' names no concept")
        }
        let apart = courseName.flatMap { byName[$0.words] }
        if let apart {
            for id in concepts.indices where id != apart {
                for j in concepts[id].members.indices where concepts[id].members[j].grade != .related {
                    concepts[id].members[j].isOfCourseApart = Self.holds(
                        concepts[apart].members, dish: concepts[id].members[j].words)
                }
            }
        }
        courseApart = apart
        var index: [String: [(words: [String], absent: [String], concept: Int)]] = [:]
        for n in names { index[Self.key(of: n.words[0]), default: []].append(n) }
        self.concepts = concepts
        self.namesByFirstForm = index
        self.problems = problems
        self.forms = forms
        // Whole one-word names and members: a word inside a longer one ("chocolat" of
        // "pain au chocolat") may still be a typo of a pairing's word.
        var known = Set(names.filter { $0.words.count == 1 }.map { $0.words[0] })
        for c in concepts { for m in c.members where m.words.count == 1 { known.insert(m.words[0]) } }
        words = known
        oneWordNames = Array(Set(names.filter { $0.words.count == 1 }.map { $0.words[0] })).sorted()
        var byMember: [String: [Int]] = [:]
        var memberCount: [String: Int] = [:]
        for grade in [Grade.member, .related] {
            for (id, c) in concepts.enumerated() where !c.hasExclusions {
                for m in c.members where m.grade == grade && m.absent.isEmpty {
                    let key = m.words.map(Self.key(of:)).joined(separator: " ")
                    if byMember[key]?.contains(id) != true { byMember[key, default: []].append(id) }
                }
            }
            if grade == .member { memberCount = byMember.mapValues(\.count) }
        }
        conceptsByMember = byMember
        memberConceptCount = memberCount
        var said = Set(names.map { $0.words.joined(separator: " ") })
        for c in concepts {
            for m in c.members where m.words.count == 1 { said.insert(m.words[0]) }
            // A dish of several words, as written ("patatas bravas", "toad in the hole").
            for m in c.members where m.words.count > 1 && m.absent.isEmpty {
                said.insert(FoodText.rawWords(m.text).joined(separator: " "))
            }
        }
        sayable = said.sorted()
    }

    /// The concept a member is an instance of, for a dish no pairing holds: "gelato" is a
    /// dessert, "goulash" a stew, "patatas bravas" Spanish. `words` are the dish's folded
    /// content words, in order, each in any of its forms ("goulashes"). The first concept
    /// written that holds it as a member, else as a related one (the file writes what a
    /// dish is, its categories, before where it comes from, its cuisines, and those before
    /// the staple it sits on); never a diet, whose exclusions would hold for the whole
    /// dish; never one of `excluded` (the concepts the dish's words name: "fried rice" is
    /// Chinese, where fried food and rice dishes would say no more than its words). Nil
    /// for no member, or for more than four words.
    package func concept(ofMember words: [String], excluding excluded: Set<Int> = []) -> Int? {
        guard (1...4).contains(words.count) else { return nil }
        for key in Self.memberKeys(of: words) {
            if let id = conceptsByMember[key]?.first(where: { !excluded.contains($0) }) { return id }
        }
        return nil
    }

    /// Every concept that holds a dish of `words` (read as ``concept(ofMember:excluding:)``
    /// reads them) as a member, not a related one, in the order written: "nasi goreng" is
    /// Asian food and a rice dish, "gelato" a dessert and Italian. Never a diet.
    package func concepts(holdingMember words: [String]) -> [Int] {
        guard (1...4).contains(words.count) else { return [] }
        for key in Self.memberKeys(of: words) {
            if let ids = conceptsByMember[key], let n = memberConceptCount[key], n > 0 { return Array(ids.prefix(n)) }
        }
        return []
    }

    /// The keys a dish of `words` may be held under: every combination of the words'
    /// forms, the words as typed first.
    private static func memberKeys(of words: [String]) -> [String] {
        var keys = [""]
        for (i, word) in words.enumerated() {
            let forms = [word] + FoodVocabulary.inflectionBases(of: word)
            keys = keys.flatMap { prefix in forms.map { prefix + (i == 0 ? "" : " ") + Self.key(of: $0) } }
        }
        return keys
    }

    /// Whether a dish of `words` (folded) is an instance of concept `id`: some name or
    /// member of it (not a related one) has all its words among them, in any of their
    /// forms, and none of its absent ones ("sticky toffee pudding" is a dessert; "steak
    /// pie" is none, as its "pie" is written "pie -steak").
    package func isOf(_ id: Int, dish words: [String]) -> Bool {
        Self.holds(concepts[id].members, dish: words)
    }

    /// Whether some name or member of `members` (not a related one) has all its words
    /// among `words` (folded), in any of their forms, and none of its absent ones.
    private static func holds(_ members: [Member], dish words: [String]) -> Bool {
        let said = Set(words.flatMap(Self.forms(of:)))
        return members.contains { m in
            m.grade != .related && m.words.allSatisfy { said.contains(Self.key(of: $0)) }
                && !m.absent.contains { said.contains(Self.key(of: $0)) }
        }
    }

    /// Whether `word` (folded) is a word of the knowledge: a real food word, never read
    /// as a typo of another.
    package func knows(_ word: String) -> Bool { words.contains(word) }

    /// The one-word concept name `word` is a typo of: within one edit (two from eight
    /// letters), the nearest, then the first in order; nil when none is that near.
    package func nearestName(to word: String) -> String? {
        guard word.utf8.count >= 4 else { return nil }
        let limit = word.utf8.count >= 8 ? 2 : 1
        var best: (name: String, distance: Int)?
        for name in oneWordNames {
            guard let d = EditDistance.distance(word, name, limit: limit) else { continue }
            if best == nil || d < best!.distance { best = (name, d) }
        }
        return best?.name
    }

    /// A query read as concept names and plain words.
    package enum Segment: Sendable, Equatable {
        /// Words that name one or more concepts (the same name may be written for several).
        case concept(words: [String], concepts: [Int])
        /// A word that names none.
        case word(String)

        /// The concepts it names (none for a plain word).
        package var concepts: [Int] {
            if case .concept(_, let ids) = self { ids } else { [] }
        }

        /// Its words, as typed.
        package var words: [String] {
            switch self {
            case .concept(let words, _): words
            case .word(let w): [w]
            }
        }
    }

    /// Reads folded query `words` as the longest concept names there are, left to right,
    /// and the other words one by one. A name is not read where the query says a word it
    /// is written without ("yorkshire pudding" is no "pudding" of the desserts).
    package func segments(of words: [String]) -> [Segment] {
        let forms = words.map(Self.forms(of:))
        let said = Set(forms.joined())
        var out: [Segment] = []
        var i = 0
        while i < words.count {
            var bestLength = 0
            var bestConcepts: [Int] = []
            for form in forms[i] {
                for name in namesByFirstForm[form] ?? []
                where name.words.count >= bestLength && i + name.words.count <= words.count {
                    let fits = name.words.indices.allSatisfy { k in k == 0 || forms[i + k].contains(Self.key(of: name.words[k])) }
                    guard fits, !name.absent.contains(where: { said.contains(Self.key(of: $0)) }) else { continue }
                    if name.words.count > bestLength {
                        bestLength = name.words.count
                        bestConcepts = []
                    }
                    if !bestConcepts.contains(name.concept) { bestConcepts.append(name.concept) }
                }
            }
            if bestLength > 0 {
                out.append(.concept(words: Array(words[i..<(i + bestLength)]), concepts: bestConcepts))
                i += bestLength
            } else {
                out.append(.word(words[i]))
                i += 1
            }
        }
        return out
    }

    /// The words a one-word name reading as `word` is written without ("crab", "fish"…
    /// for "cake", written "cake -crab -fish"), in the order written; none for a word no
    /// such name reads as.
    package func absentWords(ofName word: String) -> [String] {
        var out: [String] = []
        for form in Self.forms(of: word) {
            for name in namesByFirstForm[form] ?? [] where name.words.count == 1 {
                for a in name.absent where !out.contains(a) { out.append(a) }
            }
        }
        return out
    }

    /// Whether the query words `typed` (folded, space-separated) are the name `name`, as
    /// ``segments(of:)`` matches names, or the same words written with other spaces
    /// ("cheeseboard" is "cheese board").
    package static func sameWords(typed: String, name: [String]) -> Bool {
        let words = typed.split(separator: " ").map(String.init)
        if words.count == name.count && zip(words, name).allSatisfy({ forms(of: $0).contains(key(of: $1)) }) {
            return true
        }
        return forms(of: words.joined()).contains(key(of: name.joined()))
    }

    // MARK: - Reading

    /// The comma-separated entries of `text`, trimmed, empty ones dropped.
    private static func list(_ text: Substring) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `text` without its `-absent` words.
    private static func present(_ text: String) -> String {
        text.split(separator: " ").filter { !$0.hasPrefix("-") }.joined(separator: " ")
    }

    private static func member(_ text: String, grade: Grade) -> Member {
        let parts = text.split(separator: " ")
        let absent = parts.filter { $0.hasPrefix("-") }.flatMap { FoodText.words($0.dropFirst()) }
        let shown = present(text)
        return Member(text: shown, words: FoodText.words(shown), absent: absent, grade: grade)
    }

    /// `member` with `words` absent too (a concept's exclusions), but for words the
    /// member itself names ("veggie burger" keeps "burger"), and kept out of the `dishes`
    /// (its exclusions of several words): a member naming some of a dish's words has the
    /// others absent ("onion" is no vegetarian dish where "french" is: French onion soup
    /// is made with beef stock). A member naming none of a dish's words is not kept out.
    package static func excluding(_ words: [String], dishes: [[String]], from member: Member) -> Member {
        var m = member
        var named = Set(m.words).union(m.absent)
        for w in words where named.insert(w).inserted { m.absent.append(w) }
        for dish in dishes where dish.contains(where: m.words.contains) {
            for w in dish where named.insert(w).inserted { m.absent.append(w) }
        }
        return m
    }

    /// The keys a folded query word matches a name's word by: its own and its singulars'
    /// (`curries` matches `curry`, not the other way round: `sweet` is not `sweets`).
    static func forms(of w: String) -> Set<String> {
        Set(([w] + FoodVocabulary.inflectionBases(of: w)).map(key(of:)))
    }

    /// A name's word as looked up: the first spelling of its variant group (`bbq` →
    /// `barbecue`), else itself.
    static func key(of w: String) -> String { variantHead[w] ?? w }

    /// The first spelling of each word's variant group (``FoodVocabulary/bundledVariants``).
    private static let variantHead: [String: String] = {
        var out: [String: String] = [:]
        for group in FoodVocabulary.bundledVariants {
            for w in group { out[w] = group[0] }
        }
        return out
    }()
}
