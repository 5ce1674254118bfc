#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The journal's fast path: reads and writes the journal format directly over bytes.
///
/// `JSONDecoder` and `JSONEncoder` spend most of their time in generic machinery (containers,
/// coding keys, boxing); at 100,000 places that is seconds per command. This codec knows the
/// one shape a journal has and does the same work about ten times faster. It is strict: anything
/// unusual (an unknown version, a wrongly typed field, a syntax error) makes ``decode(_:)`` return
/// `nil`, and the store falls back to `JSONDecoder`, whose errors it explains to the person. The
/// encoder writes exactly the bytes `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]`, which the tests check.
public enum JournalCodec {
    // MARK: Decoding

    /// The places in journal bytes (the versioned document or the legacy bare array), or `nil`
    /// when the bytes are anything but a plainly valid journal of the current version.
    public static func decode(_ bytes: [UInt8]) -> (places: [Location], legacy: Bool)? {
        bytes.withUnsafeBufferPointer { buffer -> (places: [Location], legacy: Bool)? in
            var reader = Reader(bytes: buffer)
            reader.skipSpace()
            let result: (places: [Location], legacy: Bool)
            if reader.peek == UInt8(ascii: "[") {
                guard let places = reader.places() else { return nil }
                result = (places, true)
            } else {
                guard reader.consume(UInt8(ascii: "{")) else { return nil }
                var places: [Location]?
                var version: Int?
                reader.skipSpace()
                if reader.consume(UInt8(ascii: "}")) { return nil }
                while true {
                    reader.skipSpace()
                    guard let key = reader.string() else { return nil }
                    reader.skipSpace()
                    guard reader.consume(UInt8(ascii: ":")) else { return nil }
                    reader.skipSpace()
                    switch key {
                    case "places": guard places == nil, let value = reader.places() else { return nil }; places = value
                    case "version": guard version == nil, let value = reader.number(), value == Double(JournalStore.currentVersion) else { return nil }
                        version = Int(value)
                    default: guard reader.skipValue(depth: 0) else { return nil }
                    }
                    reader.skipSpace()
                    if reader.consume(UInt8(ascii: ",")) { continue }
                    guard reader.consume(UInt8(ascii: "}")) else { return nil }
                    break
                }
                guard let places, version != nil else { return nil }
                result = (places, false)
            }
            reader.skipSpace()
            return reader.atEnd ? result : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index >= bytes.count }
        var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                index += 1
            }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func places() -> [Location]? {
            guard consume(UInt8(ascii: "[")) else { return nil }
            var result: [Location] = []
            skipSpace()
            if consume(UInt8(ascii: "]")) { return result }
            while true {
                skipSpace()
                guard let place = location() else { return nil }
                result.append(place)
                skipSpace()
                if consume(UInt8(ascii: ",")) { continue }
                return consume(UInt8(ascii: "]")) ? result : nil
            }
        }

        mutating func location() -> Location? {
            guard consume(UInt8(ascii: "{")) else { return nil }
            var id: UUID?, name: String?, latitude: Double?, longitude: Double?
            var description = "", tags: [String] = []
            var visited: Date?, created: Date?, updated: Date?
            var seen = 0 as UInt16
            skipSpace()
            if consume(UInt8(ascii: "}")) { return nil }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard consume(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                // A repeated key is legal JSON but ambiguous; leave it to the careful path.
                let bit: UInt16
                switch key {
                case "id": bit = 1; guard let text = string(), let value = UUID(uuidString: text) else { return nil }; id = value
                case "name": bit = 2; guard let value = string() else { return nil }; name = value
                case "description": bit = 4
                    if isNull() { break }
                    guard let value = string() else { return nil }; description = value
                case "latitude": bit = 8; guard let value = number() else { return nil }; latitude = value
                case "longitude": bit = 16; guard let value = number() else { return nil }; longitude = value
                case "tags": bit = 32
                    if isNull() { break }
                    guard let value = stringArray() else { return nil }; tags = value
                case "visited": bit = 64; guard let value = optionalDate() else { return nil }; visited = value
                case "created": bit = 128; guard let value = optionalDate() else { return nil }; created = value
                case "updated": bit = 256; guard let value = optionalDate() else { return nil }; updated = value
                default: bit = 0; guard skipValue(depth: 0) else { return nil }
                }
                if bit != 0 {
                    guard seen & bit == 0 else { return nil }
                    seen |= bit
                }
                skipSpace()
                if consume(UInt8(ascii: ",")) { continue }
                guard consume(UInt8(ascii: "}")) else { return nil }
                break
            }
            guard let id, let name, let latitude, let longitude else { return nil }
            return Location(id: id, name: name, description: description, latitude: latitude, longitude: longitude,
                            tags: tags, visited: visited, created: created, updated: updated)
        }

        mutating func isNull() -> Bool {
            guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
                  bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") else { return false }
            index += 4
            return true
        }

        /// `.some(nil)` for JSON null, `.some(date)` for a date string, `nil` for anything else.
        mutating func optionalDate() -> Date?? {
            if isNull() { return .some(nil) }
            guard let text = string() else { return nil }
            guard let date = FastTimestamp.parse(text) ?? Timestamp.date(from: text) else { return nil }
            return .some(date)
        }

        mutating func stringArray() -> [String]? {
            guard consume(UInt8(ascii: "[")) else { return nil }
            var result: [String] = []
            skipSpace()
            if consume(UInt8(ascii: "]")) { return result }
            while true {
                skipSpace()
                guard let value = string() else { return nil }
                result.append(value)
                skipSpace()
                if consume(UInt8(ascii: ",")) { continue }
                return consume(UInt8(ascii: "]")) ? result : nil
            }
        }

        mutating func number() -> Double? {
            let start = index
            if peek == UInt8(ascii: "-") { index += 1 }
            var digits = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; digits += 1 }
            guard digits > 0 else { return nil }
            if peek == UInt8(ascii: ".") {
                index += 1
                var fraction = 0
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; fraction += 1 }
                guard fraction > 0 else { return nil }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                index += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
                var exponent = 0
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; exponent += 1 }
                guard exponent > 0 else { return nil }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }

        mutating func string() -> String? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            let start = index
            // The common case: no escapes, so the bytes are the string (after a UTF-8 check).
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    return String(validating: slice, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { return nil }
                index += 1
            }
            var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(validating: scratch, as: UTF8.self) }
                if byte < 0x20 { return nil }
                guard byte == UInt8(ascii: "\\") else { scratch.append(byte); continue }
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")), let low = hex4(),
                              (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    scratch.append(contentsOf: String(Character(unicode)).utf8)
                default: return nil
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                index += 1
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        mutating func skipValue(depth: Int) -> Bool {
            guard depth < 64 else { return false }
            switch peek {
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "{"):
                index += 1
                skipSpace()
                if consume(UInt8(ascii: "}")) { return true }
                while true {
                    skipSpace()
                    guard string() != nil else { return false }
                    skipSpace()
                    guard consume(UInt8(ascii: ":")) else { return false }
                    skipSpace()
                    guard skipValue(depth: depth + 1) else { return false }
                    skipSpace()
                    if consume(UInt8(ascii: ",")) { continue }
                    return consume(UInt8(ascii: "}"))
                }
            case UInt8(ascii: "["):
                index += 1
                skipSpace()
                if consume(UInt8(ascii: "]")) { return true }
                while true {
                    skipSpace()
                    guard skipValue(depth: depth + 1) else { return false }
                    skipSpace()
                    if consume(UInt8(ascii: ",")) { continue }
                    return consume(UInt8(ascii: "]"))
                }
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return isNull()
            default: return number() != nil
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }
    }

    // MARK: Encoding

    /// The journal's bytes for `places`: the same bytes `JSONEncoder` writes for the versioned
    /// document with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, plus a final newline.
    public static func encode(_ places: [Location]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(places.count * 400 + 64)
        out.append(contentsOf: "{\n  \"places\" : [".utf8)
        if places.isEmpty {
            out.append(contentsOf: "\n\n  ],\n".utf8)
        } else {
            for (offset, place) in places.enumerated() {
                out.append(contentsOf: (offset == 0 ? "\n    {\n" : ",\n    {\n").utf8)
                if let created = place.created { field("created", &out); quoted(Timestamp.string(created), &out); out.append(contentsOf: ",\n".utf8) }
                field("description", &out); quoted(place.description, &out); out.append(contentsOf: ",\n".utf8)
                field("id", &out); quoted(place.id.uuidString.lowercased(), &out); out.append(contentsOf: ",\n".utf8)
                field("latitude", &out); number(place.latitude, &out); out.append(contentsOf: ",\n".utf8)
                field("longitude", &out); number(place.longitude, &out); out.append(contentsOf: ",\n".utf8)
                field("name", &out); quoted(place.name, &out); out.append(contentsOf: ",\n".utf8)
                field("tags", &out)
                if place.tags.isEmpty {
                    out.append(contentsOf: "[\n\n      ]".utf8)
                } else {
                    out.append(contentsOf: "[\n".utf8)
                    for (index, tag) in place.tags.enumerated() {
                        out.append(contentsOf: "        ".utf8)
                        quoted(tag, &out)
                        out.append(contentsOf: (index == place.tags.count - 1 ? "\n" : ",\n").utf8)
                    }
                    out.append(contentsOf: "      ]".utf8)
                }
                out.append(contentsOf: ",\n".utf8)
                if let updated = place.updated { field("updated", &out); quoted(Timestamp.string(updated), &out); out.append(contentsOf: ",\n".utf8) }
                field("visited", &out)
                if let visited = place.visited { quoted(Timestamp.string(visited), &out) } else { out.append(contentsOf: "null".utf8) }
                out.append(contentsOf: "\n    }".utf8)
            }
            out.append(contentsOf: "\n  ],\n".utf8)
        }
        out.append(contentsOf: "  \"version\" : \(JournalStore.currentVersion)\n}\n".utf8)
        return out
    }

    private static func field(_ key: String, _ out: inout [UInt8]) {
        out.append(contentsOf: "      \"".utf8)
        out.append(contentsOf: key.utf8)
        out.append(contentsOf: "\" : ".utf8)
    }

    /// A number as `JSONEncoder` writes it: integral values without a fraction, others in Swift's
    /// shortest round-tripping form (`51.501`, `1e-05`).
    static func number(_ value: Double, _ out: inout [UInt8]) {
        if value == value.rounded(), abs(value) < 1e15 {
            out.append(contentsOf: String(Int64(value)).utf8)
            if value == 0 && value.sign == .minus { out.insert(UInt8(ascii: "-"), at: out.count - 1) }
        } else {
            out.append(contentsOf: value.description.utf8)
        }
    }

    static func quoted(_ text: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                        hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Reads the journal's own timestamp form, `2024-05-01T12:00:00Z`, without a date formatter
/// (formatters cost microseconds each: seconds at 100,000 places × three dates).
enum FastTimestamp {
    static func parse(_ text: String) -> Date? {
        var utf8 = text.utf8.makeIterator()
        var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        guard text.utf8.count == 20 else { return nil }
        return withUnsafeMutableBytes(of: &bytes) { raw -> Date? in
            for i in 0..<20 { raw[i] = utf8.next()! }
            func digits(_ from: Int, _ count: Int) -> Int? {
                var value = 0
                for i in from..<(from + count) {
                    let byte = raw[i]
                    guard byte >= 0x30, byte <= 0x39 else { return nil }
                    value = value * 10 + Int(byte - 0x30)
                }
                return value
            }
            guard raw[4] == UInt8(ascii: "-"), raw[7] == UInt8(ascii: "-"), raw[10] == UInt8(ascii: "T"),
                  raw[13] == UInt8(ascii: ":"), raw[16] == UInt8(ascii: ":"), raw[19] == UInt8(ascii: "Z"),
                  let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
                  let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
                  (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
            // Days from the civil date (Howard Hinnant's algorithm), valid for the proleptic Gregorian calendar.
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            guard day <= daysInMonth(month, year: year) else { return nil }
            return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
        }
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
