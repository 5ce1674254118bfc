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
        // Everything that does the work: model, journal store, geosearch, interchange, maps, browse.
        .target(name: "PlacesKit", dependencies: ["PlacesData", "PlacesTerminal"]),
        // Option declarations (`@Option`, `@Flag`, `@Argument`), the parser, help, the manual page and
        // completions: a command-line framework (it uses the library's text helpers; the library knows nothing of it).
        .target(name: "PlacesCommandLine", dependencies: ["PlacesKit"]),
        // The command-line front end: the commands, their words and output.
        .executableTarget(name: "places", dependencies: ["PlacesKit", "PlacesCommandLine", "PlacesTerminal"]),
        // What both test targets share: running the built binary, finding outside tools.
        .target(name: "PlacesTestSupport", path: "Tests/PlacesTestSupport"),
        .testTarget(name: "PlacesKitTests", dependencies: ["PlacesKit", "PlacesData", "PlacesTerminal", "PlacesTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PlacesTerminalTests", dependencies: ["PlacesTerminal"]),
        .testTarget(name: "PlacesCommandLineTests", dependencies: ["PlacesCommandLine", "PlacesKit"]),
        .testTarget(name: "PlacesCLITests", dependencies: ["PlacesKit", "PlacesCommandLine", "places", "PlacesTestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
