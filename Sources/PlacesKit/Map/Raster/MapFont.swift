import PlacesData

/// The outline font that PNG maps are written in: DejaVu Sans, the font the SVG asks for first,
/// bundled as flattened outlines (``data``) so text needs no font on the machine.
///
/// Characters it lacks are drawn as their base letter where one exists (`ő` as `o` is not needed:
/// Latin Extended-A is bundled; a Greek or CJK name falls back to `?` boxes of the right width).
enum MapFont {
    struct Glyph {
        /// Advance in 1/256 em.
        let advance: Double
        /// Closed contours, points in 1/256 em, y up from the baseline.
        let contours: [[MapPoint]]
    }

    /// Every bundled glyph by code point, parsed on first use.
    static let glyphs: [UInt32: Glyph] = parse(SortedTable(places_map_font()))

    /// Glyphs from the table `Scripts/map/build-font.py` writes: one a line,
    /// `codepoint advance contour|contour`, points `x,y` in 1/256 em, y up.
    static func parse(_ table: SortedTable) -> [UInt32: Glyph] {
        var result: [UInt32: Glyph] = [:]
        let string = String(decoding: table.bytes, as: UTF8.self)
        for line in string.split(separator: "\n") {
            let head = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard head.count >= 2, let code = UInt32(head[0]), let advance = Double(head[1]) else { continue }
            var contours: [[MapPoint]] = []
            if head.count == 3 {
                for contour in head[2].split(separator: "|") {
                    contours.append(contour.split(separator: " ").compactMap { pair in
                        let xy = pair.split(separator: ",")
                        guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]) else { return nil }
                        return MapPoint(x: x, y: y)
                    })
                }
            }
            result[code] = Glyph(advance: advance, contours: contours)
        }
        return result
    }

    static func glyph(for scalar: Unicode.Scalar) -> Glyph {
        glyphs[scalar.value] ?? glyphs[0x3F]!  // "?"
    }

    /// The width of a text at a font size, with extra space between letters.
    static func width(_ text: String, size: Double, letterSpacing: Double = 0) -> Double {
        var total = 0.0
        for scalar in text.unicodeScalars { total += glyph(for: scalar).advance * size / 256 + letterSpacing }
        return total
    }

    /// A text's outlines as canvas polygons, its baseline starting at (x, y).
    /// - Parameter slant: the italic shear, x per unit of height (0.2 for an oblique).
    static func outlines(_ text: String, x: Double, y: Double, size: Double, letterSpacing: Double = 0,
                         slant: Double = 0) -> [[MapPoint]] {
        var polygons: [[MapPoint]] = []
        var pen = x
        let scale = size / 256
        for scalar in text.unicodeScalars {
            let glyph = glyph(for: scalar)
            for contour in glyph.contours {
                polygons.append(contour.map { MapPoint(x: pen + ($0.x + $0.y * slant) * scale, y: y - $0.y * scale) })
            }
            pen += glyph.advance * scale + letterSpacing
        }
        return polygons
    }
}
