import Foundation
import Testing
@testable import PlacesKit

/// Inputs the fuzzers found that once crashed `places`. Each must now give an error, not a trap.
@Suite struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions")

    /// A latitude of 10^60 sent number formatting into endless mutual recursion (a stack overflow)
    /// while the error message was being written.
    @Test func hugeCoordinateInTheEditorIsAnError() throws {
        let text = try String(decoding: Data(contentsOf: Self.directory.appendingPathComponent("editor-huge-latitude.txt")), as: UTF8.self)
        #expect(throws: PlaceEditorText.Problems.self) { try PlaceEditorText.parse(text, original: Location.example) }
    }

    @Test(arguments: [1e60, -1e300, 9.1e15, 1e-300, -1e-7, .greatestFiniteMagnitude])
    func formattingAnyFiniteNumberTerminates(value: Double) {
        #expect(!CoordinateFormat.plain(value).isEmpty)
        #expect(!CoordinateFormat.fixed(value, decimals: 4).isEmpty)
        if abs(value) > 90 {
            #expect(throws: LocationValidationError.self) { try Location(name: "A", latitude: value, longitude: 0).validated() }
        }
    }

    /// `<?>`: the end of the processing instruction was found inside its own opening, and the
    /// reader sliced a range whose end came before its start.
    @Test(arguments: ["gpx-empty-processing-instruction.gpx", "kml-empty-processing-instruction.kml"])
    func emptyProcessingInstructionIsAnError(file: String) throws {
        let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(file)))
        #expect(throws: (any Error).self) { try Importer.parse(data: bytes, fileName: file, format: nil) }
        #expect(throws: (any Error).self) { try Importer.parse(data: Array("<?>".utf8), fileName: "x.gpx", format: .gpx) }
    }

    /// A region pack whose place line lost its tab-separated fields: reading its OSM id indexed past
    /// them. Every place of the pack reads, a missing field as empty.
    @Test func regionPackLineWithTooFewFieldsReadsAsEmptyFields() throws {
        let pack = try RegionPack(path: Self.directory.appendingPathComponent("regionpack-short-line.region").path)
        let entries = pack.entries()
        #expect(!entries.isEmpty)
        #expect(entries.allSatisfy { $0.osm != nil })
    }
}
