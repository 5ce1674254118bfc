extension FeatureIndex {
    /// The rings of the smallest lake or reservoir that holds a point, in degrees, or `nil` when no
    /// bundled lake does. Maps draw a named lake from these when their own outlines lack it.
    public func lakeRings(latitude: Double, longitude: Double) -> [(longitudes: [Double], latitudes: [Double])]? {
        var best: (line: Int, size: Double)?
        forEachFeature(containing: latitude, longitude) { kind, _, _, box, line in
            guard kind == "lake" || kind == "reservoir", box.squareDegrees < (best?.size ?? .infinity) else { return }
            best = (line, box.squareDegrees)
        }
        guard let line = best?.line else { return nil }
        let rings = rings(ofLineAt: line)
        return rings.isEmpty ? nil : rings
    }

    /// The first-level region whose outline holds a point, where Natural Earth draws one (United States,
    /// Canada, Brazil, Australia): its GeoNames code (`US.CA`) and rings in degrees; `nil` elsewhere.
    /// The scratch map fills the regions visited from these.
    public func admin1Outline(latitude: Double, longitude: Double) -> (code: String, rings: [(longitudes: [Double], latitudes: [Double])])? {
        var found: (code: String, line: Int)?
        forEachFeature(containing: latitude, longitude, kind: "admin1") { _, _, extra, _, line in
            if found == nil { found = (extra, line) }
        }
        guard let found else { return nil }
        return (found.code, rings(ofLineAt: found.line))
    }

    /// The rings (of at least three points) of the feature on the line at `line`, in degrees.
    private func rings(ofLineAt line: Int) -> [(longitudes: [Double], latitudes: [Double])] {
        var rings: [(longitudes: [Double], latitudes: [Double])] = []
        let end = features.nextLine(after: line) - 1
        var start = features.field(4, ofLineAt: line)
        while start < end {
            var stop = start
            while stop < end, features.base[stop] != 32 { stop += 1 }
            var longitudes: [Double] = [], latitudes: [Double] = []
            var p = features.base + start
            for _ in 0..<(stop - start) / 8 {
                longitudes.append(PackedGeometry.longitude(PackedGeometry.value(p, width: 4)))
                latitudes.append(PackedGeometry.latitude(PackedGeometry.value(p + 4, width: 4)))
                p += 8
            }
            if longitudes.count >= 3 { rings.append((longitudes, latitudes)) }
            start = stop + 1
        }
        return rings
    }
}
