#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
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
    /// - Parameter descriptions: `false` leaves every description empty (the text is checked but
    ///   not copied), for read-only listings that never show it.
    public static func decode(_ bytes: [UInt8], descriptions: Bool = true) -> (places: [Location], legacy: Bool)? {
        bytes.withUnsafeBufferPointer { buffer -> (places: [Location], legacy: Bool)? in
            var reader = Reader(bytes: buffer, keepsDescriptions: descriptions)
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
        var keepsDescriptions = true

        init(bytes: UnsafeBufferPointer<UInt8>, keepsDescriptions: Bool = true) {
            self.bytes = bytes
            self.keepsDescriptions = keepsDescriptions
        }

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
            var extraFields: [String: JSONFragment] = [:]
            var seen = 0 as UInt16
            skipSpace()
            if consume(UInt8(ascii: "}")) { return nil }
            while true {
                skipSpace()
                guard let key = placeKey() else { return nil }
                skipSpace()
                guard consume(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                // A repeated key is legal JSON but ambiguous; leave it to the careful path.
                let bit: UInt16
                switch key {
                case "id": bit = 1; guard let value = uuid() else { return nil }; id = value
                case "name": bit = 2; guard let value = string() else { return nil }; name = value
                case "description": bit = 4
                    if isNull() { break }
                    if !keepsDescriptions {
                        // Checked exactly as string() would, but nothing is copied.
                        guard skipString() else { return nil }
                        break
                    }
                    guard let value = string() else { return nil }; description = value
                case "latitude": bit = 8; guard let value = number() else { return nil }; latitude = value
                case "longitude": bit = 16; guard let value = number() else { return nil }; longitude = value
                case "tags": bit = 32
                    if isNull() { break }
                    guard let value = stringArray() else { return nil }; tags = value
                case "visited": bit = 64; guard let value = optionalDate() else { return nil }; visited = value
                case "created": bit = 128; guard let value = optionalDate() else { return nil }; created = value
                case "updated": bit = 256; guard let value = optionalDate() else { return nil }; updated = value
                default:
                    // A field this version does not know: kept, so saving does not drop it.
                    bit = 0
                    guard extraFields[key] == nil, let value = fragment(depth: 0) else { return nil }
                    extraFields[key] = value
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
                            tags: tags, visited: visited, created: created, updated: updated, extraFields: extraFields)
        }

        /// Any JSON value, kept as a ``JSONFragment``.
        mutating func fragment(depth: Int) -> JSONFragment? {
            guard depth < 64 else { return nil }
            switch peek {
            case UInt8(ascii: "\""): return string().map(JSONFragment.string)
            case UInt8(ascii: "{"):
                index += 1
                var object: [String: JSONFragment] = [:]
                skipSpace()
                if consume(UInt8(ascii: "}")) { return .object(object) }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard consume(UInt8(ascii: ":")) else { return nil }
                    skipSpace()
                    guard object[key] == nil, let value = fragment(depth: depth + 1) else { return nil }
                    object[key] = value
                    skipSpace()
                    if consume(UInt8(ascii: ",")) { continue }
                    return consume(UInt8(ascii: "}")) ? .object(object) : nil
                }
            case UInt8(ascii: "["):
                index += 1
                var array: [JSONFragment] = []
                skipSpace()
                if consume(UInt8(ascii: "]")) { return .array(array) }
                while true {
                    skipSpace()
                    guard let value = fragment(depth: depth + 1) else { return nil }
                    array.append(value)
                    skipSpace()
                    if consume(UInt8(ascii: ",")) { continue }
                    return consume(UInt8(ascii: "]")) ? .array(array) : nil
                }
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return isNull() ? .null : nil
            default: return number().map(JSONFragment.number)
            }
        }

        /// A key of a place object. Known keys are matched on their bytes and returned as static
        /// strings (no allocation, no string comparison); any other key is decoded in full.
        mutating func placeKey() -> String? {
            let known: [StaticString] = ["created", "description", "id", "latitude", "longitude", "name", "tags", "updated", "visited"]
            if peek == UInt8(ascii: "\"") {
                for candidate in known {
                    let count = candidate.utf8CodeUnitCount
                    let end = index + 1 + count
                    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { continue }
                    if memcmp(bytes.baseAddress! + index + 1, candidate.utf8Start, count) == 0 {
                        index = end + 1
                        return candidate.description
                    }
                }
            }
            return string()
        }

        mutating func isNull() -> Bool {
            guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
                  bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") else { return false }
            index += 4
            return true
        }

        /// A quoted UUID in any case, parsed in place (`UUID(uuidString:)` goes through `sscanf`).
        mutating func uuid() -> UUID? {
            guard index + 38 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 37] == UInt8(ascii: "\"") else {
                return nil
            }
            var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let ok = withUnsafeMutableBytes(of: &raw) { out -> Bool in
                var position = index + 1
                for byteIndex in 0..<16 {
                    if byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 {
                        guard bytes[position] == UInt8(ascii: "-") else { return false }
                        position += 1
                    }
                    guard let high = Self.hexValue(bytes[position]), let low = Self.hexValue(bytes[position + 1]) else { return false }
                    out[byteIndex] = high << 4 | low
                    position += 2
                }
                return true
            }
            guard ok else { return nil }
            index += 38
            return UUID(uuid: raw)
        }

        static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x41 + 10
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }

        /// `.some(nil)` for JSON null, `.some(date)` for a date string, `nil` for anything else.
        mutating func optionalDate() -> Date?? {
            if isNull() { return .some(nil) }
            // The journal's own form, read in place without making a string first.
            if index + 22 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 21] == UInt8(ascii: "\""),
               let date = FastTimestamp.parse(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<(index + 21)])) {
                index += 22
                return .some(date)
            }
            guard let text = string() else { return nil }
            guard let date = Timestamp.date(from: text) else { return nil }
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
                    return UTF8Check.string(slice)
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { return nil }
                index += 1
            }
            var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return scratch.withUnsafeBufferPointer { UTF8Check.string($0) } }
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

        /// Moves past a string, with the same checks as ``string()`` (escapes, control characters,
        /// UTF-8), without making a `String` of it.
        mutating func skipString() -> Bool {
            guard consume(UInt8(ascii: "\"")) else { return false }
            let start = index
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let end = index
                    index = start - 1
                    if escaped { return string() != nil }
                    index = end + 1
                    return UTF8Check.isValid(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    index += 2
                    continue
                }
                if byte < 0x20 { return false }
                index += 1
            }
            return false
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
        out.reserveCapacity(places.count * 450 + 64)
        out.append(contentsOf: "{\n  \"places\" : ".utf8)
        appendArray(places, indent: 2, to: &out)
        out.append(contentsOf: ",\n  \"version\" : \(JournalStore.currentVersion)\n}\n".utf8)
        return out
    }

    /// A bare array of places, as `JSONEncoder` writes `[Location]` with the journal's options
    /// (what `places list --json` prints). No final newline.
    public static func encodeArray(_ places: [Location]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(places.count * 450 + 8)
        appendArray(places, indent: 0, to: &out)
        return out
    }

    /// `[`, the places, and `]` at `indent`, as `JSONEncoder`'s pretty printer lays them out.
    private static func appendArray(_ places: [Location], indent: Int, to out: inout [UInt8]) {
        let outer = [UInt8](repeating: UInt8(ascii: " "), count: indent)
        out.append(UInt8(ascii: "["))
        if places.isEmpty {
            out.append(contentsOf: [0x0A, 0x0A])
            out.append(contentsOf: outer)
            out.append(UInt8(ascii: "]"))
            return
        }
        let object = outer + [0x20, 0x20]
        let fieldIndent = object + [0x20, 0x20]
        let itemIndent = fieldIndent + [0x20, 0x20]
        let separator: [UInt8] = [UInt8(ascii: ","), 0x0A]
        for (offset, place) in places.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            out.append(0x0A)
            out.append(contentsOf: object)
            out.append(contentsOf: [UInt8(ascii: "{"), 0x0A])
            // Keys in byte order, as JSONEncoder's sortedKeys writes them; fields this version does
            // not know are merged in at their place.
            var extras = place.extraFields.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }[...]
            var first = true
            func next(_ key: StaticString) {
                let known = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
                while let extra = extras.first, extra.utf8.lexicographicallyPrecedes(known) {
                    extras.removeFirst()
                    begin(extra)
                    appendFragment(place.extraFields[extra]!, indent: fieldIndent.count, to: &out)
                }
                if !first { out.append(contentsOf: separator) }
                first = false
                out.append(contentsOf: fieldIndent)
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: known)
                out.append(contentsOf: [UInt8(ascii: "\""), 0x20, UInt8(ascii: ":"), 0x20])
            }
            func begin(_ key: String) {
                if !first { out.append(contentsOf: separator) }
                first = false
                out.append(contentsOf: fieldIndent)
                quoted(key, &out)
                out.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
            }
            if let created = place.created { next("created"); date(created, &out) }
            next("description"); quoted(place.description, &out)
            next("id"); uuid(place.id, &out)
            next("latitude"); number(place.latitude, &out)
            next("longitude"); number(place.longitude, &out)
            next("name"); quoted(place.name, &out)
            next("tags")
            out.append(contentsOf: [UInt8(ascii: "["), 0x0A])
            if place.tags.isEmpty { out.append(0x0A) }
            for (index, tag) in place.tags.enumerated() {
                out.append(contentsOf: itemIndent)
                quoted(tag, &out)
                if index < place.tags.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            out.append(contentsOf: fieldIndent)
            out.append(UInt8(ascii: "]"))
            if let updated = place.updated { next("updated"); date(updated, &out) }
            next("visited")
            if let visited = place.visited { date(visited, &out) } else { out.append(contentsOf: Array("null".utf8)) }
            for extra in extras {
                begin(extra)
                appendFragment(place.extraFields[extra]!, indent: fieldIndent.count, to: &out)
            }
            out.append(0x0A)
            out.append(contentsOf: object)
            out.append(UInt8(ascii: "}"))
        }
        out.append(0x0A)
        out.append(contentsOf: outer)
        out.append(UInt8(ascii: "]"))
    }

    private static func date(_ value: Date, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        FastTimestamp.append(value, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// The id in lower case, as the journal writes it.
    /// A kept value, laid out as `JSONEncoder`'s pretty printer lays it out at `indent` spaces.
    static func appendFragment(_ value: JSONFragment, indent: Int, to out: inout [UInt8]) {
        let inner = [UInt8](repeating: 0x20, count: indent + 2)
        switch value {
        case .null: out.append(contentsOf: Array("null".utf8))
        case .bool(let flag): out.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .number(let number): self.number(number, &out)
        case .string(let text): quoted(text, &out)
        case .array(let items):
            out.append(contentsOf: [UInt8(ascii: "["), 0x0A])
            if items.isEmpty { out.append(0x0A) }
            for (index, item) in items.enumerated() {
                out.append(contentsOf: inner)
                appendFragment(item, indent: indent + 2, to: &out)
                if index < items.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            out.append(contentsOf: repeatElement(0x20, count: indent))
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(contentsOf: [UInt8(ascii: "{"), 0x0A])
            if fields.isEmpty { out.append(0x0A) }
            let keys = fields.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                out.append(contentsOf: inner)
                quoted(key, &out)
                out.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
                appendFragment(fields[key]!, indent: indent + 2, to: &out)
                if index < keys.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            out.append(contentsOf: repeatElement(0x20, count: indent))
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func uuid(_ id: UUID, _ out: inout [UInt8]) {
        let hex = hexDigits
        out.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: id.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { out.append(UInt8(ascii: "-")) }
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
        }
        out.append(UInt8(ascii: "\""))
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
        var copy = text
        let plain = copy.withUTF8 { buffer -> Bool in
            // Most text needs no escaping: copy it in one go.
            guard !buffer.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            out.append(contentsOf: buffer)
            return true
        }
        if plain {
            out.append(UInt8(ascii: "\""))
            return
        }
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
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> Date? {
        guard raw.count == 20 else { return nil }
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
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60,
              day <= daysInMonth(month, year: year) else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm), for the proleptic Gregorian calendar.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Appends the journal's form of `date` (`2024-05-01T12:00:00Z`) to `out`.
    static func append(_ date: Date, to out: inout [UInt8]) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (0...9999).contains(year) else {
            // Outside four-digit years (never typed, but possible in a hand-edited journal).
            out.append(contentsOf: date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt)).utf8)
            return
        }
        func put(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                out.append(UInt8(0x30 + (value / divisor) % 10))
                divisor /= 10
            }
        }
        put(year, 4); out.append(UInt8(ascii: "-")); put(month, 2); out.append(UInt8(ascii: "-")); put(day, 2)
        out.append(UInt8(ascii: "T")); put(secondOfDay / 3600, 2); out.append(UInt8(ascii: ":"))
        put(secondOfDay / 60 % 60, 2); out.append(UInt8(ascii: ":")); put(secondOfDay % 60, 2); out.append(UInt8(ascii: "Z"))
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Strict UTF-8 checking for the journal reader.
///
/// `String(validating:as:)` is generic over the encoding and is not specialised across modules,
/// so each call looks up type metadata: a third of the reading time of a large journal. This
/// check is the same rule (no overlong forms, no surrogates, nothing above U+10FFFF), after which
/// `String(decoding:as:)` cannot need to repair anything.
enum UTF8Check {
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            func continuation(_ offset: Int) -> Bool {
                index + offset < count && bytes[index + offset] & 0xC0 == 0x80
            }
            switch lead {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                index += 2
            case 0xE0...0xEF:
                guard continuation(1), continuation(2) else { return false }
                let second = bytes[index + 1]
                if lead == 0xE0 && second < 0xA0 { return false }   // overlong
                if lead == 0xED && second > 0x9F { return false }   // surrogate
                index += 3
            case 0xF0...0xF4:
                guard continuation(1), continuation(2), continuation(3) else { return false }
                let second = bytes[index + 1]
                if lead == 0xF0 && second < 0x90 { return false }   // overlong
                if lead == 0xF4 && second > 0x8F { return false }   // above U+10FFFF
                index += 4
            default:
                return false
            }
        }
        return true
    }
}
