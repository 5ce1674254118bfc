import Foundation
import Testing
@testable import PlacesKit
@testable import PlacesMap

/// The interactive page's document: self-contained, licences present, every user string only in
/// the JSON block and read back exactly. The page's behaviour in a browser is checked by
/// `MapPageBrowserTests` (PlacesCLITests), which drives headless Chromium.
@Suite struct HTMLMapPageTests {
    /// The text of `<script type="application/json" id="ID">…</script>`, parsed.
    static func jsonBlock(_ html: String, id: String) throws -> Any {
        let opening = "<script type=\"application/json\" id=\"\(id)\">"
        let start = try #require(html.range(of: opening))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
    }

    static func places(_ html: String) throws -> [[String: Any]] {
        let data = try #require(try jsonBlock(html, id: "places-data") as? [String: Any])
        return try #require(data["places"] as? [[String: Any]])
    }

    @Test func pageIsSelfContainedWithItsLicences() throws {
        let html = HTMLMapPage().render(MapSamples.europe)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // Nothing is loaded from anywhere: no external scripts, style sheets, images or source maps.
        for forbidden in ["<link", " src=", "@import", "url(http", "url(images", "<img", "sourceMappingURL", "<iframe"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        // Leaflet and the cluster plugin are inside, each with its notice.
        #expect(html.contains("L.markerClusterGroup") || html.contains("MarkerClusterGroup="))
        #expect(html.contains("Copyright (c) 2010-2019, Vladimir Agafonkin"))
        #expect(html.contains("Redistributions in binary form must reproduce the above copyright"))
        #expect(html.contains("Copyright 2012-2017 David Leaver"))
        #expect(html.contains("Permission is hereby granted, free of charge"))
        // The tile layer is in the page but not switched on: only its template and attribution.
        #expect(html.contains("https://tile.openstreetmap.org/{z}/{x}/{y}.png"))
        #expect(html.contains("OpenStreetMap</a> contributors"))
        // Six script elements: three JSON blocks (places, outlines, the name folding), Leaflet, the plugin, the page's own.
        #expect(html.components(separatedBy: "<script").count - 1 == 6)
        #expect(html.components(separatedBy: "</script>").count - 1 == 6)
    }

    @Test func everyPopupFieldIsInTheData() throws {
        let html = HTMLMapPage().render(MapSamples.europe)
        let places = try Self.places(html)
        #expect(places.count == MapSamples.europe.count)
        // Sorted by name for the side list.
        #expect(places.compactMap { $0["name"] as? String }.first == "Alhambra")
        let louvre = try #require(places.first { $0["name"] as? String == "Louvre" })
        #expect(louvre["visited"] as? String == Timestamp.day(MapSamples.day))
        #expect(louvre["tags"] as? [String] == ["museums"])
        #expect(louvre["coordinates"] as? String == "48.8606, 2.3376")
        #expect(louvre["lat"] as? Double == 48.8606 && louvre["lon"] as? Double == 2.3376)
        let expected = HTMLMapData.providers.map { ShareLink.url(for: MapSamples.europe[1], provider: $0) }
        #expect(louvre["links"] as? [String] == expected)
        let sagrada = try #require(places.first { $0["name"] as? String == "Sagrada Família" })
        #expect(sagrada["visited"] is NSNull, "want to go has no date")
        // The tag list carries every tag with its count; coloured tags name their palette slot.
        let data = try #require(try Self.jsonBlock(html, id: "places-data") as? [String: Any])
        let tags = try #require(data["tags"] as? [[String: Any]])
        #expect(tags.first?["tag"] as? String == "sights" && tags.first?["count"] as? Int == 4)
        #expect(Set(tags.compactMap { $0["tag"] as? String }) == ["sights", "museums", "london", "food", "nature"])
    }

    @Test(arguments: [
        "</script><script>alert(1)</script>",
        "<!-- a comment -->",
        "Quote \" and apostrophe ' and backslash \\",
        "שלום עולם",
        "مرحبا <b>bold</b> & more",
        "Line\nbreak\u{2028}and\u{2029}separators\u{0}null",
    ])
    func hostileTextStaysData(_ text: String) throws {
        let place = Location(id: UUID(), name: text, description: text, latitude: 10, longitude: 20,
                             tags: [text])
        let html = HTMLMapPage().render([place])
        // The markup cannot be broken out of: no user "<" reaches the document raw.
        #expect(!html.contains("<script>alert") && !html.contains("<!-- a comment") && !html.contains("<b>bold"))
        #expect(html.components(separatedBy: "</script>").count - 1 == 6)
        let read = try #require(try Self.places(html).first)
        #expect(read["name"] as? String == text)
        #expect(read["description"] as? String == text)
        #expect(read["tags"] as? [String] == [text])
    }

    @Test func scriptSafeEscapingKeepsTheValue() throws {
        let json = JSONText.quoted("a</script>&<!--b")
        let safe = HTMLMapData.scriptSafe(json)
        #expect(safe == "\"a\\u003c/script\\u003e\\u0026\\u003c!--b\"")
        let back = try JSONSerialization.jsonObject(with: Data("[\(safe)]".utf8)) as? [String]
        #expect(back == ["a</script>&<!--b"])
    }

    @Test func filterAndTitleComeFromTheOptions() throws {
        let options = MapOptions(filter: MapFilter(tags: ["museums"]))
        let html = HTMLMapPage(options: options).render(MapSamples.europe)
        let names = try Self.places(html).compactMap { $0["name"] as? String }
        #expect(names == ["Louvre", "Rijksmuseum"])
        let data = try #require(try Self.jsonBlock(html, id: "places-data") as? [String: Any])
        #expect(data["title"] as? String == "2 places")
        #expect(data["summary"] as? String == "tag museums")
        #expect(data["around"] == nil)
    }

    @Test func namesBesideThePinsOnlyForSmallMapsWithLabels() throws {
        func labels(_ places: [Location], _ options: MapOptions = MapOptions()) throws -> Bool? {
            let data = try #require(try Self.jsonBlock(HTMLMapPage(options: options).render(places), id: "places-data") as? [String: Any])
            return data["labels"] as? Bool
        }
        #expect(try labels(MapSamples.europe) == true)
        #expect(try labels(MapSamples.europe, MapOptions(showsLabels: false)) == false)
        let many = (0...HTMLMapData.maximumLabelledPlaces).map { MapSamples.place($0, "P\($0)", Double($0) / 10, 0) }
        #expect(try labels(many) == false)
        #expect(try labels(Array(many.dropLast())) == true)
    }

    @Test func viewCrossesTheAntimeridianLikeTheSVGMap() throws {
        let html = HTMLMapPage().render([MapSamples.fiji, MapSamples.samoa])
        let data = try #require(try Self.jsonBlock(html, id: "places-data") as? [String: Any])
        let view = try #require(data["view"] as? [String: Any])
        let west = try #require(view["west"] as? Double), east = try #require(view["east"] as? Double)
        // One narrow window containing 180°, not the whole world.
        #expect(west < 178.44 && east > 180 && east - west < 60, "\(west)…\(east)")
    }

    @Test func aroundDrawsTheCircle() throws {
        let filter = MapFilter(around: MapCoordinate(latitude: 48.85, longitude: 2.35), radiusKm: 20)
        let html = HTMLMapPage(options: MapOptions(filter: filter)).render(MapSamples.europe)
        let data = try #require(try Self.jsonBlock(html, id: "places-data") as? [String: Any])
        let around = try #require(data["around"] as? [String: Any])
        #expect(around["radiusKm"] as? Double == 20 && around["lat"] as? Double == 48.85)
        #expect(try Self.places(html).compactMap { $0["name"] as? String } == ["Louvre"])
    }

    @Test func outlinesAreTheBundledWorldAndTheViewsFinerScale() throws {
        let world = HTMLMapPage().render([])
        let outlines = try #require(try Self.jsonBlock(world, id: "places-outlines") as? [String: Any])
        let layer = try #require(outlines["world"] as? [String: [[Double]]])
        let land = MapOutlines.allShapes(scale: .small).filter { $0.kind == .land }
        #expect(layer["land"]?.count == land.count)
        let first = try #require(land.first)
        #expect(layer["land"]?.first?.count == first.longitudes.count * 2)
        #expect(abs((layer["land"]?.first?[0] ?? 0) - first.longitudes[0]) < 1e-4)
        #expect(abs((layer["land"]?.first?[1] ?? 0) - first.latitudes[0]) < 1e-4)
        #expect((layer["lines"]?.count ?? 0) > 100)
        #expect(outlines["detail"] == nil, "an empty world map needs no finer layer")
        #expect(try Self.places(world).isEmpty)

        // A map of Malta carries the 1:10m coasts of Malta and Gozo around the pin.
        let malta = MapSamples.place(90, "Mdina", 35.886, 14.403)
        let page = HTMLMapPage().render([malta])
        let detailed = try #require(try Self.jsonBlock(page, id: "places-outlines") as? [String: Any])
        let detail = try #require(detailed["detail"] as? [String: [[Double]]])
        let box = try #require(detailed["detailBox"] as? [Double])
        #expect(box[0] < 14.2 && box[2] > 14.6 && box[1] < 35.8 && box[3] > 36.1)
        let maltaLand = (detail["land"] ?? []).filter { ring in
            stride(from: 0, to: ring.count - 1, by: 2).contains { abs(ring[$0] - 14.4) < 0.3 && abs(ring[$0 + 1] - 35.9) < 0.2 }
        }
        #expect(!maltaLand.isEmpty)
    }
}
