#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// The journal's own fields (`id`, `tags`, `visited`, `visits`, `created`, `updated`) as other tools write
/// them back after a conversion: GDAL/QGIS (`ogr2ogr`) and gpsbabel keep the values but change
/// their spelling, so a file of ours that went through them still imports whole.
enum ForeignFields {
    /// A date as ISO 8601 (`2024-05-01T00:00:00Z`, `2024-05-01`) or as GDAL writes a DateTime field
    /// (`2024/05/01 00:00:00+00`, `2024/05/01 12:30:00.5+0130`, `2024-05-01 12:30:00`: no zone is UTC).
    static func date(_ text: String) -> Date? {
        let trimmed = text.trimmed
        let bytes = Array(trimmed.utf8)
        // `2024-05-01 12:30:00` is GDAL's, read below: ISO 8601 readers may stop at the space and give midnight.
        if bytes.count < 11 || bytes[10] != UInt8(ascii: " "), let date = Timestamp.date(from: trimmed) { return date }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "/") || bytes[4] == UInt8(ascii: "-"), bytes[7] == bytes[4] else { return nil }
        var iso = String(decoding: bytes[0..<4], as: UTF8.self) + "-" + String(decoding: bytes[5..<7], as: UTF8.self) + "-"
            + String(decoding: bytes[8..<10], as: UTF8.self)
        guard bytes.count > 10 else { return Timestamp.date(from: iso) }
        guard bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"), bytes.count >= 19 else { return nil }
        iso += "T" + String(decoding: bytes[11..<19], as: UTF8.self)
        var rest = bytes[19...]
        if rest.first == UInt8(ascii: ".") {
            let fraction = rest.prefix { $0 == UInt8(ascii: ".") || ($0 >= 48 && $0 <= 57) }
            iso += String(decoding: fraction, as: UTF8.self)
            rest = rest.dropFirst(fraction.count)
        }
        let zone = String(decoding: rest, as: UTF8.self)
        switch zone.count {
        case 0: iso += "Z"
        case 1 where zone == "Z": iso += "Z"
        case 3: iso += zone + ":00"                                   // +01
        case 5 where !zone.contains(":"): iso += zone.prefix(3) + ":" + zone.suffix(2)   // +0130
        case 6: iso += zone                                           // +01:30
        default: return nil
        }
        return Timestamp.date(from: iso)
    }

    /// A tag list as the journal writes it (`food, 2025 trip`) or as GDAL writes a string list:
    /// `(2:food,2025 trip)` in KML and GPX, `[ "food", "2025 trip" ]` in CSV, and our GPX's
    /// `<places:tag>food</places:tag>…` flattened into one field.
    static func tags(_ text: String) -> [String] {
        var body = text.trimmed
        if body.hasPrefix("("), body.hasSuffix(")"), let colon = body.firstIndex(of: ":"),
           body[body.index(after: body.startIndex)..<colon].allSatisfy(\.isNumber) {
            body = String(body[body.index(after: colon)..<body.index(before: body.endIndex)])
        } else if body.hasPrefix("["), body.hasSuffix("]") {
            var parser = JSONParser(bytes: Array(body.utf8))
            if let values = (try? parser.parse())?.arrayValue {
                return values.compactMap { $0.stringValue?.trimmed }.filter { !$0.isEmpty }
            }
        } else if body.hasPrefix("<") {
            // `<places:tag>food</places:tag><places:tag>2025 trip</places:tag>`
            var tags: [String] = []
            for piece in body.split(separator: "<") where !piece.hasPrefix("/") {
                if let close = piece.firstIndex(of: ">") {
                    let value = String(piece[piece.index(after: close)...]).replacing("&lt;", with: "<").replacing("&gt;", with: ">")
                        .replacing("&quot;", with: "\"").replacing("&apos;", with: "'").replacing("&amp;", with: "&").trimmed
                    if !value.isEmpty { tags.append(value) }
                }
            }
            return tags
        }
        return PlaceDraft.splitTags(body)
    }

    /// The journal field a foreign field name stands for: `Name` and `name` are `name`,
    /// `places_id` (our GPX extension flattened by GDAL) and `ogr_id` are `id`; `nil` for others.
    static func journalField(_ name: String) -> String? {
        var key = name.trimmed.lowercased()
        for prefix in ["places_", "places:", "ogr_", "ogr:"] where key.hasPrefix(prefix) { key = String(key.dropFirst(prefix.count)) }
        switch key {
        case "id", "tags", "visited", "visits", "created", "updated": return key
        case "name": return "name"
        case "description", "desc": return "description"
        default: return nil
        }
    }
}

extension PlaceDraft {
    /// Sets one of the journal's fields from a foreign file's field (KML `SimpleData`/`Data`, GDAL's
    /// GPX extensions, a CSV column); other fields are ignored. `visits` is ``VisitListText``'s text. A name or description already read from the
    /// format's own element (`<name>`, `<desc>`) is kept.
    /// - Returns: the error reason when the value cannot be the field's (an id that is not a UUID,
    ///   a `visits` text that is not a list of visits).
    mutating func setJournalField(_ field: String, _ value: String) -> String? {
        let trimmed = value.trimmed
        switch ForeignFields.journalField(field) {
        case "id":
            guard !trimmed.isEmpty else { return nil }
            if let id = UUID(uuidString: trimmed) {
                self.id = id
            } else if field.lowercased().hasPrefix("places") {
                // Our own id field, damaged: the file is not what we wrote.
                return "the id \"\(trimmed)\" is not a UUID"
            } else {
                // A plain `id` (or GDAL's `ogr_id`) that is not a UUID is another tool's: kept as its field.
                externalID = trimmed
            }
        case "tags": tags = ForeignFields.tags(trimmed)
        case "visited": visited = trimmed.isEmpty ? nil : ForeignFields.date(trimmed)
        case "visits":
            // An empty field leaves `visited` as the one visit (a place with no list, or an older file).
            switch VisitListText.read(trimmed) {
            case .success(let list): if !list.isEmpty { visits = list }
            case .failure(let problem): return problem.description
            }
        case "created": created = ForeignFields.date(trimmed) ?? created
        case "updated": updated = ForeignFields.date(trimmed) ?? updated
        case "name": if name?.trimmed.isEmpty ?? true { name = trimmed }
        case "description": if description.trimmed.isEmpty { description = value }
        default: break
        }
        return nil
    }
}
