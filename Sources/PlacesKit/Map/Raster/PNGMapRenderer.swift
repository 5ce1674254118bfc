/// Draws places as a PNG image, for chat apps and documents that do not take SVG: the SVG map,
/// painted by ``SVGRasterizer`` with the bundled font and written by ``PNGWriter``. Nothing outside
/// `places` is needed.
public struct PNGMapRenderer: Sendable {
    /// Size, labels, title and filter, as for the SVG map.
    public var options: MapOptions

    /// Creates a renderer.
    public init(options: MapOptions = MapOptions()) {
        self.options = options
    }

    /// The image, already painted, for callers that look at pixels.
    public func canvas(_ locations: [Location]) -> RasterCanvas {
        let svg = SVGMapRenderer(options: options).render(locations)
        // The SVG renderer always writes its size; a missing one would be a bug in it.
        return SVGRasterizer.rasterize(svg) ?? RasterCanvas(width: 1, height: 1)
    }

    /// The PNG file's bytes.
    public func render(_ locations: [Location]) -> [UInt8] {
        let image = canvas(locations)
        return PNGWriter.encode(width: image.width, height: image.height, rgb: image.pixels)
    }
}
