import BreweryCLI
import BreweryCore
import BreweryTestSupport
import Foundation

// Brewery's fuzzer: a seeded random driver that throws hostile input at the three
// places Brewery reads what it does not control, for a bounded time each, and exits
// non-zero if anything goes wrong (a crash ends the process; the input that caused it
// is in the --dir folder as `current-<target>`).
//
//   brewery-fuzz [--seconds 60] [--seed N] [--dir DIR] [shell|json|snapshot]...
//   brewery-fuzz --replay Tests/BreweryFuzz/Crashes      # every saved input, once
//
// - shell: REPL lines (random bytes, command words, options, huge and negative
//   numbers, quotes, long words) through the shell's own parsing and dispatch.
// - json: mutated catalogue JSON through the fast reader and JSONDecoder, then every
//   query on what decoded; a read for the indexes only must take and refuse the same.
// - snapshot: mutated snapshot bytes with the checksum made to match again, then every
//   query on what was not refused.

struct Options {
    var seconds = 60.0
    var seed: UInt64 = UInt64(Date().timeIntervalSince1970)
    var dir = NSTemporaryDirectory() + "brewery-fuzz"
    var targets: [String] = []
    var replay: String?
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    while let a = args.popFirst() {
        switch a {
        case "--seconds": o.seconds = args.popFirst().flatMap(Double.init) ?? o.seconds
        case "--seed": o.seed = args.popFirst().flatMap { UInt64($0) } ?? o.seed
        case "--dir": o.dir = args.popFirst() ?? o.dir
        case "--replay": o.replay = args.popFirst()
        default: o.targets.append(a)
        }
    }
    if o.targets.isEmpty { o.targets = ["shell", "json", "snapshot"] }
    return o
}

/// Keeps the process's own messages apart from what the shell prints (sent to /dev/null).
enum Console {
    nonisolated(unsafe) static var fd: Int32 = 2

    static func silenceStandardStreams() {
        fd = dup(2)
        let null = open("/dev/null", O_WRONLY)
        dup2(null, 1)
        dup2(null, 2)
        close(null)
    }

    static func say(_ s: String) {
        var s = s + "\n"
        _ = s.withUTF8 { write(fd, $0.baseAddress, $0.count) }
    }
}

/// The fixture catalogue, as files and bytes the targets start from.
struct Corpus {
    let folder: String
    let catalogue: String
    let json: [UInt8]
    let snapshots: [[UInt8]]
    /// The JSON, for snapshots whose beers are read from it.
    var source: BeerSource {
        let json = json
        return BeerSource { offset, count in
            offset >= 0 && count >= 0 && offset <= json.count - count ? Array(json[offset..<offset + count]) : nil
        }
    }

    init(folder: String) throws {
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let beers = Fixtures.beers + [Fixtures.everyField]
        let data = try CatalogueDecoder.encode(beers)
        json = [UInt8](data)
        catalogue = folder + "/catalogue.json"
        try data.write(to: URL(fileURLWithPath: catalogue))
        // Whole records, and records located in the JSON (read through `source`).
        let spans = try CatalogueDecoder.decodeLocatedArray(data, source: "corpus").spans
        snapshots = [
            CatalogueSnapshot.encode(Catalogue(beers: beers), header: [1, 2, 3]),
            CatalogueSnapshot.encode(
                Catalogue(beers: beers), header: [4], encoded: CatalogueSnapshot.EncodedBeers(beers, spans: spans)),
            CatalogueSnapshot.encode(Catalogue(beers: SyntheticCatalogue.beers(count: 300, seed: 5)), header: []),
        ]
    }
}

// MARK: - Inputs

struct Generator {
    var rng: SplitMix64

    mutating func below(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }

    static let words = [
        "recommend", "like", "food", "show", "search", "list", "stats", "more", "help", "set", "limit", "format",
        "color", "timing", "history", "on", "off", "json", "csv", "table", "quit", "exit", "fetch", "synth", "shell", "?",
        "lantern", "lager", "tacos", "chicken", "chocolate", "Zoë", "AB:99", "#Hashtag", "2031", "Tokyo*",
    ]
    static let options = [
        "--limit", "--offset", "--page", "--per-page", "--json", "--format", "--explain", "--weights", "--abv-gt", "--abv-lt",
        "--ibu-gt", "--ibu-lt", "--ebc-gt", "--ebc-lt", "--catalogue", "--help", "--bail", "--count", "--seed", "--out",
        "--from",
    ]
    static let numbers = [
        "0", "1", "-1", "3", "10", "80", "1000", "9223372036854775807", "9223372036854775806", "-9223372036854775808",
        "9223372036854775808", "99999999999999999999", "1e308", "-1e308", "nan", "inf", "-inf", "0x10", "1.5", "-0",
        "4294967296", "2147483648", "abv=1,ibu=1,ebc=1,food=0.5", "abv=1e308", "food=-1", "abv=nan",
    ]

    mutating func token() -> String {
        switch below(10) {
        case 0, 1, 2: return pick(Self.words)
        case 3, 4: return pick(Self.options)
        case 5, 6: return pick(Self.numbers)
        case 7: return pick(["'", "\"", "\\", "'a b'", "\"x y\"", "it's", "a\\ b", "\"unterminated", "#", "--", "-"])
        case 8:
            let n = chance(5) ? 2000 + below(8000) : 1 + below(40)
            return String(repeating: pick(["a", "é", "🍺", " ", "\t", "x"]), count: n)
        default:
            // Raw bytes, control characters and invalid UTF-8 included.
            let bytes = (0..<(1 + below(12))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    mutating func line() -> String {
        (0..<(1 + below(8))).map { _ in token() }.joined(separator: chance(90) ? " " : pick(["  ", "\t", ""]))
    }

    /// `bytes` with a few edits: flipped, set, inserted, deleted or repeated bytes, or a
    /// JSON token put in.
    mutating func mutate(_ bytes: [UInt8], from start: Int = 0) -> [UInt8] {
        var b = bytes
        for _ in 0..<(1 + below(4)) where b.count > start {
            let at = start + below(b.count - start)
            switch below(7) {
            case 0: b[at] ^= 1 << UInt8(below(8))
            case 1: b[at] = UInt8(truncatingIfNeeded: rng.next())
            case 2: b.insert(pick(Array("{}[]\",:0-9eE.\\ntu".utf8)), at: at)
            case 3: b.remove(at: at)
            case 4:
                let end = min(b.count, at + 1 + below(64))
                b.insert(contentsOf: b[at..<end], at: at)
            case 5: b.replaceSubrange(at..<min(b.count, at + 1 + below(8)), with: Array(pick(Self.numbers).utf8))
            default: b[at] = pick([0, 0xFF, 0x7F, 0x80, 0x22, 0x5C])
            }
        }
        return b
    }
}

// MARK: - Targets

/// Runs one input of `target`; a crash ends the process with the input saved.
func runOne(_ target: String, _ input: [UInt8], corpus: Corpus, shell: inout ScriptedShell?) throws {
    switch target {
    case "shell":
        if shell == nil {
            // A `fetch` line gives up within a second: without a network it would wait out
            // every attempt's timeout and take the target's whole time.
            shell = try ScriptedShell(
                catalogue: corpus.catalogue,
                environment: [
                    "XDG_CACHE_HOME": corpus.folder + "/cache", "HOME": corpus.folder, "BREWERY_HISTORY": "",
                    "BREWERY_FETCH_DEADLINE": "1", "BREWERY_FETCH_ATTEMPTS": "1",
                ])
        }
        for line in String(decoding: input, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            shell?.run(String(line))
        }
    case "json":
        let data = Data(input)
        let whole = try? CatalogueDecoder.decodeLocatedArray(data, source: "fuzz")
        if let beers = whole?.beers {
            CatalogueExerciser.run(Catalogue(beers: beers), beers: 4)
        }
        // Read for the indexes only: the same file taken or refused, the same beers located.
        let indexed = try? CatalogueDecoder.decodeLocatedArray(data, source: "fuzz", indexedOnly: true)
        precondition((whole == nil) == (indexed == nil), "an indexed read disagrees with a whole one")
        if let whole, let indexed {
            precondition(whole.spans == indexed.spans, "an indexed read located other beers")
            precondition(whole.beers.map { $0.id } == indexed.beers.map { $0.id }, "an indexed read gave other beers")
            // Its ingredients, read into columns, index as the whole beers' do.
            if let recipes = indexed.recipes {
                let columns = RecipeColumns(beers: whole.beers)
                precondition(
                    IngredientIndex(columns: recipes).tables == IngredientIndex(columns: columns).tables,
                    "an indexed read's ingredients index differently")
                let a = RecipeFeatures(beers: indexed.beers, columns: recipes)
                let b = RecipeFeatures(beers: whole.beers, columns: columns)
                precondition(
                    a.keys == b.keys && a.tokens == b.tokens && a.labels == b.labels
                        && Array(a.dryHopRate.elements) == Array(b.dryHopRate.elements),
                    "an indexed read's recipe features differ")
            }
        }
        if let beer = try? CatalogueDecoder.decodeOne(data, source: "fuzz") {
            CatalogueExerciser.run(Catalogue(beers: [beer]), beers: 1)
        }
    case "snapshot":
        if let catalogue = try? CatalogueSnapshot.decode(input, source: corpus.source) {
            CatalogueExerciser.run(catalogue, beers: 4)
        }
    default:
        throw CocoaError(.featureUnsupported)
    }
}

func fuzz(_ target: String, options: Options, corpus: Corpus) throws -> Int {
    var gen = Generator(rng: SplitMix64(seed: options.seed &+ UInt64(target.utf8.reduce(0) { $0 &* 31 &+ Int($1) })))
    let current = options.dir + "/current-\(target)"
    var shell: ScriptedShell?
    let deadline = Date().addingTimeInterval(options.seconds)
    var tried = 0
    while Date() < deadline {
        let input: [UInt8]
        switch target {
        case "shell":
            // A few lines in one session, so `more`, `set` and paging meet each other.
            if tried % 50 == 0 { shell = nil }
            input = Array((0..<(1 + gen.below(4))).map { _ in gen.line() }.joined(separator: "\n").utf8)
        case "json": input = gen.mutate(corpus.json)
        default:
            var bytes = gen.mutate(gen.pick(corpus.snapshots), from: 40)
            CatalogueSnapshot.reseal(&bytes)
            input = bytes
        }
        _ = FileManager.default.createFile(atPath: current, contents: Data(input))
        try runOne(target, input, corpus: corpus, shell: &shell)
        tried += 1
    }
    try? FileManager.default.removeItem(atPath: current)
    return tried
}

let options = parseOptions()
do {
    let corpus = try Corpus(folder: options.dir + "/corpus")
    Console.silenceStandardStreams()
    if let replay = options.replay {
        var count = 0
        for target in ["shell", "json", "snapshot"] {
            let folder = replay + "/" + target
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in files.sorted() where !name.hasPrefix(".") && !name.hasSuffix(".md") {
                var shell: ScriptedShell?
                let bytes = [UInt8](FileManager.default.contents(atPath: folder + "/" + name) ?? Data())
                try runOne(target, bytes, corpus: corpus, shell: &shell)
                count += 1
            }
        }
        Console.say("fuzz replay: \(count) saved inputs, crashes 0")
        exit(0)
    }
    Console.say("fuzz: seed \(options.seed), \(Int(options.seconds)) s per target; a crash leaves its input in \(options.dir)")
    for target in options.targets {
        let tried = try fuzz(target, options: options, corpus: corpus)
        Console.say("fuzz \(target): \(tried) inputs, crashes 0")
    }
} catch {
    Console.say("fuzz: \(error)")
    exit(1)
}
