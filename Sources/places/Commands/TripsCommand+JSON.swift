import PlacesKit

extension TripsCommand.TripReport {
    /// Trips as `trips --json` prints them: the bytes `JSONEncoder` writes with `.prettyPrinted`,
    /// `.sortedKeys` and `.withoutEscapingSlashes` (keys in order, `"key" : value`, two spaces an indent, an
    /// empty list as `[`, a blank line and `]`, a missing optional left out), written directly.
    ///
    /// The encoder took 267 M instructions for the 765 trips and 10,000 stops of a thousand places' journal
    /// (1.7 MB of text), through a container and a boxed value per field; this takes a few million. The CLI
    /// tests check the bytes against `JSONEncoder`'s for every trip of their journals.
    static func json(_ reports: [Self]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(reports.count * 1024)
        appendList(reports, indent: 0, to: &out) { report, indent, out in report.append(indent: indent, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// One trip, as `trips show N --json` prints it.
    static func json(_ report: Self) -> String {
        var out: [UInt8] = []
        report.append(indent: 0, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func append(indent: Int, to out: inout [UInt8]) {
        var object = JSONObjectWriter(indent: indent, out: out)
        out = []
        object.member("countries") { indent, out in
            Self.appendList(countries, indent: indent, to: &out) { code, _, out in JSONText.appendQuoted(code, to: &out) }
        }
        if let days { object.member("days") { _, out in JSONText.appendNumber(Double(days), to: &out) } }
        object.member("distanceKm") { _, out in JSONText.appendNumber(distanceKm, to: &out) }
        object.member("end") { _, out in JSONText.appendQuoted(end, to: &out) }
        if let name { object.member("name") { _, out in JSONText.appendQuoted(name, to: &out) } }
        object.member("number") { _, out in JSONText.appendNumber(Double(number), to: &out) }
        object.member("start") { _, out in JSONText.appendQuoted(start, to: &out) }
        object.member("stops") { indent, out in
            Self.appendList(stops, indent: indent, to: &out) { stop, indent, out in
                var fields = JSONObjectWriter(indent: indent, out: out)
                out = []
                if let country = stop.country { fields.member("country") { _, out in JSONText.appendQuoted(country, to: &out) } }
                fields.member("date") { _, out in JSONText.appendQuoted(stop.date, to: &out) }
                fields.member("id") { _, out in JSONText.appendQuoted(stop.id, to: &out) }
                fields.member("name") { _, out in JSONText.appendQuoted(stop.name, to: &out) }
                if let note = stop.note { fields.member("note") { _, out in JSONText.appendQuoted(note, to: &out) } }
                out = fields.close()
            }
        }
        out = object.close()
    }

    /// A list whose closing bracket stands at `indent`, each element written by `element` one level in.
    private static func appendList<Element>(_ elements: [Element], indent: Int, to out: inout [UInt8],
                                            _ element: (Element, Int, inout [UInt8]) -> Void) {
        out.append(UInt8(ascii: "["))
        if elements.isEmpty { out.append(0x0A) }
        for index in elements.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(0x0A)
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
            element(elements[index], indent + 2, &out)
        }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        out.append(UInt8(ascii: "]"))
    }
}

/// An object written member by member in the encoder's pretty form; members must come in key order.
private struct JSONObjectWriter {
    private var out: [UInt8]
    private let indent: Int
    private var members = 0

    init(indent: Int, out: [UInt8]) {
        self.indent = indent
        self.out = out
        self.out.append(UInt8(ascii: "{"))
    }

    /// `"key" : value`, the value written by `value` at the member's indent.
    mutating func member(_ key: String, _ value: (Int, inout [UInt8]) -> Void) {
        if members > 0 { out.append(UInt8(ascii: ",")) }
        members += 1
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
        JSONText.appendQuoted(key, to: &out)
        out.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
        value(indent + 2, &out)
    }

    /// The bytes with the closing brace.
    consuming func close() -> [UInt8] {
        // An object with no members is `{\n\n}` to the encoder, like an empty list.
        if members == 0 { out.append(0x0A) }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        out.append(UInt8(ascii: "}"))
        return out
    }
}
