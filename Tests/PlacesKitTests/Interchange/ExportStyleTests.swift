import Foundation
import PlacesKit
import Testing

/// Colours and symbols in exports: visited and want-to-go and tag colours survive in Google Earth,
/// geojson.io and GPS apps; importing the file gives back the places without them.
@Suite struct ExportStyleTests {
    static let places = InterchangeFixtures.places
    static let style = ExportStyle(places: places)

    @Test func geoJSONCarriesSimplestyleProperties() throws {
        let text = GeoJSONExporter.export(Self.places)
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let features = try #require(document?["features"] as? [[String: Any]])
        #expect(features.count == Self.places.count)
        for (feature, place) in zip(features, Self.places) {
            let properties = try #require(feature["properties"] as? [String: Any])
            let color = try #require(properties["marker-color"] as? String)
            #expect(color == Self.style.color(for: place))
            #expect(color.count == 7 && color.hasPrefix("#"))
            #expect(properties["marker-symbol"] as? String == (place.isVisited ? "circle" : "circle-stroked"))
            #expect(["small", "medium", "large"].contains(properties["marker-size"] as? String ?? ""))
        }
        // Tagged places take their tag's colour, as on the map; an untagged one the map's grey.
        let untagged = try #require(Self.places.firstIndex { $0.tags.isEmpty })
        #expect((features[untagged]["properties"] as? [String: Any])?["marker-color"] as? String == TagPalette.other.hex)
    }

    @Test func kmlHasAStyleForEveryStyleURL() throws {
        let text = KMLExporter.export(Self.places)
        let urls = text.components(separatedBy: "<styleUrl>#").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(urls.count == Self.places.count)
        for url in urls { #expect(text.contains("<Style id=\"\(url)\">"), "no Style for \(url)") }
        let visited = try #require(Self.places.firstIndex { $0.isVisited })
        #expect(urls[visited].hasPrefix("visited-"))
        #expect(urls.contains { $0.hasPrefix("want-") })
        // KML colours are aabbggrr: #3b6ea5 becomes ffa56e3b.
        #expect(ExportStyle.kmlColor("#3b6ea5") == "ffa56e3b")
        // styleUrl comes after TimeStamp and before ExtendedData, as the KML 2.2 schema orders them.
        let first = try #require(text.components(separatedBy: "</Placemark>").first)
        let order = ["<TimeStamp>", "<styleUrl>", "<ExtendedData>"].compactMap { first.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
    }

    @Test func gpxHasASymbolInSchemaOrder() throws {
        let text = GPXExporter.export(Self.places)
        #expect(text.components(separatedBy: "<sym>").count - 1 == Self.places.count)
        #expect(text.contains("<sym>Flag, Green</sym>") && text.contains("<sym>Flag, Blue</sym>"))
        let first = try #require(text.split(separator: "</wpt>").first)
        let order = ["<name>", "<desc>", "<sym>", "<type>", "<extensions>"].compactMap { first.range(of: $0)?.lowerBound }
        #expect(order.count == 5 && order == order.sorted())
    }

    @Test(arguments: [InterchangeFormat.geojson, .kml, .gpx])
    func importingIgnoresTheStyles(format: InterchangeFormat) throws {
        let text = try Exporter.export(Self.places, as: format)
        #expect(text.contains("marker-color") || text.contains("<styleUrl>") || text.contains("<sym>"))
        let file = try Importer.parse(data: Array(text.utf8), fileName: "styled.\(format.fileExtension)")
        #expect(file.skipped.isEmpty)
        for (read, original) in zip(file.places.map(\.location), InterchangeFixtures.placesAsImported) {
            #expect(read.tags == original.tags, "a colour or symbol never becomes a tag")
            #expect(read.description == original.description)
            #expect(read.name == original.name)
        }
    }
}
