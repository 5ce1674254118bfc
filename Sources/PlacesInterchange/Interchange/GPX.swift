#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// Writes places as GPX 1.1 waypoints that validate against the GPX 1.1 schema.
///
/// Each place is a `wpt` with, in the schema's order, `time` (when it was added), `name`, `desc`,
/// `sym` (a Garmin symbol for visited or want-to-go, ``ExportStyle/gpxSymbol(visited:)``),
/// `type` (its first tag) and `extensions` holding what GPX has no element for: the id, every tag,
/// the visited/created/updated dates and, when they say more than `visited`, every visit as
/// ``VisitListText`` writes them (one text element, which GDAL keeps as a field), in the
/// ``namespace`` namespace. Longitude 180 is written
/// as −180 because the schema's longitude range excludes 180 (the same meridian).
public enum GPXExporter {
    /// The namespace of the journal's GPX extension elements.
    public static let namespace = "https://places.invalid/xmlns/gpx-extensions/1"
    /// The `creator` attribute.
    public static let creator = "places"

    /// The document.
    /// - Parameter progress: called now and then with the number of places written so far.
    public static func export(_ places: [Location], route: ExportRoute? = nil, progress: (Int) -> Void = { _ in }) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(creator)" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd" \
            xmlns:places="\(namespace)">

            """
        if let box = GeoJSONExporter.boundingBox(places) {
            out += "  <metadata><bounds minlat=\"\(decimal(box.south))\" minlon=\"\(decimal(longitude(box.west)))\""
            out += " maxlat=\"\(decimal(box.north))\" maxlon=\"\(decimal(longitude(box.east)))\"/></metadata>\n"
        }
        for (done, place) in places.enumerated() {
            if done & 1023 == 0 { progress(done) }
            out += "  <wpt lat=\"\(decimal(place.latitude))\" lon=\"\(decimal(longitude(place.longitude)))\">\n"
            if let created = place.created { out += "    <time>\(Timestamp.string(created))</time>\n" }
            out += "    <name>\(XMLEscaping.escape(place.name))</name>\n"
            if !place.description.isEmpty { out += "    <desc>\(XMLEscaping.escape(place.description))</desc>\n" }
            out += "    <sym>\(ExportStyle.gpxSymbol(visited: place.isVisited))</sym>\n"
            if let first = place.tags.first { out += "    <type>\(XMLEscaping.escape(first))</type>\n" }
            out += "    <extensions>\n"
            out += "      <places:id>\(place.idString)</places:id>\n"
            if !place.tags.isEmpty {
                out += "      <places:tags>"
                for tag in place.tags { out += "<places:tag>\(XMLEscaping.escape(tag))</places:tag>" }
                out += "</places:tags>\n"
            }
            if let visited = place.visited { out += "      <places:visited>\(Timestamp.string(visited))</places:visited>\n" }
            let visits = VisitListText.text(for: place)
            if !visits.isEmpty { out += "      <places:visits>\(XMLEscaping.escape(visits))</places:visits>\n" }
            if let created = place.created { out += "      <places:created>\(Timestamp.string(created))</places:created>\n" }
            if let updated = place.updated { out += "      <places:updated>\(Timestamp.string(updated))</places:updated>\n" }
            out += "    </extensions>\n  </wpt>\n"
        }
        if let route, route.stops.count >= 2 {
            out += "  <rte>\n    <name>\(XMLEscaping.escape(route.name))</name>\n"
            for stop in route.stops {
                out += "    <rtept lat=\"\(decimal(stop.latitude))\" lon=\"\(decimal(longitude(stop.longitude)))\"><name>\(XMLEscaping.escape(stop.name))</name></rtept>\n"
            }
            out += "  </rte>\n"
        }
        out += "</gpx>\n"
        return out
    }

    /// −180 for 180: the schema's `longitudeType` is −180 ≤ lon < 180.
    static func longitude(_ value: Double) -> Double { value == 180 ? -180 : value }

    /// `xsd:decimal` allows no exponent, so tiny values are written out in full.
    static func decimal(_ value: Double) -> String { CoordinateFormat.plain(value) }
}

/// Reads GPX waypoints. Routes and tracks are listed as skipped. Extensions are read when they are
/// the journal's own, or GDAL's (`ogr:id`, `ogr:tags`…: a file of ours converted by `ogr2ogr`);
/// others (OsmAnd's, Organic Maps', Garmin's) are ignored.
enum GPXReader {
    static func read(bytes: [UInt8], fileName: String) throws -> ImportedFile {
        var file = ImportedFile(fileName: fileName, format: .gpx)
        var parser: XMLPullParser
        do { parser = try XMLPullParser(bytes: bytes) } catch let error as XMLError {
            throw ImportError(file: fileName, position: error.position, reason: "not valid XML: \(error.reason)")
        }
        var path = XMLPath()
        var text = ""
        var draft: PlaceDraft?
        var waypointOffset = 0
        var waypointCount = 0
        var routeCount = 0
        var trackCount = 0
        var ownTags: [String] = []
        var typeTag: String?
        var comment = ""
        var gdalExtension = false
        var writtenByGDAL = false
        /// The namespace GDAL writes a layer's other fields in, as `<extensions><ogr:FIELD>`.
        let gdalNamespace = "http://osgeo.org/gdal"

        func fail(_ reason: String, at offset: Int) -> ImportError {
            ImportError(file: fileName, position: TextPosition.of(offset: offset, in: bytes), item: "wpt \(waypointCount)", reason: reason)
        }

        do {
            while let event = try parser.next() {
                switch event {
                case .startElement(let name, let attributes, let offset):
                    path.push(name, namespace: GPXExporter.namespace, parser: parser)
                    text = ""
                    if path.count == 1 {
                        guard path.last == "gpx" else {
                            throw ImportError(file: fileName, position: TextPosition.of(offset: offset, in: bytes),
                                              reason: "not a GPX file: the root element is <\(name)>, not <gpx>")
                        }
                        writtenByGDAL = parser.namespaceURI(forPrefix: "ogr") == gdalNamespace
                    } else if path.count == 2 && path.last == "wpt" {
                        waypointCount += 1
                        waypointOffset = offset
                        var fresh = PlaceDraft()
                        for key in ["lat", "lon"] {
                            guard let value = XMLPath.attribute(key, in: attributes) else {
                                throw fail("<wpt> has no \(key) attribute", at: offset)
                            }
                            guard let number = Double(value.trimmed) else {
                                throw fail("\(key)=\"\(value)\" is not a number", at: offset)
                            }
                            if key == "lat" { fresh.latitude = number } else { fresh.longitude = number }
                        }
                        draft = fresh
                        ownTags = []
                        typeTag = nil
                        comment = ""
                    } else if path.count == 4 && draft != nil && path.names[2] == "extensions" {
                        gdalExtension = parser.namespaceURI(forPrefix: XMLPath.split(name).prefix) == gdalNamespace
                    } else if path.count == 2 && path.last == "rte" {
                        routeCount += 1
                    } else if path.count == 2 && path.last == "trk" {
                        trackCount += 1
                    }
                case .text(let chunk):
                    if draft != nil { text += chunk }
                case .endElement:
                    if draft != nil {
                        let names = path.names
                        // GDAL copies our `<places:tags>` through without declaring the prefix.
                        let ours = (path.inNamespace.last ?? false)
                            || (writtenByGDAL && names.count == 5 && names[3] == "tags" && names[4] == "tag")
                        if names.count == 2 && names[1] == "wpt", var finished = draft {
                            if finished.description.trimmed.isEmpty { finished.description = comment }
                            // Our own tag list, else GDAL's (set as a field), else the one `type`.
                            if !ownTags.isEmpty { finished.tags = ownTags } else if finished.tags.isEmpty { finished.tags = typeTag.map { [$0] } ?? [] }
                            let place = try finished.imported(
                                file: fileName, position: TextPosition.of(offset: waypointOffset, in: bytes),
                                item: "wpt \(waypointCount)")
                            file.places.append(place)
                            draft = nil
                        } else if names.count == 3 {
                            switch names[2] {
                            case "name": draft?.name = text.trimmed
                            case "desc": draft?.description = text
                            case "cmt": comment = text
                            case "time": draft?.created = ForeignFields.date(text)
                            case "type": typeTag = text.trimmed.isEmpty ? nil : text.trimmed
                            default: break
                            }
                        } else if ours && names.count == 4 && names[2] == "extensions" {
                            let value = text.trimmed
                            switch names[3] {
                            case "id":
                                guard let id = UUID(uuidString: value) else { throw fail("places:id \"\(value)\" is not a UUID", at: waypointOffset) }
                                draft?.id = id
                            case "visited": draft?.visited = Timestamp.date(from: value)
                            case "visits":
                                if var current = draft {
                                    if let problem = current.setJournalField(VisitListText.field, value) { throw fail(problem, at: waypointOffset) }
                                    draft = current
                                }
                            case "created": draft?.created = Timestamp.date(from: value)
                            case "updated": draft?.updated = Timestamp.date(from: value)
                            default: break
                            }
                        } else if !ours && gdalExtension && names.count == 4 && names[2] == "extensions" {
                            if var current = draft {
                                if let problem = current.setJournalField(names[3], text) { throw fail(problem, at: waypointOffset) }
                                draft = current
                            }
                        } else if ours && names.count == 5 && names[2] == "extensions" && names[3] == "tags" && names[4] == "tag" {
                            ownTags.append(text.trimmed)
                        }
                    }
                    path.pop()
                    text = ""
                }
            }
        } catch let error as XMLError {
            throw ImportError(file: fileName, position: error.position, reason: "not valid XML: \(error.reason)")
        }
        if routeCount > 0 {
            file.skipped.append(SkippedEntry(file: fileName, item: "\(routeCount) route\(routeCount == 1 ? "" : "s")", name: nil,
                                             reason: "routes are not imported, only waypoints"))
        }
        if trackCount > 0 {
            file.skipped.append(SkippedEntry(file: fileName, item: "\(trackCount) track\(trackCount == 1 ? "" : "s")", name: nil,
                                             reason: "tracks are not imported, only waypoints"))
        }
        return file
    }
}
