#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// Writes places as an RFC 7946 GeoJSON FeatureCollection.
///
/// One Point feature per place, positions `[longitude, latitude]`, every field of the place in
/// `properties` (`visits` only when they say more than `visited`, the latest visit's start), the place's
/// id also as the feature `id`, a `bbox`, and no `crs` (RFC 7946 dropped it: WGS 84 is implied), and
/// simplestyle-spec's `marker-color`, `marker-symbol` and `marker-size` (``ExportStyle``) so geojson.io
/// and GitHub colour the pins as the map does. Coordinates are written as stored, in the shortest form
/// that reads back exactly.
public enum GeoJSONExporter {
    /// The document, one feature per line.
    /// - Parameter progress: called now and then with the number of places written so far.
    public static func export(_ places: [Location], route: ExportRoute? = nil, progress: (Int) -> Void = { _ in }) -> String {
        var out = "{\"type\":\"FeatureCollection\""
        if let box = boundingBox(places) {
            out += ",\"bbox\":[\(JSONText.number(box.west)),\(JSONText.number(box.south)),\(JSONText.number(box.east)),\(JSONText.number(box.north))]"
        }
        out += ",\"features\":["
        let style = ExportStyle(places: places)
        for (index, place) in places.enumerated() {
            if index & 1023 == 0 { progress(index) }
            out += index == 0 ? "\n" : ",\n"
            appendFeature(place, color: style.color(for: place), to: &out)
        }
        if let route, route.stops.count >= 2 {
            out += places.isEmpty ? "\n" : ",\n"
            out += "{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":["
            out += route.stops.map { "[\(JSONText.number($0.longitude)),\(JSONText.number($0.latitude))]" }.joined(separator: ",")
            out += "]},\"properties\":{\"name\":\(JSONText.quoted(route.name)),\"route\":true}}"
        }
        out += places.isEmpty && (route?.stops.count ?? 0) < 2 ? "]}\n" : "\n]}\n"
        return out
    }

    private static func appendFeature(_ place: Location, color: String, to out: inout String) {
        let id = JSONText.quoted(place.idString)
        out += "{\"type\":\"Feature\",\"id\":\(id),\"geometry\":{\"type\":\"Point\",\"coordinates\":["
        out += JSONText.number(place.longitude) + "," + JSONText.number(place.latitude)
        out += "]},\"properties\":{\"id\":\(id),\"name\":\(JSONText.quoted(place.name))"
        out += ",\"description\":\(JSONText.quoted(place.description)),\"tags\":["
        out += place.tags.map(JSONText.quoted).joined(separator: ",")
        out += "],\"visited\":" + date(place.visited)
        if place.needsVisitList {
            // Every visit, as precise as it was given; `visited` stays the latest for other tools.
            out += ",\"visits\":" + VisitListText.json(place.visits)
        }
        out += ",\"created\":" + date(place.created)
        out += ",\"updated\":" + date(place.updated)
        out += ",\"marker-color\":\"\(color)\",\"marker-symbol\":\"\(ExportStyle.markerSymbol(visited: place.isVisited))\""
        out += ",\"marker-size\":\"\(ExportStyle.markerSize(visited: place.isVisited))\"}}"
    }

    private static func date(_ date: Date?) -> String {
        date.map { "\"" + Timestamp.string($0) + "\"" } ?? "null"
    }

    /// West, south, east, north of the places (a plain box: it does not try to cross the antimeridian).
    static func boundingBox(_ places: [Location]) -> (west: Double, south: Double, east: Double, north: Double)? {
        guard let first = places.first else { return nil }
        var box = (west: first.longitude, south: first.latitude, east: first.longitude, north: first.latitude)
        for place in places.dropFirst() {
            box.west = min(box.west, place.longitude)
            box.east = max(box.east, place.longitude)
            box.south = min(box.south, place.latitude)
            box.north = max(box.north, place.latitude)
        }
        return box
    }
}

/// Reads JSON files of places: GeoJSON (ours and foreign), Google Takeout saved places, and bare
/// arrays of places (the bucket-list app's file, or a journal file).
enum JSONPlacesReader {
    static func read(bytes: [UInt8], fileName: String, format requested: InterchangeFormat?) throws -> ImportedFile {
        var parser = JSONParser(bytes: bytes)
        var file = ImportedFile(fileName: fileName, format: requested ?? .geojson)
        var sawTakeout = false
        let document: JSONValue
        do {
            document = try parser.parseDocument(streaming: ["features", "places"]) { key, index, value, offset in
                if key == "features" {
                    let isTakeout = requested == .takeout || (requested == nil && TakeoutReader.looksLikeTakeout(value))
                    sawTakeout = sawTakeout || isTakeout
                    try readFeature(value, index: index, offset: offset, bytes: bytes, takeout: isTakeout, into: &file)
                } else {
                    try readPlaceObject(value, index: index, offset: offset, bytes: bytes, into: &file)
                }
            }
        } catch let error as JSONSyntaxError {
            throw ImportError(file: fileName, position: error.position, reason: "not valid JSON: \(error.reason)")
        }
        if case .array = document {
            file.format = .json
        } else if document["places"] != nil {
            file.format = .json
        } else if document["features"] != nil {
            if requested == nil { file.format = sawTakeout ? .takeout : .geojson }
        } else if document["type"]?.stringValue == "Feature" {
            let isTakeout = requested == .takeout || (requested == nil && TakeoutReader.looksLikeTakeout(document))
            if requested == nil { file.format = isTakeout ? .takeout : .geojson }
            try readFeature(document, index: 0, offset: 0, bytes: bytes, takeout: isTakeout, into: &file)
        } else {
            throw ImportError(
                file: fileName, position: TextPosition(line: 1, column: 1),
                reason: "not GeoJSON: expected a FeatureCollection, a Feature, or an array of places")
        }
        if let requested, requested == .json, file.format != .json {
            throw ImportError(file: fileName, reason: "not a JSON array of places (it looks like GeoJSON)", hint: .useFormat(.geojson))
        }
        return file
    }

    private static func readFeature(
        _ feature: JSONValue, index: Int, offset: Int, bytes: [UInt8], takeout: Bool, into file: inout ImportedFile
    ) throws {
        let item = "feature \(index + 1)"
        let fileName = file.fileName
        func position() -> TextPosition { TextPosition.of(offset: offset, in: bytes) }
        func fail(_ reason: String) -> ImportError {
            ImportError(file: fileName, position: position(), item: item, reason: reason)
        }
        guard feature.isObject, feature["type"]?.stringValue == "Feature" else {
            throw fail("not a GeoJSON Feature object (\"type\": \"Feature\" is missing)")
        }
        if takeout {
            switch try TakeoutReader.draft(from: feature, fail: fail) {
            case .place(let draft, let pending):
                var place = try draft.imported(file: fileName, position: position(), item: item)
                place.pending = pending
                file.places.append(place)
            case .skip(let name, let reason):
                file.skipped.append(SkippedEntry(file: file.fileName, item: item, name: name, reason: reason))
            }
            return
        }
        let properties = feature["properties"] ?? .null
        var draft = PlaceDraft()
        draft.name = (properties["name"] ?? properties["title"] ?? properties["Title"] ?? properties["Name"])?.scalarText
        guard let geometry = feature["geometry"], geometry.isObject else {
            file.skipped.append(SkippedEntry(file: file.fileName, item: item, name: draft.name, reason: "has no geometry"))
            return
        }
        let kind = geometry["type"]?.stringValue ?? "geometry of unknown type"
        guard kind == "Point" else {
            file.skipped.append(SkippedEntry(file: file.fileName, item: item, name: draft.name, reason: "is a \(kind), not a Point"))
            return
        }
        guard let coordinates = geometry["coordinates"]?.arrayValue, coordinates.count >= 2,
              case .number(let longitude) = coordinates[0], case .number(let latitude) = coordinates[1] else {
            throw fail("a Point needs \"coordinates\": [longitude, latitude]")
        }
        draft.longitude = longitude
        draft.latitude = latitude
        let idText = properties["id"]?.stringValue ?? feature["id"]?.stringValue
        draft.id = idText.flatMap { UUID(uuidString: $0) }
        draft.description = (properties["description"] ?? properties["desc"] ?? properties["notes"])?.scalarText ?? ""
        if let tags = properties["tags"] {
            if let list = tags.arrayValue {
                draft.tags = list.compactMap(\.scalarText)
            } else if let text = tags.stringValue {
                draft.tags = ForeignFields.tags(text)
            }
        }
        // Dates a foreign file names differently or writes loosely are left out rather than refused.
        draft.visited = properties["visited"]?.stringValue.flatMap(ForeignFields.date)
        if let text = properties["visits"]?.stringValue {
            // The list as text: a KML or CSV export of ours that GDAL turned into GeoJSON.
            if let problem = draft.setJournalField(VisitListText.field, text) { throw fail(problem) }
        } else {
            draft.visits = VisitListText.visits(properties["visits"])
        }
        draft.created = properties["created"]?.stringValue.flatMap(ForeignFields.date)
        draft.updated = properties["updated"]?.stringValue.flatMap(ForeignFields.date)
        // Our fields as GDAL names them after a conversion: `places_id` (our GPX's extensions),
        // `ogr_tags` (its own GPX extensions), read back as fields.
        if case .object(let members) = properties {
            for (key, value) in members where key.hasPrefix("places_") || key.hasPrefix("ogr_") {
                // GDAL writes a text field that holds JSON (our GPX's visits) as that JSON.
                if value.arrayValue != nil, ForeignFields.journalField(key) == VisitListText.field {
                    draft.visits = VisitListText.visits(value)
                } else if let text = value.scalarText, let problem = draft.setJournalField(key, text) { throw fail(problem) }
            }
        }
        file.places.append(try draft.imported(file: fileName, position: position(), item: item))
    }

    /// One element of a bare array of places (`{"id", "name", "latitude", "longitude", …}`).
    private static func readPlaceObject(
        _ value: JSONValue, index: Int, offset: Int, bytes: [UInt8], into file: inout ImportedFile
    ) throws {
        let item = "place \(index + 1)"
        let fileName = file.fileName
        func position() -> TextPosition { TextPosition.of(offset: offset, in: bytes) }
        func fail(_ reason: String) -> ImportError {
            ImportError(file: fileName, position: position(), item: item, reason: reason)
        }
        guard value.isObject else { throw fail("not a JSON object") }
        var draft = PlaceDraft()
        if let idValue = value["id"] {
            guard let text = idValue.stringValue, let id = UUID(uuidString: text) else {
                throw fail("id \(idValue.scalarText ?? "") is not a UUID")
            }
            draft.id = id
        }
        draft.name = value["name"]?.scalarText
        draft.description = value["description"]?.scalarText ?? ""
        for key in ["latitude", "longitude"] {
            guard let number = value[key] else { continue }
            guard case .number(let coordinate) = number else { throw fail("\(key) is not a number") }
            if key == "latitude" { draft.latitude = coordinate } else { draft.longitude = coordinate }
        }
        if let tags = value["tags"] {
            guard let list = tags.arrayValue else { throw fail("tags is not an array of strings") }
            draft.tags = list.compactMap(\.stringValue)
        }
        func date(_ key: String) throws -> Date? {
            guard let field = value[key], case .string(let text) = field else { return nil }
            guard let date = Timestamp.date(from: text) else {
                throw fail("\(key) \"\(text)\" is not an ISO 8601 date such as 2024-05-01T12:00:00Z")
            }
            return date
        }
        draft.visited = try date("visited")
        draft.visits = VisitListText.visits(value["visits"])
        draft.created = try date("created")
        draft.updated = try date("updated")
        file.places.append(try draft.imported(file: fileName, position: position(), item: item))
    }
}
