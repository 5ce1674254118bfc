import Foundation
import PlacesTestSupport
import Testing

/// `places map` writing PNG, refusing other image endings, and naming context around the pins.
@Suite struct MapImageCommandTests {
    /// Checks a PNG with Python's zlib and struct: chunks' CRCs, the inflated size, and that the
    /// pixels are not one flat colour. Prints `ok WIDTH HEIGHT COLOURS` or the problem.
    static let pngCheck = """
    import struct, sys, zlib
    data = open(sys.argv[1], 'rb').read()
    assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
    pos, idat, width, height = 8, b'', 0, 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) & 0xffffffff == crc, 'crc of ' + kind.decode()
        if kind == b'IHDR': width, height, depth, colour = struct.unpack('>IIBB', body[:10]); assert (depth, colour) == (8, 2)
        if kind == b'IDAT': idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    assert len(raw) == (width * 3 + 1) * height, 'size'
    colours = set()
    for row in range(0, height, 7):
        line = raw[row * (width * 3 + 1) + 1:(row + 1) * (width * 3 + 1)]
        colours.update(line[i:i + 3] for i in range(0, len(line), 3 * 5))
    print('ok', width, height, len(colours))
    """

    static func journal() throws -> PlacesRunner {
        let runner = try PlacesRunner()
        _ = try runner.add("Dishoom Covent Garden", "51.5126,-0.1268", ["--tag", "food", "--on", "2024-05-01"])
        _ = try runner.add("Louvre", "48.8606,2.3376", ["--tag", "museums"])
        _ = try runner.add("Tokyo Tower", "35.6586,139.7454")
        return runner
    }

    @Test(.enabled(if: ExternalTool.available("python3"), "needs python3"))
    func pngIsAValidImageThatIsNotBlank() throws {
        let runner = try Self.journal()
        defer { runner.removeAll() }
        // By the ending, by --format with no ending, and a city view with an upper-case ending.
        for (file, extra) in [("trip.png", []), ("plain", ["--format", "png"]),
                              ("city.PNG", ["--around", "51.51,-0.12", "--radius", "5km", "--width", "500"])] {
            let path = runner.directory.appendingPathComponent(file).path
            let result = try runner.run(["map", "-o", path] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("Wrote"))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(!bytes.starts(with: Array("<?xml".utf8)), "-o \(file) must never hold SVG")
            let checked = try ExternalTool.run(try ExternalTool.require("python3"), ["-c", Self.pngCheck, path])
            #expect(checked.status == 0, "\(checked.output)")
            let words = checked.stdout.split(separator: " ")
            #expect(words.first == "ok")
            #expect(words.count == 4 && (Int(words[3].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 50, "\(checked.stdout)")
            if file == "city.PNG" { #expect(words.count > 1 && words[1] == "500") }
        }
    }

    @Test(.enabled(if: ExternalTool.available("file"), "needs file"))
    func fileRecognisesThePNG() throws {
        let runner = try Self.journal()
        defer { runner.removeAll() }
        let path = runner.directory.appendingPathComponent("map.png").path
        #expect(try runner.run(["map", "-o", path, "--width", "400"]).status == 0)
        let described = try ExternalTool.run(try ExternalTool.require("file"), [path])
        #expect(described.stdout.contains("PNG image data, 400 x"), "\(described.stdout)")
    }

    @Test func otherImageEndingsAreRefusedAndNothingIsWritten() throws {
        let runner = try Self.journal()
        defer { runner.removeAll() }
        for name in ["trip.jpg", "trip.pdf", "trip.webp"] {
            let path = runner.directory.appendingPathComponent(name).path
            let result = try runner.run(["map", "-o", path])
            #expect(result.status != 0)
            #expect(result.stderr.contains("is not a map format"), "\(result.stderr)")
            #expect(result.stderr.contains(".svg, .html or .png"))
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        let clash = try runner.run(["map", "-o", runner.directory.appendingPathComponent("trip.png").path, "--format", "svg"])
        #expect(clash.status != 0)
        #expect(clash.stderr.contains("ends in .png but --format is svg"), "\(clash.stderr)")
    }

    @Test func contextNamesAreOnByDefaultAndCanBeLeftOut() throws {
        let runner = try Self.journal()
        defer { runner.removeAll() }
        let with = try runner.run(["map", "--around", "51.51,-0.12", "--radius", "5km"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains("class=\"context\""))
        let without = try runner.run(["map", "--around", "51.51,-0.12", "--radius", "5km", "--no-context"])
        #expect(without.status == 0)
        #expect(!without.stdout.contains("class=\"context\""))
        #expect(without.stdout.contains(">Dishoom Covent Garden</text>"))
    }
}
