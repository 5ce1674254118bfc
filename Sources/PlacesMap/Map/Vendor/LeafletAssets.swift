import PlacesData

/// Leaflet and its marker-cluster plugin, carried inside the program so that the interactive
/// HTML map works from one file with no network.
///
/// The text is Debian's minified build (see ``debianPackages``), written by
/// `Scripts/map/embed-leaflet.py` into `Sources/PlacesData/Tables` with the images of the style
/// sheet inlined; every page that embeds it carries the licence notices beside it.
enum LeafletAssets {
    /// The Debian packages (name and version) the scripts were taken from.
    static var debianPackages: String { text(places_leaflet_packages()) }
    /// Leaflet's licence notice (BSD-2-Clause).
    static var leafletLicence: String { text(places_leaflet_notice()) }
    /// Leaflet.markercluster's licence notice (MIT).
    static var markerClusterLicence: String { text(places_markercluster_notice()) }
    /// Leaflet's script, which defines the global `L`.
    static var leaflet: String { text(places_leaflet_script()) }
    /// The marker-cluster plugin's script; it extends `L` and so runs after ``leaflet``.
    static var markerCluster: String { text(places_markercluster_script()) }
    /// Both libraries' style sheets, Leaflet's first.
    static var styleSheet: String { text(places_leaflet_styles()) }

    private static func text(_ table: PlacesTableBytes) -> String {
        String(decoding: UnsafeBufferPointer(start: table.start, count: table.count), as: UTF8.self)
    }
}
