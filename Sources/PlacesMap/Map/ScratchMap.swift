import PlacesCore
import PlacesGeo

/// The scratch map (`places map --scratch`): the world's countries, those visited filled, those still
/// wanted outlined, the rest pale; the counts in the legend. Drawn from the same 1:50m country outlines
/// that say which country a place is in (``CountryIndex``), in an equirectangular projection from 60° S
/// to 84° N. Within visited countries, the first-level regions visited are filled darker where Natural
/// Earth draws their outlines (``regions``). The SVG keeps to the subset ``SVGRasterizer`` paints, so the
/// PNG is the same drawing.
public struct ScratchMap: Sendable {
    /// Country codes visited.
    public var visited: Set<String>
    /// Country codes wanted and not visited.
    public var wanted: Set<String>
    /// The outlines of the first-level regions visited, in degrees, and how many regions they are.
    public var regions: (count: Int, rings: [(longitudes: [Double], latitudes: [Double])]) = (0, [])
    /// The title above the map.
    public var title: String
    /// Width in pixels.
    public var width: Int

    /// The southernmost and northernmost latitudes drawn.
    static let south = -60.0, north = 84.0
    /// Points closer than this to the last one kept are dropped, in degrees (the drawing is a page wide).
    static let simplifyDegrees = 0.08

    /// Creates a scratch map.
    public init(visited: Set<String>, wanted: Set<String>, title: String, width: Int = MapOptions.defaultWidth) {
        self.visited = visited
        self.wanted = wanted.subtracting(visited)
        self.title = title
        self.width = width
    }

    /// The legend's line: `12 of 248 countries visited (4.8%), 3 wanted` (and `, 5 regions outlined
    /// visited` when there are region outlines).
    public func legend(countries: Int) -> String {
        let percent = countries == 0 ? 0 : (Double(visited.count) * 1000 / Double(countries)).rounded() / 10
        return "\(visited.count) of \(countries) countries visited (\(CoordinateFormat.plain(percent))%), \(wanted.count) wanted"
            + (regions.count == 0 ? "" : ", \(regions.count == 1 ? "1 region" : "\(regions.count) regions") visited within them")
    }

    /// The regions visited in `places` that have outlines (``FeatureIndex/admin1Outline(latitude:longitude:)``),
    /// each once: their count and rings.
    public static func visitedRegions(_ places: [Location], features: FeatureIndex = .bundled)
        -> (count: Int, rings: [(longitudes: [Double], latitudes: [Double])]) {
        var seen = Set<String>()
        var rings: [(longitudes: [Double], latitudes: [Double])] = []
        for place in places where place.isVisited {
            guard let outline = features.admin1Outline(latitude: place.latitude, longitude: place.longitude),
                  seen.insert(outline.code).inserted else { continue }
            rings += outline.rings
        }
        return (seen.count, rings)
    }

    /// The SVG document.
    public func svg(index: CountryIndex = .bundled) -> String {
        let mapHeight = Int((Double(width) * (Self.north - Self.south) / 360).rounded())
        let top = 56, height = mapHeight + top + 12
        let scale = Double(width) / 360
        var visitedPath = "", wantedPath = "", otherPath = "", regionPath = ""
        /// One ring as path data, points closer than ``simplifyDegrees`` dropped; empty under three points.
        func path(_ count: Int, _ point: (Int) -> (latitude: Double, longitude: Double)) -> String {
            var d = ""
            var last: (Double, Double)?
            var kept = 0
            for i in 0..<count {
                let p = point(i)
                let lon = p.longitude
                let lat = min(max(p.latitude, Self.south), Self.north)
                if let last, abs(lon - last.0) < Self.simplifyDegrees, abs(lat - last.1) < Self.simplifyDegrees, i != count - 1 { continue }
                let x = (lon + 180) * scale, y = Double(top) + (Self.north - lat) * scale
                d += (kept == 0 ? "M" : "L") + CoordinateFormat.plain((x * 10).rounded() / 10) + " " + CoordinateFormat.plain((y * 10).rounded() / 10)
                last = (lon, lat)
                kept += 1
            }
            return kept >= 3 ? d + "Z" : ""
        }
        index.forEachRing { country, ring in
            let code = index.countries[country].code
            let d = path(ring.count, ring.point)
            if visited.contains(code) { visitedPath += d } else if wanted.contains(code) { wantedPath += d } else { otherPath += d }
        }
        for ring in regions.rings {
            regionPath += path(ring.longitudes.count) { (ring.latitudes[$0], ring.longitudes[$0]) }
        }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\(quoted(height)) viewBox=\"0 0 \(width) \(height)\">\n"
        out += "<title>\(XMLEscaping.escape(title))</title>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\(quoted(height)) fill=\"#dcebf5\"/>\n"
        out += "<text x=\"12\" y=\"24\" font-size=\"18\" font-weight=\"bold\" fill=\"#222222\">\(XMLEscaping.escape(title))</text>\n"
        out += "<text x=\"12\" y=\"44\" font-size=\"13\" fill=\"#333333\">\(XMLEscaping.escape(legend(countries: index.countries.count)))</text>\n"
        out += "<path class=\"other\" d=\"\(otherPath)\" fill=\"#f4f1ea\" stroke=\"#b8b2a6\" stroke-width=\"0.5\" fill-rule=\"evenodd\"/>\n"
        out += "<path class=\"wanted\" d=\"\(wantedPath)\" fill=\"#f4f1ea\" stroke=\"#d9480f\" stroke-width=\"1.2\" fill-rule=\"evenodd\"/>\n"
        out += "<path class=\"visited\" d=\"\(visitedPath)\" fill=\"#2b8a3e\" stroke=\"#1b5e20\" stroke-width=\"0.6\" fill-rule=\"evenodd\"/>\n"
        if !regionPath.isEmpty {
            out += "<path class=\"regions\" d=\"\(regionPath)\" fill=\"#1b5e20\" stroke=\"#0d3311\" stroke-width=\"0.4\" fill-rule=\"evenodd\"/>\n"
        }
        out += "</svg>\n"
        return out
    }

    private func quoted(_ value: Int) -> String { "\"\(value)\"" }

    /// The PNG file's bytes: the SVG painted by ``SVGRasterizer``.
    public func png(index: CountryIndex = .bundled) -> [UInt8] {
        let image = SVGRasterizer.rasterize(svg(index: index)) ?? RasterCanvas(width: 1, height: 1)
        return PNGWriter.encode(width: image.width, height: image.height, rgb: image.pixels)
    }
}
