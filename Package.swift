// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Brewery",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "brewery", targets: ["brewery"]),
        .library(name: "BreweryCore", targets: ["BreweryCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // Pure core: model, text analysis, indexes, filters, scoring, the queries' use cases. No I/O.
        .target(
            name: "BreweryCore",
            dependencies: [
                .product(name: "Algorithms", package: "swift-algorithms"),
                .product(name: "HeapModule", package: "swift-collections"), "CPrefetch", "CMaskedSums",
            ],
            // Word lists authored in Data/ (symlinked), compiled in so the core does no I/O.
            resources: [
                .embedInCode("Resources/foods.txt"), .embedInCode("Resources/food-variants.txt"),
                .embedInCode("Resources/hops.txt"), .embedInCode("Resources/malts.txt"), .embedInCode("Resources/yeasts.txt"),
                .embedInCode("Resources/yeast-strains.txt"), .embedInCode("Resources/style-words.txt"),
                .embedInCode("Resources/food-concepts.txt"),
                .embedInCode("Resources/hop-varieties.txt"), .embedInCode("Resources/fermentables.txt"),
                .embedInCode("Resources/adjuncts.txt"), .embedInCode("Resources/bjcp-styles.txt"),
                .embedInCode("Resources/srm-colours.txt"),
            ]
        ),
        // Completion of a command line against a command grammar and a catalogue's names and
        // food words: what the shell's TAB, its hints and the shell completion scripts offer.
        .target(
            name: "BreweryCompletion", dependencies: ["BreweryCore", .product(name: "Algorithms", package: "swift-algorithms")]),
        // Presentation: what each command shows, as a value, rendered as a text table, JSON or
        // CSV. Pure (no I/O); the CLI and the HTTP server answer with the same documents.
        .target(name: "BreweryViews", dependencies: ["BreweryCore"]),
        // Files: where the catalogue lives, reading it, replacing it atomically.
        .target(name: "BreweryStore", dependencies: ["BreweryCore"]),
        // The user's taste (ratings, wishlist, cellar) in SQLite through GRDB: the user's own
        // data, never a cache.
        .target(
            name: "BreweryTaste",
            dependencies: ["BreweryCore", "BreweryStore", .product(name: "GRDB", package: "GRDB.swift")]),
        // HTTP: paging through a Punk-API-compatible server, on AsyncHTTPClient (streamed body
        // caps, total deadlines, redirects vetted).
        .target(
            name: "BreweryFetch",
            dependencies: [
                "BreweryCore", "BreweryStore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]),
        // A cache hint for the scoring loops (a header with one inline function).
        .systemLibrary(name: "CPrefetch"),
        // The search's token sums over a block with AVX-512 masked adds, where the processor has them.
        .systemLibrary(name: "CMaskedSums"),
        // The HTTP API without HTTP: routes, Punk API parameters and filters, answers as bytes.
        // Pure (no I/O), so tests call it directly.
        .target(
            name: "BreweryAPI", dependencies: ["BreweryCore", "BreweryViews"],
            resources: [.embedInCode("Resources/openapi.json")]),
        // The web page of `brewery serve`, without HTTP: HTML from the API's use cases, and
        // its one script and stylesheet (compiled in). Pure (no I/O), so tests call it directly.
        .target(
            name: "BreweryWeb", dependencies: ["BreweryAPI", "BreweryCore", "BreweryViews"],
            resources: [.embedInCode("Resources/app.js"), .embedInCode("Resources/app.css")]),
        // `brewery serve`: the API and the web page on Hummingbird 2.
        .target(
            name: "BreweryServer",
            dependencies: [
                "BreweryAPI", "BreweryCore", "BreweryWeb", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ]),
        // GNU readline, from Debian's libreadline-dev.
        .systemLibrary(name: "CReadline", pkgConfig: "readline", providers: [.apt(["libreadline-dev"])]),
        // Commands, rendering, the REPL: everything that touches a terminal.
        .target(
            name: "BreweryCLI",
            dependencies: [
                "BreweryCore", "BreweryCompletion", "BreweryViews", "BreweryStore", "BreweryFetch", "BreweryAPI", "BreweryServer",
                "BreweryTaste", "CReadline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "brewery", dependencies: ["BreweryCLI"]),
        .executableTarget(
            name: "BreweryBenchmarks",
            dependencies: [
                "BreweryCore", "BreweryCompletion", "BreweryStore", "BreweryAPI", "BreweryWeb",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/BreweryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .target(
            name: "BreweryTestSupport", dependencies: ["BreweryCore", "BreweryCompletion"], path: "Tests/BreweryTestSupport"),
        // Threads of their own for tests that block or measure time (Swift Testing traits).
        .target(name: "BreweryTestScheduling", path: "Tests/BreweryTestScheduling"),
        // The fuzzer: hostile REPL lines, catalogue JSON and snapshot bytes, for a bounded time.
        .executableTarget(
            name: "brewery-fuzz", dependencies: ["BreweryCLI", "BreweryCore", "BreweryTestSupport"],
            path: "Tests/BreweryFuzz", exclude: ["Crashes"]),
        .testTarget(name: "BreweryCoreTests", dependencies: ["BreweryCore", "BreweryTestSupport"]),
        .testTarget(name: "BreweryCompletionTests", dependencies: ["BreweryCompletion", "BreweryCore", "BreweryTestSupport"]),
        .testTarget(
            name: "BreweryStoreTests",
            dependencies: ["BreweryCore", "BreweryStore", "BreweryTestSupport", "BreweryTestScheduling"]),
        .testTarget(
            name: "BreweryTasteTests", dependencies: ["BreweryCore", "BreweryTaste", "BreweryTestSupport"]),
        .testTarget(
            name: "BreweryFetchTests",
            dependencies: ["BreweryCore", "BreweryStore", "BreweryFetch", "BreweryTestSupport", "BreweryTestScheduling"]),
        .testTarget(
            name: "BreweryAPITests", dependencies: ["BreweryCore", "BreweryAPI", "BreweryTestSupport"]),
        .testTarget(
            name: "BreweryWebTests", dependencies: ["BreweryCore", "BreweryAPI", "BreweryWeb", "BreweryTestSupport"]),
        // `brewery serve` over HTTP on 127.0.0.1 (needs the built `brewery`).
        .testTarget(
            name: "BreweryServerTests",
            dependencies: [
                "BreweryAPI", "BreweryCore", "BreweryServer", "BreweryTestSupport", "BreweryTestScheduling",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            // Answers recorded before a change, compared with today's.
            exclude: ["Recorded"]),
        .testTarget(name: "BreweryViewsTests", dependencies: ["BreweryCore", "BreweryViews", "BreweryTestSupport"]),
        .testTarget(
            name: "BreweryCLITests",
            dependencies: ["BreweryCore", "BreweryCompletion", "BreweryCLI", "BreweryTestSupport", "BreweryTestScheduling"],
            // Recorded output the golden-file tests compare with.
            exclude: ["Golden"]),
    ]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}

// `BREWERY_SANITIZE=address|thread swift build --build-tests` builds Brewery's own
// targets under that sanitizer and its dependencies as they are, in the usual build
// folder: CI's sanitizer steps (.ci/sanitizers) then rebuild only Brewery's code.
if let sanitizer = Context.environment["BREWERY_SANITIZE"], ["address", "thread"].contains(sanitizer) {
    for target in package.targets where target.type != .system && target.type != .plugin {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
    }
}
