import PlacesCore

/// One self-contained, interactive web page of your places: a slippy map (Leaflet, embedded)
/// over the bundled land outlines, pins that cluster when many overlap, a popup per pin with
/// its description, tags, visit date, coordinates and share links, and a side list that
/// searches and filters by tag and by visited or want-to-go.
///
/// The page makes no network request: the scripts, styles and outlines are inside it. An
/// OpenStreetMap background can be switched on by the reader; only then are tiles fetched.
/// The places travel as JSON in a `<script type="application/json">` block, so no name or
/// description is ever parsed as HTML (see ``HTMLMapData``).
public struct HTMLMapPage: Sendable {
    /// The filter, view and title; the page ignores the pixel size and labels of the SVG map.
    public var options: MapOptions

    /// Creates a page renderer.
    public init(options: MapOptions = MapOptions()) {
        self.options = options
    }

    /// The whole HTML document.
    /// - Parameter scratch: a scratch map to draw under the pins: the countries visited filled, the
    ///   wanted ones outlined, the regions visited within them filled darker, and its legend and
    ///   countries in the side panel (``scratchJSON(_:index:)``); `nil` for the plain map.
    public func render(_ locations: [Location], scratch: ScratchMap? = nil) -> String {
        // The scene's viewport is the SVG map's view; the page opens on the same part of the world.
        let scene = MapScene(locations: locations, options: options, width: Double(MapOptions.defaultWidth),
                             height: nil, padding: 36)
        let data = HTMLMapData(scene: scene)
        var out = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Places map</title>
        <style>

        """
        out.reserveCapacity(400_000 + scene.locations.count * 500)
        out += LeafletAssets.styleSheet + "\n" + Self.pageStyle + "\n" + HTMLMapData.colorClasses + "\n</style>\n</head>\n"
        out += Self.body
        out += "<script type=\"application/json\" id=\"places-data\">\n" + data.placesJSON() + "\n</script>\n"
        out += "<script type=\"application/json\" id=\"places-outlines\">\n" + data.outlinesJSON() + "\n</script>\n"
        out += "<script type=\"application/json\" id=\"places-folding\">\n" + HTMLMapData.foldingJSON() + "\n</script>\n"
        if let region = data.regionJSON() {
            out += "<script type=\"application/json\" id=\"places-region\">\n" + region + "\n</script>\n"
        }
        if let scratch {
            out += "<script type=\"application/json\" id=\"places-scratch\">\n" + Self.scratchJSON(scratch) + "\n</script>\n"
        }
        out += "<script>\n/*! " + LeafletAssets.leafletLicence + "\n*/\n" + LeafletAssets.leaflet + "\n</script>\n"
        out += "<script>\n/*! " + LeafletAssets.markerClusterLicence + "\n*/\n" + LeafletAssets.markerCluster + "\n</script>\n"
        if scratch != nil { out += "<script>\n" + Self.scratchScript + "\n</script>\n" }
        out += "<script>\n" + Self.script + "\n</script>\n</body>\n</html>\n"
        return out
    }

    /// The page's fixed markup: no user text is written here; the script fills it from the JSON.
    static var body: String {
        """
        <body>
        <aside id="side">
        <header>
        <h1 id="title"></h1>
        <p id="summary"></p>
        </header>
        <input id="search" type="search" placeholder="Search your places" aria-label="Search your places" autocomplete="off" spellcheck="false">
        <div id="visited" role="radiogroup" aria-label="Visited or want to go">
        <label><input type="radio" name="visited" value="all" checked> All</label>
        <label><input type="radio" name="visited" value="visited"> <span class="dot c\(TagPalette.colors.count)"></span>Visited</label>
        <label><input type="radio" name="visited" value="want"> <span class="dot want c\(TagPalette.colors.count)"></span>Want to go</label>
        </div>
        <div id="tags" aria-label="Tags"></div>
        <p id="count" aria-live="polite"></p>
        <ul id="list"></ul>
        <details id="about">
        <summary>About this map</summary>
        <p>Made by places. Web Mercator projection. Land and borders: Natural Earth (public domain).
        Drag, scroll or pinch to move and zoom; the arrow keys and + and − work when the map has the focus.
        Tick <em>OpenStreetMap background</em> for street maps when online (© OpenStreetMap contributors, ODbL).</p>
        <p>This page embeds Leaflet (BSD-2-Clause) and Leaflet.markercluster (MIT), from Debian’s
        \(XMLEscaping.escape(LeafletAssets.debianPackages)):</p>
        <pre>\(XMLEscaping.escape(LeafletAssets.leafletLicence))</pre>
        <pre>\(XMLEscaping.escape(LeafletAssets.markerClusterLicence))</pre>
        </details>
        </aside>
        <main id="map" aria-label="Map"></main>
        <noscript><p class="noscript">This map needs JavaScript to show your places.</p></noscript>

        """
    }
}
