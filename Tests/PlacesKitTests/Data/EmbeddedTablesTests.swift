import Foundation
import PlacesData
import Testing

@testable import PlacesKit
@testable import PlacesMap

/// The tables in the binary are the files in `Sources/PlacesData/Tables`, byte for byte: the build does not
/// see `.incbin`'s files, so a generator that forgot to refresh `TablesDigest.h` would leave stale data in
/// an incremental build, and this suite says so.
@Suite struct EmbeddedTablesTests {
    static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Data, PlacesKitTests, Tests
        return url.appendingPathComponent("Sources/PlacesData")
    }()

    /// The table files `PlacesTables.def` lists, in its order.
    static let listed: [String] = {
        let text = (try? String(contentsOf: folder.appendingPathComponent("include/PlacesTables.def"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("PLACES_TABLE("), let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""),
                  open < close else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }()

    @Test func everyTableFileIsListedOnce() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("Tables").path)
        #expect(Self.listed.count > 20)
        #expect(Set(Self.listed).count == Self.listed.count, "a table is listed twice")
        #expect(Set(files) == Set(Self.listed), "Tables/ and PlacesTables.def disagree")
    }

    @Test(arguments: listed) func embeddedBytesAreTheFile(file: String) throws {
        let onDisk = try Data(contentsOf: Self.folder.appendingPathComponent("Tables/\(file)"))
        let table = places_table_named(file)
        #expect(table.count == onDisk.count, "\(file): \(table.count) bytes embedded, \(onDisk.count) in the file; run python3 Scripts/tables.py and build again")
        let same = onDisk.withUnsafeBytes { disk in
            table.count == disk.count && (disk.count == 0 || memcmp(table.start, disk.baseAddress!, disk.count) == 0)
        }
        #expect(same, "\(file): the embedded bytes are not the file's")
    }

    @Test func digestMatchesTheTables() throws {
        // The digest is what makes the build reassemble the tables; one that lags behind the files hides a change.
        let python = try ExternalTool.require("python3")
        let root = Self.folder.deletingLastPathComponent().deletingLastPathComponent()
        let result = try ExternalTool.run(python, [root.appendingPathComponent("Scripts/tables.py").path, "--check"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func outlineTablesHaveTheirTileSizes() {
        for (table, tile) in [(OutlineData.scale110m, 180), (OutlineData.scale50m, 10), (OutlineData.scale10m, 2)] {
            // A header that disagrees with the tile size leaves a table of no tiles.
            #expect(table.tileDegrees == tile && table.columns == 360 / tile && table.rows == (180 + tile - 1) / tile,
                    "tiles of \(tile)°: \(table.columns) × \(table.rows)")
        }
    }
}
