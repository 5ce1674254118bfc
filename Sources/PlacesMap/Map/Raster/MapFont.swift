import PlacesData

/// The outline font that PNG maps are written in: DejaVu Sans, the font the SVG asks for first, for
/// Latin, Greek, Cyrillic, Hebrew and Arabic, bundled as flattened outlines so text needs no font on
/// the machine; and the Chinese, Japanese and Korean letters the gazetteer's names use, from Droid Sans
/// Fallback, as bitmaps drawn as runs of squares (`Scripts/map/build-font.py` writes both into
/// ``MapFontTable``'s binary table).
///
/// Right-to-left names are laid out and Arabic letters joined before they are drawn (see
/// `MapFont+Shaping.swift`); a name with letters the font lacks is written in Latin instead (see
/// ``drawable(_:)``).
enum MapFont {
    struct Glyph: Equatable {
        /// Advance in 1/256 em.
        let advance: Double
        /// Closed contours, points in 1/256 em, y up from the baseline.
        let contours: [[MapPoint]]
    }

    /// The bundled table; glyphs are decoded from it when drawn, never all at once.
    static let table = MapFontTable(places_map_font())

    /// Whether the font has a glyph for a character.
    static func has(_ scalar: Unicode.Scalar) -> Bool {
        table.index(of: scalar.value) != nil
    }

    static func glyph(for scalar: Unicode.Scalar) -> Glyph {
        table.glyph(scalar.value) ?? table.glyph(0x3F) ?? Glyph(advance: 128, contours: [])  // "?"
    }

    private static func advance(of scalar: Unicode.Scalar) -> Double {
        table.index(of: scalar.value).map(table.advance) ?? table.index(of: 0x3F).map(table.advance) ?? 128
    }

    /// The width of a text at a font size, with extra space between letters.
    static func width(_ text: String, size: Double, letterSpacing: Double = 0) -> Double {
        var total = 0.0
        for scalar in drawingOrder(text) { total += advance(of: scalar) * size / 256 + letterSpacing }
        return total
    }

    /// A text's outlines as canvas polygons, its baseline starting at (x, y), right-to-left runs laid
    /// out from the left as they read.
    /// - Parameter slant: the italic shear, x per unit of height (0.2 for an oblique).
    static func outlines(_ text: String, x: Double, y: Double, size: Double, letterSpacing: Double = 0,
                         slant: Double = 0) -> [[MapPoint]] {
        var polygons: [[MapPoint]] = []
        var pen = x
        let scale = size / 256
        for scalar in drawingOrder(text) {
            let glyph = glyph(for: scalar)
            for contour in glyph.contours {
                polygons.append(contour.map { MapPoint(x: pen + ($0.x + $0.y * slant) * scale, y: y - $0.y * scale) })
            }
            pen += glyph.advance * scale + letterSpacing
        }
        return polygons
    }

    /// A bitmap glyph's squares as contours: `rows` of pixels (top first, each `rows.count` wide) over
    /// the em square from x 0 and y `bottom` (1/256 em). Each run of set pixels in a row is one
    /// rectangle; rectangles never overlap, so the fill rule does not matter.
    static func bitmapContours(_ rows: [[Bool]], bottom: Double) -> [[MapPoint]] {
        let size = rows.count
        guard size > 0 else { return [] }
        let pixel = 256 / Double(size)
        var contours: [[MapPoint]] = []
        for (row, bits) in rows.enumerated() {
            let top = bottom + Double(size - row) * pixel, base = top - pixel
            var column = 0
            while column < bits.count {
                guard bits[column] else { column += 1; continue }
                let start = column
                while column < bits.count, bits[column] { column += 1 }
                let (left, right) = (Double(start) * pixel, Double(column) * pixel)
                contours.append([MapPoint(x: left, y: base), MapPoint(x: right, y: base),
                                 MapPoint(x: right, y: top), MapPoint(x: left, y: top)])
            }
        }
        return contours
    }
}
