import Foundation
import Testing

@testable import PlacesGeo
@testable import PlacesKit

/// The features a region add keeps in a temporary file come back whole, in order and out of order, after
/// they outgrow the store's memory buffer and go to the file.
@Suite struct RegionFeatureStoreTests {
    /// Every field of a feature, to compare two.
    static func fields(_ f: RegionCompiler.Feature) -> String {
        let box = f.bounds.map { "\($0.minLat),\($0.minLon),\($0.maxLat),\($0.maxLon)" } ?? "-"
        return [f.osmID, f.names.joined(separator: "|"), f.kind.rawValue, f.kindWord, f.kindTag, "\(f.latitude7),\(f.longitude7)",
                f.street, f.houseNumber, f.postcode, f.city, String(f.population), box, "\(f.length)", f.locality, f.country,
                f.admin1, f.admin2].joined(separator: "\t")
    }

    static func feature(_ i: Int) -> RegionCompiler.Feature {
        var f = RegionCompiler.Feature(osmID: "w\(i)", names: (0..<(i % 4)).map { "Café \(i) n°\($0) " + String(repeating: "é", count: i % 37) },
                                       kind: i % 3 == 0 ? .address : .poi, kindWord: i % 3 == 0 ? "address" : "café",
                                       kindTag: i % 3 == 0 ? "" : "amenity=cafe", latitude7: Int32(i * 7919 % 1_800_000_000) - 900_000_000,
                                       longitude7: -Int32(i * 104_729 % 1_800_000_000))
        f.street = i % 2 == 0 ? "Boulevard des Moulins" : ""
        f.houseNumber = i % 2 == 0 ? String(i % 200) : ""
        f.postcode = i % 5 == 0 ? "98000" : ""
        f.population = i % 11 == 0 ? -i : i * 1000
        f.bounds = i % 4 == 0 ? RegionCompiler.Box(minLat: Int32(-i), minLon: Int32.min, maxLat: Int32.max, maxLon: Int32(i)) : nil
        f.length = Double(i) / 7
        f.locality = "Monaco"; f.country = "MC"; f.admin1 = i % 6 == 0 ? "" : "00"
        return f
    }

    @Test func featuresPastTheMemoryBufferReadBackWhole() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("region-features-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = RegionFeatureStore(directory: directory.path)
        let count = 40_000
        for i in 0..<count { try store.append(Self.feature(i)) }
        #expect(store.count == count)
        // Over 1 MB of records: most of them went to the file.
        let scratch = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(scratch.isEmpty, "the file has no name: \(scratch)")
        for i in 0..<count { #expect(Self.fields(try store.feature(i)) == Self.fields(Self.feature(i)), "feature \(i)") }
        for i in [count - 1, 0, 12_345, count / 2, 1, count - 2, 7] {
            #expect(Self.fields(try store.feature(i)) == Self.fields(Self.feature(i)), "feature \(i) out of order")
        }
        store.removeAll()
        #expect(store.isEmpty)
        try store.append(Self.feature(3))
        #expect(Self.fields(try store.feature(0)) == Self.fields(Self.feature(3)))
    }
}
