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
        let found = rings(ofLineAt: line).map { ring in
            (longitudes: ring.xs.map(PackedGeometry.longitude), latitudes: ring.ys.map(PackedGeometry.latitude))
        }
        return found.isEmpty ? nil : found
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
        return (found.code, rings(ofLineAt: found.line).map { ring in
            (longitudes: ring.xs.map(PackedGeometry.longitude), latitudes: ring.ys.map(PackedGeometry.latitude))
        })
    }
}
