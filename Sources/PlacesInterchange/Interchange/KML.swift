#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// Writes places as a KML 2.2 document.
///
/// The document is flat: one `Placemark` per place, in journal order, rather than a `Folder` per
/// tag, because a place with several tags would otherwise appear several times on the map. Each
/// Placemark has `name`, `description`, a `TimeStamp` (when visited, else when added) and
/// `ExtendedData` with `id`, `tags` (comma-separated), `visited`, `visits` (every visit as
/// ``VisitListText`` writes them, empty when `visited` says it all), `created` and `updated`. A
/// `styleUrl` points to a shared `Style` per tag colour and visited state (``ExportStyle``), so the
/// pins look in Google Earth as they do on `places map`.
public enum KMLExporter {
    /// The document.
    /// - Parameter progress: called now and then with the number of places written so far.
    public static func export(_ places: [Location], route: ExportRoute? = nil, progress: (Int) -> Void = { _ in }) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
            <Document>
              <name>places</name>

            """
        let style = ExportStyle(places: places)
        out += style.kmlStyles
        for (done, place) in places.enumerated() {
            if done & 1023 == 0 { progress(done) }
            out += "  <Placemark>\n    <name>\(XMLEscaping.escape(place.name))</name>\n"
            if !place.description.isEmpty {
                out += "    <description>\(XMLEscaping.escape(place.description))</description>\n"
            }
            if let when = place.visited ?? place.created {
                out += "    <TimeStamp><when>\(Timestamp.string(when))</when></TimeStamp>\n"
            }
            out += "    <styleUrl>#\(ExportStyle.kmlStyleID(color: style.color(for: place), visited: place.isVisited))</styleUrl>\n"
            out += "    <ExtendedData>\n"
            out += "      <Data name=\"id\"><value>\(place.idString)</value></Data>\n"
            if !place.tags.isEmpty {
                out += "      <Data name=\"tags\"><value>\(XMLEscaping.escape(place.tags.joined(separator: ",")))</value></Data>\n"
            }
            out += "      <Data name=\"visited\"><value>\(place.visited.map(Timestamp.string) ?? "")</value></Data>\n"
            // Written for every place, like `visited`, so tools that take the fields from the first placemark see it.
            out += "      <Data name=\"\(VisitListText.field)\"><value>\(XMLEscaping.escape(VisitListText.text(for: place)))</value></Data>\n"
            if let created = place.created { out += "      <Data name=\"created\"><value>\(Timestamp.string(created))</value></Data>\n" }
            if let updated = place.updated { out += "      <Data name=\"updated\"><value>\(Timestamp.string(updated))</value></Data>\n" }
            out += "    </ExtendedData>\n"
            out += "    <Point><coordinates>\(CoordinateFormat.plain(place.longitude)),\(CoordinateFormat.plain(place.latitude))</coordinates></Point>\n"
            out += "  </Placemark>\n"
        }
        if let route, route.stops.count >= 2 {
            out += "  <Placemark>\n    <name>\(XMLEscaping.escape(route.name))</name>\n    <LineString><coordinates>"
            out += route.stops.map { "\(CoordinateFormat.plain($0.longitude)),\(CoordinateFormat.plain($0.latitude))" }.joined(separator: " ")
            out += "</coordinates></LineString>\n  </Placemark>\n"
        }
        out += "</Document>\n</kml>\n"
        return out
    }
}

/// Reads KML Placemarks with a Point, wherever they sit in Documents and Folders.
///
/// The journal's fields (`id`, `tags`, `visited`, `visits`, `created`, `updated`) are read from `ExtendedData`,
/// as `Data`/`value` (our exports, Google My Maps) or as `SchemaData`/`SimpleData` (GDAL, QGIS and
/// gpsbabel, which also put `Name` and `Description` there). The innermost Folder's name is kept
/// beside each place and becomes a tag only when asked (``ImportOptions/folderTags``): tools name
/// their folders "Waypoints" or after the layer. Organic Maps bookmark files are read as ordinary
/// KML: their own `ExtendedData` namespace and `styleUrl` are ignored. Placemarks with other
/// geometries are skipped.
enum KMLReader {
    private static let geometryNames: Set<String> = ["LineString", "LinearRing", "Polygon", "MultiGeometry", "Model", "Track", "MultiTrack"]

    static func read(bytes: [UInt8], fileName: String) throws -> ImportedFile {
        var file = ImportedFile(fileName: fileName, format: .kml)
        var path = XMLPath()
        var text = ""
        var folderNames: [String?] = []
        var draft: PlaceDraft?
        var placemarkDepth = 0
        var placemarkOffset = 0
        var placemarkCount = 0
        var otherGeometry: String?
        var hasPoint = false
        var dataName: String?
        var when: Date?

        func item() -> String { "Placemark \(placemarkCount)" }
        func fail(_ reason: String) -> ImportError {
            ImportError(file: fileName, position: TextPosition.of(offset: placemarkOffset, in: bytes), item: item(), reason: reason)
        }

        do {
            var parser = try XMLPullParser(bytes: bytes)
            while let event = try parser.next() {
                switch event {
                case .startElement(let name, let attributes, let offset):
                    path.push(name, namespace: nil, parser: parser)
                    text = ""
                    let local = path.last ?? ""
                    if path.count == 1 && local != "kml" {
                        throw ImportError(file: fileName, position: TextPosition.of(offset: offset, in: bytes),
                                          reason: "not a KML file: the root element is <\(name)>, not <kml>")
                    }
                    if draft == nil {
                        if local == "Folder" {
                            folderNames.append(nil)
                        } else if local == "Placemark" {
                            placemarkCount += 1
                            placemarkOffset = offset
                            placemarkDepth = path.count
                            draft = PlaceDraft()
                            otherGeometry = nil
                            hasPoint = false
                            when = nil
                        }
                    } else {
                        if local == "Point" && !path.names.contains(where: { geometryNames.contains($0) }) {
                            hasPoint = true
                        } else if geometryNames.contains(local) && otherGeometry == nil {
                            otherGeometry = local
                        } else if local == "Data" || local == "SimpleData" {
                            dataName = XMLPath.attribute("name", in: attributes)
                        }
                    }
                case .text(let chunk):
                    text += chunk
                case .endElement:
                    let local = path.last ?? ""
                    if var current = draft {
                        let relative = path.count - placemarkDepth
                        if relative == 1 && local == "name" {
                            // An empty <name> leaves a name read from SchemaData (GDAL writes both).
                            if !text.trimmed.isEmpty || current.name == nil { current.name = text.trimmed }
                        } else if relative == 1 && local == "description" {
                            if !text.trimmed.isEmpty || current.description.isEmpty { current.description = text }
                        } else if local == "when" && path.ends(with: ["TimeStamp", "when"]) {
                            when = Timestamp.date(from: text.trimmed)
                        } else if local == "coordinates" && path.ends(with: ["Point", "coordinates"]) && hasPoint && otherGeometry == nil {
                            let tuple = text.trimmed.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).first ?? ""
                            let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
                            guard parts.count >= 2, let longitude = Double(String(parts[0]).trimmed),
                                  let latitude = Double(String(parts[1]).trimmed) else {
                                throw fail("<coordinates>\(text.trimmed)</coordinates> is not longitude,latitude")
                            }
                            current.longitude = longitude
                            current.latitude = latitude
                        } else if (local == "value" && path.ends(with: ["Data", "value"]) && relative == 3)
                                    || (local == "SimpleData" && path.ends(with: ["SchemaData", "SimpleData"]) && relative == 3) {
                            if let dataName, let problem = current.setJournalField(dataName, text) { throw fail(problem) }
                        }
                        if relative == 0 {
                            if otherGeometry != nil || !hasPoint {
                                let reason = otherGeometry.map { "is a \($0), not a Point" } ?? "has no Point"
                                file.skipped.append(SkippedEntry(file: fileName, item: item(), name: current.name, reason: reason))
                            } else {
                                // A foreign file's TimeStamp says when the placemark was made; the journal's
                                // own files carry their dates in ExtendedData, which wins.
                                if current.id == nil && current.created == nil { current.created = when }
                                // A foreign description is HTML, as Google Earth and My Maps show it; the
                                // journal's own files (with an id) carry plain text and are read as written.
                                if current.id == nil { current.description = HTMLText.plain(current.description) }
                                var place = try current.imported(
                                    file: fileName, position: TextPosition.of(offset: placemarkOffset, in: bytes), item: item())
                                place.folder = folderNames.last(where: { $0 != nil }) ?? nil
                                file.places.append(place)
                            }
                            draft = nil
                        } else {
                            draft = current
                        }
                    } else if local == "name" && path.ends(with: ["Folder", "name"]), !folderNames.isEmpty {
                        let name = text.trimmed
                        folderNames[folderNames.count - 1] = name.isEmpty ? nil : name
                    } else if local == "Folder", !folderNames.isEmpty {
                        folderNames.removeLast()
                    }
                    path.pop()
                    text = ""
                }
            }
        } catch let error as XMLError {
            throw ImportError(file: fileName, position: error.position, reason: "not valid XML: \(error.reason)")
        }
        return file
    }
}
