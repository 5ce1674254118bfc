import PlacesData
import PlacesGeo

/// The map font's binary table, `map-font.bin`, written by `Scripts/map/build-font.py` (which describes
/// the layout): a header, an index of glyphs by code point with their advances, the Arabic letters'
/// joining forms, and each glyph's outline or bitmap as a ``BitStream``.
///
/// Every read is checked against the table's bytes, so damaged data costs glyphs, never a crash: a
/// header that does not fit gives a table of no glyphs, and a glyph whose stream goes wrong is empty.
struct MapFontTable: @unchecked Sendable {
    static let magic: [UInt8] = Array("PMFT".utf8)
    static let version: UInt8 = 2
    static let headerBytes = 16
    /// Outline coordinates are stored plus this, so that every one is positive.
    static let pointShift = 512

    /// The presentation forms of one Arabic letter (or lam-alef pair); 0 where the font has none.
    struct Forms: Equatable {
        var isolated: UInt32, final: UInt32, initial: UInt32, medial: UInt32
    }

    /// How many glyphs the table holds (0 when its header did not read).
    let glyphCount: Int
    private let formCount: Int
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let bitmapSize: Int, bitmapBottom: Int, pointBits: Int
    private let formsStart: Int, streamsStart: Int

    init(_ table: PlacesTableBytes) {
        self.init(base: table.start, count: table.count)
    }

    /// The table in `count` bytes at `base`; a header that disagrees with the size leaves it empty.
    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        func u32(_ at: Int) -> Int { Int(UInt32(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self))) }
        var glyphs = 0, forms = 0
        if count >= Self.headerBytes, (0..<4).allSatisfy({ base[$0] == Self.magic[$0] }), base[4] == Self.version {
            glyphs = u32(8)
            forms = u32(12)
        }
        let formsStart = Self.headerBytes + 8 * glyphs + 4
        let streamsStart = formsStart + 12 * forms
        let size = count >= Self.headerBytes ? Int(base[5]) : 0, bits = count >= Self.headerBytes ? Int(base[7]) : 0
        let fits = glyphs > 0 && glyphs < 1 << 21 && forms < 1 << 16 && streamsStart <= count
            && (1...64).contains(size) && (4...16).contains(bits)
        glyphCount = fits ? glyphs : 0
        formCount = fits ? forms : 0
        bitmapSize = size
        bitmapBottom = count >= Self.headerBytes ? Int(Int8(bitPattern: base[6])) : 0
        pointBits = bits
        self.formsStart = formsStart
        self.streamsStart = streamsStart
    }

    private func u32(_ at: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self))
    }

    private func u16(_ at: Int) -> UInt32 {
        UInt32(base[at]) | UInt32(base[at + 1]) << 8
    }

    private func codePoint(at index: Int) -> UInt32 { u32(Self.headerBytes + 8 * index) & 0x1F_FFFF }

    /// The index of a code point's glyph, `nil` when the font has none.
    /// - Complexity: O(log n), a binary search of the index.
    func index(of code: UInt32) -> Int? {
        let low = (0..<glyphCount).partitionPoint { codePoint(at: $0) < code }
        return low < glyphCount && codePoint(at: low) == code ? low : nil
    }

    /// A glyph's advance in 1/256 em.
    func advance(_ index: Int) -> Double { Double(u32(Self.headerBytes + 8 * index) >> 21) }

    /// A code point's glyph, `nil` when the font has none; a glyph whose bytes are damaged is empty.
    func glyph(_ code: UInt32) -> MapFont.Glyph? {
        guard let index = index(of: code) else { return nil }
        let entry = u32(Self.headerBytes + 8 * index + 4)
        let start = streamsStart + Int(entry & 0x7FFF_FFFF)
        let end = streamsStart + Int(index + 1 < glyphCount ? u32(Self.headerBytes + 8 * (index + 1) + 4) & 0x7FFF_FFFF
                                                            : u32(Self.headerBytes + 8 * glyphCount))
        guard start <= end, end <= count else { return MapFont.Glyph(advance: advance(index), contours: []) }
        var bits = BitStream(base: base + start, count: end - start)
        let contours = entry >> 31 == 1 ? bitmap(&bits) : outline(&bits)
        return MapFont.Glyph(advance: advance(index), contours: contours)
    }

    private func outline(_ bits: inout BitStream) -> [[MapPoint]] {
        guard let count = bits.read(8) else { return [] }
        var contours: [[MapPoint]] = []
        for _ in 0..<count {
            guard let points = bits.points(origin: (0, 0), pointBits: pointBits, minimumCount: 3, maximumCount: 1 << 12)
            else { return [] }
            contours.append(zip(points.xs, points.ys).map {
                MapPoint(x: Double($0 - Self.pointShift), y: Double($1 - Self.pointShift))
            })
        }
        return contours
    }

    /// Alternating runs of clear and set pixels, Rice coded, rows top first, each row stored XOR the
    /// row above it (undone here, top down).
    private func bitmap(_ bits: inout BitStream) -> [[MapPoint]] {
        let size = bitmapSize, total = size * size
        guard let k = bits.read(5) else { return [] }
        var pixels = [Bool](repeating: false, count: total)
        var at = 0, set = false
        while at < total {
            guard let run = bits.rice(k), run <= total - at else { return [] }
            if set { for i in at..<(at + run) { pixels[i] = true } }
            at += run
            set.toggle()
        }
        for i in size..<total where pixels[i - size] { pixels[i].toggle() }
        let rows = (0..<size).map { Array(pixels[($0 * size)..<(($0 + 1) * size)]) }
        return MapFont.bitmapContours(rows, bottom: Double(bitmapBottom))
    }

    /// The joining forms of every Arabic letter and lam-alef pair the font draws, keyed by the letter
    /// (or `first << 32 | second` for a pair).
    func joiningForms() -> [UInt64: Forms] {
        var forms: [UInt64: Forms] = [:]
        for index in 0..<formCount {
            let at = formsStart + 12 * index
            let key = UInt64(u16(at)) << 32 | UInt64(u16(at + 2))
            forms[u16(at + 2) == 0 ? UInt64(u16(at)) : key] =
                Forms(isolated: u16(at + 4), final: u16(at + 6), initial: u16(at + 8), medial: u16(at + 10))
        }
        return forms
    }
}
