import Foundation
import PlacesKit
import PlacesTestSupport
import Testing

/// Areas made of several ways (multipolygon and boundary relations) in a region pack, on the Monaco
/// extract (Fixtures/osm, ODbL, © OpenStreetMap contributors): the map fills them, holes and all, as
/// `osmium export` builds them; their places sit inside them; and the boundaries GDAL's OSM driver reads
/// name the localities of the streets and addresses inside them.
@Suite struct RegionAreaCLITests {
    /// An area read by an oracle: its tags and its polygons, each an outer ring then its holes, in (lat, lon).
    struct Area {
        var id: String
        var tags: [String: String]
        var polygons: [[[(Double, Double)]]]

        func contains(_ p: (Double, Double)) -> Bool {
            polygons.contains { rings in Self.inside(p, rings[0]) && !rings.dropFirst().contains { Self.inside(p, $0) } }
        }

        static func inside(_ p: (Double, Double), _ ring: [(Double, Double)]) -> Bool {
            var result = false
            var j = ring.count - 1
            for i in ring.indices {
                let (yi, xi) = ring[i], (yj, xj) = ring[j]
                if (yi > p.0) != (yj > p.0), p.1 < (xj - xi) * (p.0 - yi) / (yj - yi) + xi { result.toggle() }
                j = i
            }
            return result
        }

        /// Metres from a point to the nearest edge of any ring.
        func metresToEdge(_ p: (Double, Double)) -> Double {
            let k = cos(p.0 * .pi / 180)
            var best = Double.infinity
            for ring in polygons.joined() {
                for i in ring.indices {
                    let a = ring[i], b = ring[(i + 1) % ring.count]
                    let ax = (a.1 - p.1) * k * 111_195, ay = (a.0 - p.0) * 111_195
                    let bx = (b.1 - p.1) * k * 111_195, by = (b.0 - p.0) * 111_195
                    let dx = bx - ax, dy = by - ay, length = dx * dx + dy * dy
                    let t = length == 0 ? 0 : max(0, min(1, -(ax * dx + ay * dy) / length))
                    best = min(best, hypot(ax + t * dx, ay + t * dy))
                }
            }
            return best
        }
    }

    /// The areas of a GeoJSON text (a FeatureCollection or one Feature a line), with their tags; GDAL's
    /// `other_tags` is left as it is.
    static func areas(geoJSON text: String) throws -> [Area] {
        var features: [[String: Any]] = []
        if let collection = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            features = collection["features"] as? [[String: Any]] ?? []
        } else {
            for line in text.split(separator: "\n") {
                if let feature = try JSONSerialization.jsonObject(with: Data(line.drop(while: { $0 == "\u{1E}" }).utf8)) as? [String: Any] {
                    features.append(feature)
                }
            }
        }
        return features.compactMap { feature in
            guard let geometry = feature["geometry"] as? [String: Any], var properties = feature["properties"] as? [String: Any] else { return nil }
            func ring(_ value: Any) -> [(Double, Double)] { (value as! [[Double]]).map { ($0[1], $0[0]) } }
            let polygons: [[[(Double, Double)]]]
            switch geometry["type"] as? String {
            case "Polygon": polygons = [(geometry["coordinates"] as! [Any]).map(ring)]
            case "MultiPolygon": polygons = (geometry["coordinates"] as! [[Any]]).map { $0.map(ring) }
            default: return nil
            }
            let type = properties.removeValue(forKey: "@type") as? String ?? "relation"
            let id = properties.removeValue(forKey: "@id").map { "\($0)" } ?? properties["osm_id"].map { "\($0)" } ?? ""
            return Area(id: String(type.prefix(1)) + id, tags: properties.compactMapValues { $0 as? String }, polygons: polygons)
        }
    }

    /// The areas `osmium export` makes of relations.
    static func osmiumRelationAreas(_ file: String, in directory: URL) throws -> [Area] {
        let out = directory.appendingPathComponent("areas.geojsonseq").path
        let run = try ExternalTool.run(try ExternalTool.require("osmium"), ["export", "-a", "type,id", "-f", "geojsonseq", "--overwrite", "-o", out, file])
        try #require(run.status == 0, "\(run.output)")
        return try areas(geoJSON: String(contentsOfFile: out, encoding: .utf8)).filter { $0.id.hasPrefix("r") }
    }

    /// The map layer of an area's tags, as the README lists them (written again here, not borrowed).
    static func layer(_ tags: [String: String]) -> RegionLayer? {
        if tags["highway"] != nil { return nil }
        if tags["natural"] == "water" || tags["waterway"] == "riverbank" || ["reservoir", "basin"].contains(tags["landuse"] ?? "") { return .water }
        if ["park", "garden", "golf_course", "nature_reserve", "dog_park"].contains(tags["leisure"] ?? "")
            || ["forest", "grass", "meadow", "village_green", "recreation_ground", "cemetery", "allotments"].contains(tags["landuse"] ?? "")
            || ["wood", "scrub", "grassland", "heath"].contains(tags["natural"] ?? "") { return .green }
        if let building = tags["building"], building != "no" { return .building }
        return nil
    }

    /// Whether the pack fills a point in a layer: the nonzero winding number of the layer's shapes round it.
    static func fills(_ pack: RegionPack, _ layer: RegionLayer, _ p: (Double, Double)) -> Bool {
        let d = 1e-6
        var winding = 0
        for shape in pack.shapes(west: p.1 - d, south: p.0 - d, east: p.1 + d, north: p.0 + d, layers: [layer]) {
            let n = shape.latitudes.count
            for i in 0..<n {
                let (ya, xa) = (shape.latitudes[i], shape.longitudes[i])
                let (yb, xb) = (shape.latitudes[(i + 1) % n], shape.longitudes[(i + 1) % n])
                let side = (xb - xa) * (p.0 - ya) - (p.1 - xa) * (yb - ya)
                if ya <= p.0, yb > p.0, side > 0 { winding += 1 }
                if ya > p.0, yb <= p.0, side < 0 { winding -= 1 }
            }
        }
        return winding != 0
    }

    /// Points on a grid over an area's box, at least 5 m from any of its edges: inside it, or in its holes.
    static func samples(_ area: Area, steps: Int = 12) -> (inside: [(Double, Double)], holes: [(Double, Double)]) {
        let all = area.polygons.joined().joined()
        let south = all.map(\.0).min()!, north = all.map(\.0).max()!, west = all.map(\.1).min()!, east = all.map(\.1).max()!
        var inside: [(Double, Double)] = [], holes: [(Double, Double)] = []
        for i in 0...steps {
            for j in 0...steps {
                let p = (south + (north - south) * (Double(i) + 0.5) / Double(steps + 1), west + (east - west) * (Double(j) + 0.5) / Double(steps + 1))
                guard area.metresToEdge(p) > 5 else { continue }
                if area.contains(p) { inside.append(p) }
                else if area.polygons.contains(where: { Area.inside(p, $0[0]) }) { holes.append(p) }
            }
        }
        return (inside, holes)
    }

    /// A journal folder with the Monaco extract added through the binary, and its pack.
    static func monaco() throws -> (PlacesRunner, RegionPack) {
        let runner = try PlacesRunner()
        do {
            try RegionCLITests.addMadePack("monaco", to: runner)
        } catch {
            runner.removeAll()
            throw error
        }
        return (runner, try RegionPack(path: RegionCLITests.packPath(runner, "monaco")))
    }

    @Test(.enabled(if: ExternalTool.available("osmium"), "needs osmium-tool"))
    func relationAreasAreFilledWithTheirHolesAsOsmiumBuildsThem() throws {
        let (runner, pack) = try Self.monaco()
        defer { runner.removeAll() }
        let file = RegionCLITests.fixture("monaco")
        let relations = try Self.osmiumRelationAreas(file, in: runner.directory)
        let drawn = relations.filter { Self.layer($0.tags) != nil }
        // Monaco's parks, gardens, pond and buildings mapped as relations, some with courtyards.
        #expect(drawn.count >= 30, "osmium made \(drawn.count) drawn relation areas")
        var insideCount = 0, insideFilled = 0, holeCount = 0, holeOpen = 0
        var missed: [String] = []
        for area in drawn {
            let layer = Self.layer(area.tags)!
            let (inside, holes) = Self.samples(area)
            let filled = inside.filter { Self.fills(pack, layer, $0) }.count
            insideCount += inside.count; insideFilled += filled
            if !inside.isEmpty, filled == 0 { missed.append("\(area.id) \(area.tags["name"] ?? "")") }
            // A hole is open unless another area of the layer (a building in a courtyard) covers that spot.
            let others = drawn.filter { $0.id != area.id && Self.layer($0.tags) == layer }
            for p in holes where !others.contains(where: { $0.contains(p) }) {
                holeCount += 1
                if !Self.fills(pack, layer, p) { holeOpen += 1 }
            }
        }
        #expect(missed.isEmpty, "relation areas not drawn: \(missed)")
        #expect(Double(insideFilled) >= 0.97 * Double(insideCount), "\(insideFilled) of \(insideCount) points inside relation areas filled")
        #expect(holeCount > 0)
        #expect(Double(holeOpen) >= 0.9 * Double(holeCount), "\(holeOpen) of \(holeCount) points in holes left open")
    }

    @Test(.enabled(if: ExternalTool.available("osmium"), "needs osmium-tool"))
    func placesOnRelationsLieInsideTheirAreas() throws {
        let (runner, pack) = try Self.monaco()
        defer { runner.removeAll() }
        let file = RegionCLITests.fixture("monaco")
        var byID: [String: GazetteerEntry] = [:]
        for entry in pack.entries() where entry.kind != .street { byID[entry.osm!.osmID] = entry }
        var checked = 0
        var outside: [String] = []
        for area in try Self.osmiumRelationAreas(file, in: runner.directory) {
            guard let held = byID[area.id] else { continue }
            checked += 1
            if !area.contains((held.latitude, held.longitude)) { outside.append("\(area.id) \(held.name)") }
        }
        // The Palais princier, the ports, beaches, schools and named apartment blocks: 13 in this extract.
        #expect(checked >= 10, "only \(checked) relation places held")
        #expect(outside.isEmpty, "places outside their areas: \(outside)")
    }

    /// An unnamed building drawn as a multipolygon whose outer ring is two ways, around a courtyard that
    /// holds the ring's centre, with its address on the relation; and one whose outer ring is not closed.
    static let courtyardXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
          <bounds minlat="43.7290" minlon="7.4190" maxlat="43.7320" maxlon="7.4220"/>
          <node id="1" lat="43.7300" lon="7.4200"/><node id="2" lat="43.7300" lon="7.4210"/>
          <node id="3" lat="43.7310" lon="7.4210"/><node id="4" lat="43.7310" lon="7.4200"/>
          <node id="5" lat="43.7301" lon="7.4201"/><node id="6" lat="43.7301" lon="7.4209"/>
          <node id="7" lat="43.7309" lon="7.4209"/><node id="8" lat="43.7309" lon="7.4201"/>
          <node id="9" lat="43.7295" lon="7.4195"/><node id="10" lat="43.7295" lon="7.4198"/>
          <node id="11" lat="43.7298" lon="7.4198"/>
          <way id="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/></way>
          <way id="2"><nd ref="3"/><nd ref="4"/><nd ref="1"/></way>
          <way id="3"><nd ref="5"/><nd ref="6"/><nd ref="7"/><nd ref="8"/><nd ref="5"/></way>
          <way id="4"><nd ref="9"/><nd ref="10"/><nd ref="11"/></way>
          <relation id="1">
            <member type="way" ref="1" role="outer"/><member type="way" ref="2" role="outer"/>
            <member type="way" ref="3" role="inner"/>
            <tag k="type" v="multipolygon"/><tag k="building" v="apartments"/>
            <tag k="addr:housenumber" v="7"/><tag k="addr:street" v="Rue du Puits"/><tag k="addr:postcode" v="98000"/>
          </relation>
          <relation id="2">
            <member type="way" ref="4" role="outer"/>
            <tag k="type" v="multipolygon"/><tag k="building" v="yes"/>
            <tag k="addr:housenumber" v="9"/><tag k="addr:street" v="Rue du Puits"/>
          </relation>
        </osm>
        """

    @Test(.enabled(if: ExternalTool.available("osmium"), "needs osmium-tool"))
    func anAddressOnAMultipolygonBuildingLiesInsideItsOuterRing() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let file = runner.directory.appendingPathComponent("courtyard.osm").path
        try Self.courtyardXML.write(toFile: file, atomically: true, encoding: .utf8)
        let added = try runner.run(["region", "add", file, "--quiet"])
        try #require(added.status == 0, "\(added.stderr)")
        // osmium builds the building, courtyard and all; the open ring gives it no area.
        let areas = try Self.osmiumRelationAreas(file, in: runner.directory)
        let building = try #require(areas.first { $0.id == "r1" })
        #expect(building.polygons.count == 1 && building.polygons[0].count == 2)
        #expect(!areas.contains { $0.id == "r2" })
        let pack = try RegionPack(path: RegionCLITests.packPath(runner, "courtyard"))
        let held = try #require(pack.entries().first { $0.osm?.osmID == "r1" })
        #expect(held.kind == .address && held.osm?.houseNumber == "7" && held.osm?.street == "Rue du Puits" && held.osm?.postcode == "98000")
        #expect(building.contains((held.latitude, held.longitude)), "at \(held.latitude),\(held.longitude): outside the building or in its courtyard")
        // Searched back by its address, either way round, to a spot inside the building.
        for query in ["7 Rue du Puits", "Rue du Puits 7"] {
            let result = try runner.run(["search", query, "--json", "-n", "1"])
            let first = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])?.first, "\(query)")
            let lat = try #require(first["latitude"] as? Double), lon = try #require(first["longitude"] as? Double)
            #expect(first["houseNumber"] as? String == "7" && building.contains((lat, lon)), "\(query): \(first)")
        }
        // The relation osmium cannot build is still kept as an address, at a point of its outer way.
        let open = try #require(pack.entries().first { $0.osm?.osmID == "r2" })
        #expect(open.osm?.houseNumber == "9")
        #expect(abs(open.latitude - 43.7296) < 0.0003 && abs(open.longitude - 7.4197) < 0.0003, "\(open.latitude),\(open.longitude)")
    }

    @Test(.enabled(if: ExternalTool.available("ogr2ogr"), "needs gdal-bin"))
    func boundariesNameTheLocalitiesOfWhatLiesInside() throws {
        let (runner, pack) = try Self.monaco()
        defer { runner.removeAll() }
        let file = RegionCLITests.fixture("monaco")
        // GDAL's OSM driver as the oracle of the boundaries: its `multipolygons` layer.
        let out = runner.directory.appendingPathComponent("boundaries.geojson").path
        let run = try ExternalTool.run(try ExternalTool.require("ogr2ogr"), ["-f", "GeoJSON", out, file, "multipolygons",
                                                                              "-where", "boundary = 'administrative' AND admin_level IN ('8', '9', '10')"])
        try #require(run.status == 0, "\(run.output)")
        let boundaries = try Self.areas(geoJSON: String(contentsOfFile: out, encoding: .utf8))
        // Monaco's wards: Monte-Carlo, La Condamine, Fontvieille, Monaco-Ville, Larvotto, La Rousse.
        #expect(boundaries.count >= 6)
        var checked = 0
        var wrong: [String] = []
        for entry in pack.entries() where entry.kind == .street {
            let holders = boundaries.filter { $0.contains((entry.latitude, entry.longitude)) }
            guard holders.count == 1, let name = holders[0].tags["name"] else { continue }
            checked += 1
            if entry.osm?.locality != name { wrong.append("\(entry.name): \(entry.osm?.locality ?? "") not \(name)") }
        }
        #expect(checked >= 100, "only \(checked) streets inside one boundary")
        #expect(wrong.isEmpty, "\(wrong.count) streets with another locality: \(wrong.prefix(10))")
        // A street's locality answers a qualifier: the ward as people write it.
        let search = try runner.run(["search", "Rue Grimaldi, La Condamine"])
        #expect(search.status == 0 && search.stdout.hasPrefix("Rue Grimaldi — street, La Condamine"), "\(search.stdout)")
    }

    @Test(.enabled(if: ExternalTool.available("osmium"), "needs osmium-tool"))
    func aCoastCutIntoSeveralLinesBoundsTheSeaBetweenThem() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        // A box across Fontvieille and the Rocher: the coast leaves and enters it twice, as two lines.
        let cut = runner.directory.appendingPathComponent("rocher.osm.pbf").path
        let extract = try ExternalTool.run(try ExternalTool.require("osmium"), ["extract", "-b", "7.418,43.726,7.428,43.734", "-s", "complete_ways",
                                                                                RegionCLITests.fixture("monaco"), "-o", cut])
        try #require(extract.status == 0, "\(extract.output)")
        let added = try runner.run(["region", "add", cut, "--quiet"])
        try #require(added.status == 0, "\(added.stderr)")
        let pack = try RegionPack(path: RegionCLITests.packPath(runner, "rocher"))
        let box = try #require(pack.bounds)
        let sea = pack.shapes(west: box.minLongitude, south: box.minLatitude, east: box.maxLongitude, north: box.maxLatitude, layers: [.sea])
        #expect(!sea.isEmpty, "no sea drawn")
        func isSea(_ p: (Double, Double)) -> Bool { Self.fills(pack, .sea, p) && !Self.fills(pack, .island, p) }
        // Every address and shop of the cut is on land.
        let onLand = pack.entries().filter { $0.kind == .address || $0.osm?.kindTag.hasPrefix("shop=") ?? false }
            .filter { $0.latitude > box.minLatitude && $0.latitude < box.maxLatitude && $0.longitude > box.minLongitude && $0.longitude < box.maxLongitude }
        #expect(onLand.count >= 20)
        let wet = onLand.filter { isSea(($0.latitude, $0.longitude)) }
        #expect(wet.isEmpty, "on land but drawn as sea: \(wet.map(\.name).prefix(10))")
        // Open water on both sides of the Rocher: the Fontvieille harbour and the sea to the south-east.
        #expect(isSea((43.7293, 7.4197)), "the Fontvieille harbour is not sea")
        #expect(isSea((43.7275, 7.4265)), "the sea south-east of the Rocher is not sea")
    }
}
