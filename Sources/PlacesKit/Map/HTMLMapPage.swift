/// One self-contained web page: the SVG map inline and a table of the places with their
/// coordinates. It makes no network requests: no scripts, fonts or images from elsewhere.
public struct HTMLMapPage: Sendable {
    /// The same options as the SVG map.
    public var options: MapOptions

    /// Creates a page renderer.
    public init(options: MapOptions = MapOptions()) {
        self.options = options
    }

    /// The whole HTML document.
    public func render(_ locations: [Location]) -> String {
        let shown = options.filter.apply(to: locations)
        let title = options.titleText(count: shown.count)
        let palette = TagPalette(locations: shown, excluding: options.filter.tags.count == 1 ? Set(options.filter.tags) : [])
        let svg = SVGMapRenderer(options: options).renderElement(locations)
        var out = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(XMLEscaping.escape(title))</title>
        <style>
        body { margin: 0; background: #f4f6f8; color: #26303b;
               font: 15px/1.45 'DejaVu Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif; }
        main { max-width: \(max(options.width, 200) + 40)px; margin: 0 auto; padding: 24px 20px 40px; }
        h1 { font-size: 24px; margin: 0 0 4px; }
        .summary { color: #5b6673; margin: 0 0 16px; }
        figure { margin: 0 0 24px; }
        figure svg { display: block; width: 100%; height: auto; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
        table { border-collapse: collapse; width: 100%; background: #fff; border-radius: 8px; overflow: hidden;
                box-shadow: 0 1px 3px rgba(0,0,0,.1); }
        th, td { text-align: left; padding: 7px 12px; border-bottom: 1px solid #e6eaee; vertical-align: top; }
        th { background: #eef2f5; font-size: 13px; color: #4a5561; }
        td.coordinates { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 13px; white-space: nowrap; }
        .pin { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 8px; box-sizing: border-box; }
        .want { background: #fff !important; border: 2.5px solid; }
        footer { margin-top: 16px; font-size: 12px; color: #6b7580; }
        </style>
        </head>
        <body>
        <main>
        <h1>\(XMLEscaping.escape(title))</h1>

        """
        if !options.filter.summary.isEmpty {
            out += "<p class=\"summary\">\(XMLEscaping.escape(options.filter.summary))</p>\n"
        }
        out += "<figure>\n" + svg + "</figure>\n"
        out += "<table>\n<thead><tr><th>Place</th><th>Coordinates</th><th>Visited</th><th>Tags</th></tr></thead>\n<tbody>\n"
        let sorted = shown.sorted { ($0.name.lowercased(), $0.id.uuidString) < ($1.name.lowercased(), $1.id.uuidString) }
        for location in sorted {
            let color = palette.color(for: location).hex
            let pin = location.isVisited
                ? "<span class=\"pin\" style=\"background: \(color)\"></span>"
                : "<span class=\"pin want\" style=\"border-color: \(color)\"></span>"
            let visited = location.latestVisit.map { XMLEscaping.escape($0.date.shortText) } ?? "want to go"
            out += "<tr><td>\(pin)\(XMLEscaping.escape(location.name))</td>"
            out += "<td class=\"coordinates\">\(CoordinateFormat.pair(latitude: location.latitude, longitude: location.longitude))</td>"
            out += "<td>\(visited)</td><td>\(XMLEscaping.escape(location.tags.joined(separator: ", ")))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        out += "<footer>Web Mercator projection. Country outlines: Natural Earth (public domain), via the countryinfo package.</footer>\n"
        out += "</main>\n</body>\n</html>\n"
        return out
    }
}
