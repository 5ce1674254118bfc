import PlacesData

/// The outline font that PNG maps are written in: DejaVu Sans, the font the SVG asks for first, for
/// Latin, Greek and Cyrillic, bundled as flattened outlines so text needs no font on the machine; and
/// the Chinese, Japanese and Korean letters the gazetteer's names use, from Droid Sans Fallback, as
/// bitmaps drawn as runs of squares (`Scripts/map/build-font.py` writes both).
///
/// A name with other letters (Hebrew, Arabic: right to left, joined) is written in Latin instead; see
/// ``drawable(_:)``.
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
    /// `codepoint advance contour|contour`, points `x,y` in 1/256 em, y up; or, for a bitmap glyph,
    /// `codepoint advance =SIZE,BOTTOM,HEX` (see ``bitmapContours(_:)``).
    static func parse(_ table: SortedTable) -> [UInt32: Glyph] {
        var result: [UInt32: Glyph] = [:]
        let string = String(decoding: table.bytes, as: UTF8.self)
        for line in string.split(separator: "\n") {
            let head = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard head.count >= 2, let code = UInt32(head[0]), let advance = Double(head[1]) else { continue }
            var contours: [[MapPoint]] = []
            if head.count == 3, head[2].hasPrefix("=") {
                contours = bitmapContours(head[2].dropFirst())
            } else if head.count == 3 {
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

    /// A bitmap glyph's squares as contours: `SIZE,BOTTOM,HEX` is a SIZE × SIZE bitmap over the em
    /// square from x 0 and y BOTTOM (1/256 em), rows top first, each ceil(SIZE / 4) hex digits with the
    /// leftmost pixel in the highest bit. Each run of set pixels in a row is one rectangle; rectangles
    /// never overlap, so the fill rule does not matter. Empty for a malformed bitmap.
    static func bitmapContours(_ text: Substring) -> [[MapPoint]] {
        let parts = text.split(separator: ",")
        guard parts.count == 3, let size = Int(parts[0]), size > 0, size <= 64, let bottom = Double(parts[1]) else { return [] }
        let digits = (size + 3) / 4
        let hex = Array(parts[2].utf8)
        guard hex.count == digits * size else { return [] }
        let pixel = 256 / Double(size)
        var contours: [[MapPoint]] = []
        for row in 0..<size {
            guard let bits = UInt64(String(decoding: hex[row * digits..<(row + 1) * digits], as: UTF8.self), radix: 16) else { return [] }
            let top = bottom + Double(size - row) * pixel, base = top - pixel
            var column = 0
            while column < size {
                guard bits >> UInt64(digits * 4 - 1 - column) & 1 == 1 else { column += 1; continue }
                let start = column
                while column < size, bits >> UInt64(digits * 4 - 1 - column) & 1 == 1 { column += 1 }
                let (left, right) = (Double(start) * pixel, Double(column) * pixel)
                contours.append([MapPoint(x: left, y: base), MapPoint(x: right, y: base),
                                 MapPoint(x: right, y: top), MapPoint(x: left, y: top)])
            }
        }
        return contours
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
