@testable import PlacesKit
import Testing

/// XML extracts that are not well-formed are refused with the line, the column and the byte offset of the
/// fault, and the offset points at the very byte the line and column name.
@Suite struct OSMXMLErrorTests {
    struct Counter: OSMHandler {
        var nodes = 0
        mutating func header(_ header: OSMHeader) throws {}
        mutating func node(_ node: OSMNode) throws { nodes += 1 }
        mutating func way(_ way: OSMWay) throws {}
        mutating func relation(_ relation: OSMRelation) throws {}
        mutating func progress(bytesRead: Int) {}
    }

    static func failure(_ text: String) throws -> OSMReadError {
        var counter = Counter()
        do {
            try OSMXMLReader(path: "bad.osm").read(Array(text.utf8), into: &counter)
        } catch let error as OSMReadError {
            return error
        }
        Issue.record("\(text) was read")
        throw OSMReadError(path: "", offset: nil, reason: "read")
    }

    @Test func aNotWellFormedFileGivesLineColumnAndTheirByteOffset() throws {
        // "é" is two bytes: the column counts it once, the offset twice.
        let text = "<?xml version='1.0'?>\n<osm version=\"0.6\">\n <node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"é\" v=\"x\"/></node>\n <node id=\"2\" lat=\"1\" lon=\"1\">\n</osm>\n"
        let error = try Self.failure(text)
        let position = try #require(error.position)
        let offset = try #require(error.offset)
        #expect(TextPosition.of(offset: offset, in: Array(text.utf8)) == position)
        #expect(error.description.contains("line \(position.line), column \(position.column) (byte \(offset))"), "\(error)")
    }

    @Test func theOffsetOfEveryLineAndColumnRoundTrips() {
        let bytes = Array("ab\ncé d\n\nxyz".utf8)
        for offset in bytes.indices where bytes[offset] & 0xC0 != 0x80 {
            #expect(TextPosition.of(offset: offset, in: bytes).offset(in: bytes) == offset, "\(offset)")
        }
    }
}
