/// Leaflet and its marker-cluster plugin, carried inside the program so that the interactive
/// HTML map works from one file with no network.
///
/// The text is Debian's minified build (see ``debianPackages``), written by
/// `Scripts/map/embed-leaflet.py` into `LeafletAssets+Data.swift` with the images of the style
/// sheet inlined; every page that embeds it carries the licence notices beside it.
enum LeafletAssets {
    /// Leaflet's licence notice (BSD-2-Clause).
    static var leafletLicence: String { text(leafletNotice) }
    /// Leaflet.markercluster's licence notice (MIT).
    static var markerClusterLicence: String { text(markerClusterNotice) }
    /// Leaflet's script, which defines the global `L`.
    static var leaflet: String { text(leafletScript) }
    /// The marker-cluster plugin's script; it extends `L` and so runs after ``leaflet``.
    static var markerCluster: String { text(markerClusterScript) }
    /// Both libraries' style sheets, Leaflet's first.
    static var styleSheet: String { text(styles) }

    private static func text(_ literal: StaticString) -> String {
        literal.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }
}
