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
        // Everything that does the work: model, journal store, geosearch, interchange, maps.
        .target(name: "PlacesKit", dependencies: ["PlacesData"]),
        // The command-line front end: argument parsing and output only.
        .executableTarget(name: "places", dependencies: ["PlacesKit"]),
        // What both test targets share: running the built binary, finding outside tools.
        .target(name: "PlacesTestSupport", path: "Tests/PlacesTestSupport"),
        .testTarget(name: "PlacesKitTests", dependencies: ["PlacesKit", "PlacesData", "PlacesTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PlacesCLITests", dependencies: ["PlacesKit", "places", "PlacesTestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
