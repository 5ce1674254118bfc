import Foundation
import PlacesData
import PlacesTestSupport
import Testing
@testable import PlacesKit
@testable import PlacesMap

/// Reads back what ``PNGWriter`` writes: chunks with their CRCs, the zlib stream's stored blocks and
/// Adler-32, and the unfiltered rows. Stands in for an image library, which the package does not have.
enum PNGReader {
    struct Image { var width: Int, height: Int, rgb: [UInt8] }
    struct Failure: Error, CustomStringConvertible { var description: String }

    static func decode(_ bytes: [UInt8]) throws -> Image {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure(description: "no PNG signature") }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8, width = 0, height = 0, idat: [UInt8] = []
        while offset + 12 <= bytes.count {
            let length = be32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            guard CRC32.checksum(body) == UInt32(be32(offset + 8 + length)) else { throw Failure(description: "bad CRC in \(type)") }
            if type == "IHDR" {
                width = be32(offset + 8); height = be32(offset + 12)
                guard Array(bytes[(offset + 16)..<(offset + 21)]) == [8, 2, 0, 0, 0] else { throw Failure(description: "not 8-bit RGB") }
            }
            if type == "IDAT" { idat += body.dropFirst(4) }
            offset += 12 + length
            if type == "IEND" { break }
        }
        let zlibHeader: Int = Int(idat.first ?? 0) * 256 + Int(idat.count > 1 ? idat[1] : 0)
        guard idat.count > 6, zlibHeader % 31 == 0 else { throw Failure(description: "bad zlib header") }
        var raw: [UInt8] = [], position = 2, last = false
        while !last {
            last = idat[position] & 1 == 1
            guard idat[position] >> 1 == 0 else { throw Failure(description: "not a stored block") }
            let length: Int = Int(idat[position + 1]) + Int(idat[position + 2]) * 256
            let complement: Int = Int(idat[position + 3]) + Int(idat[position + 4]) * 256
            guard length ^ complement == 0xFFFF else { throw Failure(description: "bad stored block length") }
            raw += idat[(position + 5)..<(position + 5 + length)]
            position += 5 + length
        }
        let adler = idat[position..<(position + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard adler == PNGWriter.adler32(raw) else { throw Failure(description: "bad Adler-32") }
        let rowLength: Int = width * 3 + 1
        guard raw.count == rowLength * height else { throw Failure(description: "wrong amount of pixel data") }
        var rgb: [UInt8] = []
        for row in 0..<height {
            let start: Int = row * rowLength
            guard raw[start] == 0 else { throw Failure(description: "unexpected filter") }
            rgb += raw[(start + 1)..<(start + rowLength)]
        }
        return Image(width: width, height: height, rgb: rgb)
    }
}

@Suite struct RasterTests {
    @Test func checksumsMatchTheirStandardValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGWriter.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        // Past 5552 bytes the sums are reduced: a long run must still match the direct definition.
        let long = [UInt8](repeating: 255, count: 20_000)
        var a: UInt64 = 1, b: UInt64 = 0
        for byte in long { a = (a + UInt64(byte)) % 65_521; b = (b + a) % 65_521 }
        #expect(PNGWriter.adler32(long) == UInt32(b << 16 | a))
    }

    @Test func aPNGReadsBackPixelForPixel() throws {
        // Big enough for two stored blocks.
        var canvas = RasterCanvas(width: 300, height: 200, background: RasterColor(red: 10, green: 20, blue: 30))
        canvas.fill([[MapPoint(x: 10, y: 10), MapPoint(x: 110, y: 10), MapPoint(x: 110, y: 60), MapPoint(x: 10, y: 60)]],
                    color: RasterColor(red: 200, green: 100, blue: 50))
        let image = try PNGReader.decode(PNGWriter.encode(width: canvas.width, height: canvas.height, rgb: canvas.pixels))
        #expect(image.width == 300 && image.height == 200)
        #expect(image.rgb == canvas.pixels)
    }

    @Test func edgesAreAntiAliasedByCoverage() {
        var canvas = RasterCanvas(width: 20, height: 20, background: .white)
        // A square from x 5.5 to 14.5: the columns at its sides are half covered.
        canvas.fill([[MapPoint(x: 5.5, y: 5), MapPoint(x: 14.5, y: 5), MapPoint(x: 14.5, y: 15), MapPoint(x: 5.5, y: 15)]], color: .black)
        #expect(canvas.pixel(x: 10, y: 10) == .black)
        #expect(canvas.pixel(x: 2, y: 10) == .white)
        #expect((120...135).contains(canvas.pixel(x: 5, y: 10).red), "half a pixel covered: \(canvas.pixel(x: 5, y: 10))")
        #expect((120...135).contains(canvas.pixel(x: 14, y: 10).red))
        #expect(canvas.pixel(x: 10, y: 4) == .white && canvas.pixel(x: 10, y: 15) == .white)
    }

    @Test func aCircleCoversItsArea() {
        var canvas = RasterCanvas(width: 100, height: 100, background: .white)
        canvas.fill([RasterCanvas.circle(MapPoint(x: 50, y: 50), radius: 20)], color: .black)
        let ink = (0..<10_000).reduce(0.0) { $0 + Double(255 - Int(canvas.pixels[$1 * 3])) / 255 }
        #expect(abs(ink - Double.pi * 400) < 25, "covered \(ink) px²")
    }

    @Test func shapesOffTheCanvasAreClipped() {
        var canvas = RasterCanvas(width: 10, height: 10, background: .white)
        canvas.fill([[MapPoint(x: -50, y: -50), MapPoint(x: 5, y: -50), MapPoint(x: 5, y: 50), MapPoint(x: -50, y: 50)]], color: .black)
        #expect(canvas.pixel(x: 0, y: 0) == .black && canvas.pixel(x: 4, y: 9) == .black && canvas.pixel(x: 5, y: 5) == .white)
        canvas.stroke([[MapPoint(x: -1e6, y: 2), MapPoint(x: 1e6, y: 2)]], closed: false, width: 2, color: .black)
        #expect(canvas.pixel(x: 8, y: 2) == .black)
    }

    @Test func textIsDrawnWithTheBundledFont() {
        #expect(MapFont.table.glyphCount > 300)
        #expect(MapFont.width("Mi", size: 12) > MapFont.width("ii", size: 12))
        var canvas = RasterCanvas(width: 80, height: 24, background: .white)
        canvas.fill(MapFont.outlines("Zürich", x: 4, y: 18, size: 14), color: .black)
        let dark = (0..<(80 * 24)).filter { canvas.pixels[$0 * 3] < 128 }.count
        #expect(dark > 60 && dark < 80 * 24 / 2, "\(dark) dark pixels")
    }

    /// Greek, Cyrillic and CJK letters have glyphs of their own: ink where the letters are, and not the
    /// drawing of as many `?` (the glyph of a letter the font lacks).
    @Test func greekCyrillicAndCJKHaveTheirOwnGlyphs() {
        func drawing(_ text: String) -> [UInt8] {
            var canvas = RasterCanvas(width: 120, height: 24, background: .white)
            canvas.fill(MapFont.outlines(text, x: 4, y: 18, size: 14), color: .black)
            return canvas.pixels
        }
        for text in ["Αθήνα", "Эрмитаж", "東京タワー", "北京", "서울", "ירושלים", "القاهرة", "تهران"] {
            #expect(MapFont.canDraw(text), "\(text) lacks glyphs")
            let pixels = drawing(text)
            let dark = (0..<(120 * 24)).filter { pixels[$0 * 3] < 128 }.count
            #expect(dark > 15 * text.count, "\(text): \(dark) dark pixels")
            #expect(pixels != drawing(String(repeating: "?", count: text.unicodeScalars.count)), "\(text) is drawn as ?")
        }
    }

    /// A Hebrew name is drawn right to left: its last letter leftmost.
    @Test func hebrewRunsRightToLeft() {
        #expect(MapFont.drawingOrder("שלום").map(\.value) == [0x5DD, 0x5D5, 0x5DC, 0x5E9])
        // A number inside stays left to right, and the paragraph reads from the right.
        #expect(String(String.UnicodeScalarView(MapFont.drawingOrder("תל 12"))) == "12 לת")
        // Latin text is untouched, and a Hebrew word inside a Latin name is turned round in place.
        #expect(String(String.UnicodeScalarView(MapFont.drawingOrder("Tel Aviv"))) == "Tel Aviv")
        #expect(String(String.UnicodeScalarView(MapFont.drawingOrder("Yam כנרת"))) == "Yam תרנכ")
    }

    /// Arabic letters take the form their neighbours call for, and lam-alef is one ligature: سلام is
    /// seen (initial), lam-alef (final), meem (isolated: alef never joins the letter after it).
    @Test func arabicLettersJoin() {
        #expect(MapFont.shaped(Array("سلام".unicodeScalars)).map(\.value) == [0xFEB3, 0xFEFC, 0xFEE1])
        #expect(MapFont.drawingOrder("سلام").map(\.value) == [0xFEE1, 0xFEFC, 0xFEB3])
        // بيت: beh initial, yeh medial, teh final.
        #expect(MapFont.shaped(Array("بيت".unicodeScalars)).map(\.value) == [0xFE91, 0xFEF4, 0xFE96])
        // A vowel mark between two letters does not break the join, and is kept.
        #expect(MapFont.shaped(Array("بَت".unicodeScalars)).map(\.value) == [0xFE91, 0x64E, 0xFE96])
        for letter in MapFont.shaped(Array("القاهرة".unicodeScalars)) { #expect(MapFont.has(letter), "U+\(String(letter.value, radix: 16))") }
    }

    /// A bitmap glyph's runs of set pixels become rectangles over the em square.
    @Test func bitmapGlyphsBecomeRectangles() {
        // 4 × 4 pixels of 64 units from y -32: row 0 "1100", row 3 "0011".
        let rows: [[Bool]] = [[true, true, false, false], [false, false, false, false], [false, false, false, false],
                              [false, false, true, true]]
        let contours = MapFont.bitmapContours(rows, bottom: -32)
        #expect(contours.count == 2)
        #expect(contours.first == [MapPoint(x: 0, y: 160), MapPoint(x: 128, y: 160), MapPoint(x: 128, y: 224), MapPoint(x: 0, y: 224)])
        #expect(contours.last == [MapPoint(x: 128, y: -32), MapPoint(x: 256, y: -32), MapPoint(x: 256, y: 32), MapPoint(x: 128, y: 32)])
    }

    /// A damaged font table gives no glyphs rather than wrong ones or a crash.
    @Test func aDamagedFontTableHasNoGlyphs() {
        let table = MapFont.table
        let bytes = UnsafeBufferPointer(start: places_map_font().start, count: places_map_font().count)
        var copy = Array(bytes)
        copy[4] = 99  // an unknown version
        copy.withUnsafeBufferPointer { damaged in
            #expect(MapFontTable(base: damaged.baseAddress!, count: damaged.count).glyphCount == 0)
        }
        // Cut short: the index no longer fits.
        copy = Array(bytes.prefix(64))
        copy.withUnsafeBufferPointer { short in
            #expect(MapFontTable(base: short.baseAddress!, count: short.count).glyphCount == 0)
        }
        #expect(table.glyph(0x41)?.contours.isEmpty == false)
    }

    @Test func theMapPNGIsTheSVGDrawing() throws {
        let options = MapOptions(width: 640)
        let svg = SVGMapRenderer(options: options).render(MapSamples.europe)
        let png = PNGMapRenderer(options: options).render(MapSamples.europe)
        let image = try PNGReader.decode(png)
        let svgHeight = svg.components(separatedBy: "height=\"")[1].prefix { $0 != "\"" }
        #expect(image.width == 640 && "\(image.height)" == svgHeight)
        // Not blank: sea, land, pins and text give many colours.
        var colours = Set<Int>()
        for index in stride(from: 0, to: image.rgb.count, by: 3) {
            colours.insert(Int(image.rgb[index]) << 16 | Int(image.rgb[index + 1]) << 8 | Int(image.rgb[index + 2]))
        }
        #expect(colours.count > 100)
        // The Louvre's pin is drawn in its tag's colour where the SVG puts it.
        let scene = MapScene(locations: MapSamples.europe, options: options, width: 640, height: nil, padding: 36)
        let louvre = scene.viewport.point(latitude: 48.8606, longitude: 2.3376)
        let colour = scene.palette.color(for: MapSamples.europe[1]).hex
        let index = (Int(louvre.y) * image.width + Int(louvre.x)) * 3
        let drawn = String(format: "#%02x%02x%02x", image.rgb[index], image.rgb[index + 1], image.rgb[index + 2])
        #expect(drawn == colour)
    }

    @Test func theRasterizerReadsTheSVGSubset() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><defs><path id="a" d="M0 0h10v10H0z"/></defs>
        <g fill="#ff0000" transform="translate(5 5)"><use xlink:href="#a"/></g>
        <path d="M20 5 L 30 5 L30 15 Z" fill="#0000ff"/><rect x="0" y="20" width="40" height="10" fill="none" stroke="#00ff00" stroke-width="2"/>
        <text x="1" y="1">A &amp; B<title>ignored</title></text></svg>
        """
        let canvas = try #require(SVGRasterizer.rasterize(svg))
        #expect(canvas.width == 40 && canvas.height == 30)
        #expect(canvas.pixel(x: 10, y: 10) == RasterColor(red: 255, green: 0, blue: 0), "a use of a defs path, translated, relative h/v")
        #expect(canvas.pixel(x: 28, y: 7) == RasterColor(red: 0, green: 0, blue: 255))
        #expect(canvas.pixel(x: 20, y: 25) == .white, "fill none")
        #expect(canvas.pixel(x: 20, y: 20).green == 255 && canvas.pixel(x: 20, y: 20).red == 0, "stroke drawn")
    }
}
