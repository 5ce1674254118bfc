// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "places",
    products: [
        .executable(name: "places", targets: ["places"]),
        .library(name: "PlacesKit", targets: ["PlacesKit"]),
    ],
    targets: [
        // The generated tables (gazetteer, boundaries, outlines, font, Leaflet) as files the assembler
        // embeds: they change only when Scripts/ rebuilds the data, and the Swift compiler never reads them.
        .target(name: "PlacesData", exclude: ["Tables"], cSettings: [.headerSearchPath("Tables")]),
        // A terminal of its own: raw mode, keys, a screen buffer that writes only what changed. It
        // knows nothing of places (Glibc only), so it is tested on its own.
        .target(name: "PlacesTerminal"),
        // The library, in layers that compile on their own: a change to one rebuilds only it and what
        // sits above it, and the layers beside each other build in parallel.
        // The primitives every layer uses: text, names and their folding, JSON, files, coordinates, the
        // place model, sorted tables, XML, inflate. Stable on purpose: a change here rebuilds everything.
        .target(name: "PlacesCore", dependencies: ["PlacesData", "PlacesTerminal"]),
        // The journal: its store and transaction, merge and sync, the edit form, finding places in it.
        .target(name: "PlacesJournal", dependencies: ["PlacesCore"]),
        // Geosearch: the bundled gazetteer, reverse geocoding, boundaries, regions added from OpenStreetMap.
        .target(name: "PlacesGeo", dependencies: ["PlacesCore", "PlacesData"]),
        // Maps (SVG, PNG, HTML page, terminal), queries over places, statistics.
        .target(name: "PlacesMap", dependencies: ["PlacesCore", "PlacesGeo", "PlacesData", "PlacesTerminal"]),
        // Moving places in and out: interchange formats, photos, location history, resolving names on import.
        .target(name: "PlacesInterchange", dependencies: ["PlacesCore", "PlacesGeo", "PlacesJournal"]),
        // Visits told back: the travel log, trips, home, the year's review, on this day. Beside PlacesMap
        // rather than above it, so that a release build optimises it while the maps compile.
        .target(name: "PlacesTravels", dependencies: ["PlacesCore", "PlacesGeo", "PlacesJournal"]),
        // The top of the library: browse, and every layer below re-exported, so that
        // `import PlacesKit` is all a user of the library writes.
        .target(name: "PlacesKit", dependencies: ["PlacesCore", "PlacesJournal", "PlacesGeo", "PlacesMap",
                                                  "PlacesInterchange", "PlacesTravels", "PlacesData", "PlacesTerminal"]),
        // Option declarations (`@Option`, `@Flag`, `@Argument`), the parser, help, the manual page and
        // completions: a command-line framework (it uses the library's text helpers; the library knows nothing of it).
        .target(name: "PlacesCommandLine", dependencies: ["PlacesCore"]),
        // The command-line front end: the commands, their words and output.
        .executableTarget(name: "places", dependencies: ["PlacesKit", "PlacesCommandLine", "PlacesTerminal"]),
        // What both test targets share: running the built binary, finding outside tools.
        .target(name: "PlacesTestSupport", path: "Tests/PlacesTestSupport"),
        .testTarget(name: "PlacesKitTests", dependencies: ["PlacesKit", "PlacesCore", "PlacesJournal", "PlacesGeo", "PlacesMap", "PlacesInterchange", "PlacesTravels", "PlacesData", "PlacesTerminal", "PlacesTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PlacesTerminalTests", dependencies: ["PlacesTerminal"]),
        .testTarget(name: "PlacesCommandLineTests", dependencies: ["PlacesCommandLine", "PlacesKit"]),
        .testTarget(name: "PlacesCLITests", dependencies: ["PlacesKit", "PlacesCommandLine", "places", "PlacesTestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
