/// The country outlines bundled with the program, for drawing maps without a tile server.
///
/// The polygons are Natural Earth's small-scale (1:110m) countries as shipped by the countryinfo
/// package, simplified by `Scripts/map/build-outlines.py`. They are good for seeing where pins are,
/// not for deciding which country a point is in: borders are moved by up to a few kilometres.
public enum CountryOutlines {
    /// One closed outline of a country or of one of its islands.
    public struct Ring: Sendable {
        /// The country's ISO 3166-1 alpha-3 code (`FRA`); Kosovo is `XKX`.
        public let countryCode: String
        /// Longitudes of the vertices in degrees; the ring closes on its first point.
        public let longitudes: [Double]
        /// Latitudes of the vertices in degrees, index for index with ``longitudes``.
        public let latitudes: [Double]
        /// The bounding box, in degrees: lets renderers skip rings outside the view cheaply.
        public let west: Double, east: Double, south: Double, north: Double
    }

    /// Every ring, parsed on first use: only the map command pays for it (about 10,000 points).
    public static let rings: [Ring] = parse(data)

    /// Parses the bundled text: one ring a line, `ISO3 lon lat dlon dlat …` in hundredths of a degree.
    static func parse(_ text: StaticString) -> [Ring] {
        text.withUTF8Buffer { buffer in
            var rings: [Ring] = []
            var start = 0
            while start < buffer.count {
                var end = start
                while end < buffer.count && buffer[end] != UInt8(ascii: "\n") { end += 1 }
                if let ring = parseLine(buffer, start, end) { rings.append(ring) }
                start = end + 1
            }
            return rings
        }
    }

    private static func parseLine(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Ring? {
        var index = start
        while index < end && buffer[index] != UInt8(ascii: " ") { index += 1 }
        guard index > start else { return nil }
        let code = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
        var numbers: [Int] = []
        numbers.reserveCapacity((end - index) / 3)
        var value = 0, negative = false, inNumber = false
        for position in index..<end {
            let byte = buffer[position]
            if byte == UInt8(ascii: "-") {
                negative = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                inNumber = true
            } else if inNumber {
                numbers.append(negative ? -value : value)
                value = 0; negative = false; inNumber = false
            }
        }
        if inNumber { numbers.append(negative ? -value : value) }
        guard numbers.count >= 6 else { return nil }
        var longitudes: [Double] = [], latitudes: [Double] = []
        var lon = 0, lat = 0
        for pair in stride(from: 0, to: numbers.count - 1, by: 2) {
            lon += numbers[pair]
            lat += numbers[pair + 1]
            longitudes.append(Double(lon) / 100)
            latitudes.append(Double(lat) / 100)
        }
        return Ring(countryCode: code, longitudes: longitudes, latitudes: latitudes,
                    west: longitudes.min()!, east: longitudes.max()!,
                    south: latitudes.min()!, north: latitudes.max()!)
    }
}
