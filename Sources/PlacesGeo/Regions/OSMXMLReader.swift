import PlacesCore

/// Reads an OpenStreetMap XML file (`.osm`, as `osmium cat -f osm` or the editing API write it) on the
/// project's own ``XMLPullParser``: a DOCTYPE with an internal subset and entities are refused as in every
/// XML the tool reads. Change files (`<osmChange>`) and history files (deleted versions) are refused.
public struct OSMXMLReader {
    /// The file's path, for messages.
    public let path: String

    /// Prepares to read a file.
    public init(path: String) {
        self.path = path
    }

    /// Reads the whole file, calling `handler` with its header and every element in file order.
    /// - Throws: ``OSMReadError`` with the line, column and byte offset of the first thing wrong.
    public func read<H: OSMHandler>(_ bytes: [UInt8], into handler: inout H) throws {
        var parser: XMLPullParser
        do { parser = try XMLPullParser(bytes: bytes) } catch let error as XMLError {
            throw OSMReadError(path: path, offset: error.position.offset(in: bytes), position: error.position, reason: error.reason)
        }
        var header = OSMHeader()
        var sentHeader = false
        var current: (kind: UInt8, id: Int64, lat: Int32, lon: Int32, offset: Int)?
        var tags = OSMTags()
        var nodes: [Int64] = []
        var members: [OSMRelation.Member] = []
        var lastOffset = 0
        func fail(_ offset: Int, _ reason: String) -> OSMReadError {
            OSMReadError(path: path, offset: offset, position: parser.position(ofOffset: offset), reason: reason)
        }
        do {
            while let event = try parser.next() {
                switch event {
                case .startElement(let name, let attributes, let offset):
                    lastOffset = offset
                    func attribute(_ key: String) -> String? { XMLPath.attribute(key, in: attributes) }
                    func integer(_ key: String) throws -> Int64 {
                        guard let text = attribute(key), let value = Int64(text) else {
                            throw fail(offset, "<\(name)> needs a whole-number \(key) attribute, found \(attribute(key).map { "\"\($0)\"" } ?? "none")")
                        }
                        return value
                    }
                    func degrees(_ key: String, _ limit: Double) throws -> Int32 {
                        guard let text = attribute(key), let value = Double(text), abs(value) <= limit else {
                            throw fail(offset, "<\(name)> needs a \(key) attribute between −\(Int(limit)) and \(Int(limit)), found "
                                       + (attribute(key).map { "\"\($0)\"" } ?? "none"))
                        }
                        return Int32((value * 1e7).rounded())
                    }
                    if parser.depth == 1 {
                        guard name == "osm" else {
                            throw fail(offset, name == "osmChange" ? "a change file (<osmChange>): places reads extracts, not changes"
                                       : "the root element is <\(name)>, not <osm>: this is not an OpenStreetMap XML file")
                        }
                        header.writingProgram = attribute("generator") ?? ""
                        header.replicationTimestamp = attribute("timestamp").flatMap(OSMXMLReader.seconds)
                        continue
                    }
                    if attribute("visible") == "false" {
                        throw fail(offset, "a deleted object version (visible=\"false\"): this is a history file, not an extract")
                    }
                    switch name {
                    case "bounds" where current == nil:
                        header.bounds = GeoBounds(minLatitude: Double(try degrees("minlat", 90)) / 1e7, minLongitude: Double(try degrees("minlon", 180)) / 1e7,
                                                  maxLatitude: Double(try degrees("maxlat", 90)) / 1e7, maxLongitude: Double(try degrees("maxlon", 180)) / 1e7)
                    case "node", "way", "relation":
                        if !sentHeader { try handler.header(header); sentHeader = true }
                        let kind: UInt8 = name == "node" ? 0 : name == "way" ? 1 : 2
                        current = (kind, try integer("id"), kind == 0 ? try degrees("lat", 90) : 0, kind == 0 ? try degrees("lon", 180) : 0, offset)
                        tags = OSMTags()
                        nodes = []
                        members = []
                    case "tag" where current != nil:
                        guard let key = attribute("k"), let value = attribute("v") else { throw fail(offset, "<tag> needs k and v attributes") }
                        tags.set(key, value)
                    case "nd" where current?.kind == 1:
                        nodes.append(try integer("ref"))
                    case "member" where current?.kind == 2:
                        let type: OSMRelation.MemberType
                        switch attribute("type") {
                        case "node": type = .node
                        case "way": type = .way
                        case "relation": type = .relation
                        default: throw fail(offset, "<member> has type \(attribute("type").map { "\"\($0)\"" } ?? "missing"); expected node, way or relation")
                        }
                        members.append(.init(type: type, id: try integer("ref"), role: attribute("role") ?? ""))
                    default:
                        break
                    }
                case .endElement(let name):
                    guard let element = current, ["node", "way", "relation"].contains(name) else { continue }
                    switch element.kind {
                    case 0: try handler.node(OSMNode(id: element.id, latitude7: element.lat, longitude7: element.lon, tags: tags))
                    case 1: try handler.way(OSMWay(id: element.id, nodes: nodes, tags: tags))
                    default: try handler.relation(OSMRelation(id: element.id, members: members, tags: tags))
                    }
                    current = nil
                    handler.progress(bytesRead: lastOffset)
                case .text:
                    break
                }
            }
        } catch let error as XMLError {
            throw OSMReadError(path: path, offset: error.position.offset(in: bytes), position: error.position, reason: error.reason)
        }
        if !sentHeader { try handler.header(header) }
        handler.progress(bytesRead: bytes.count)
    }

    /// Seconds since 1970 from an ISO 8601 UTC time (`2023-12-26T21:21:24Z`); `nil` for any other text.
    static func seconds(_ text: String) -> Int64? {
        let parts = text.split(whereSeparator: { "-T:Z".contains($0) }).compactMap { Int64($0) }
        guard parts.count == 6, text.hasSuffix("Z") else { return nil }
        let (y, m, d) = (parts[0], parts[1], parts[2])
        // Days from civil (Howard Hinnant's algorithm).
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return days * 86_400 + parts[3] * 3600 + parts[4] * 60 + parts[5]
    }
}
