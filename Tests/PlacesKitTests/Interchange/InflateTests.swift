import Foundation
@testable import PlacesKit
import PlacesTestSupport
import Testing

/// The DEFLATE decoder against zlib itself: python3's `zlib` module writes raw streams of every
/// strategy and level (stored, fixed and dynamic Huffman blocks, Huffman-only, run-length, filtered),
/// over inputs that exercise literals, short overlapping matches, long distances and the 258-byte
/// maximum match; each must inflate to exactly its input, refuse to grow past a limit one byte short,
/// and refuse every cut of itself.
@Suite struct InflateTests {
    /// One zlib-made stream and the bytes it holds.
    struct Case {
        var name: String
        var plain: [UInt8]
        var deflated: [UInt8]
    }

    /// Writes `NAME.plain` and `NAME.deflate` for every input × strategy × level into a fresh directory.
    static let script = #"""
import os, random, sys, zlib
out = sys.argv[1]
rng = random.Random(24)
words = [b"street", b"Avenue", b"des", b"Sp\xc3\xa9lugues", b"caf\xc3\xa9", b"Monaco", b"98000", b"node", b"way"]
inputs = {
    "empty": b"",
    "one": b"x",
    "text": b" ".join(rng.choice(words) for _ in range(40000)),
    "random": bytes(rng.getrandbits(8) for _ in range(70000)),
    "run": b"a" * 100000 + b"b" * 3 + b"a" * 5000,
    "periods": b"".join(bytes([i % p for i in range(300)]) for p in range(2, 12)) * 40,
    "far": (lambda block: block + bytes(rng.getrandbits(8) for _ in range(30000)) + block)(bytes(rng.getrandbits(8) for _ in range(2000))),
    "mixed": b"".join((bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 40))) if rng.random() < 0.3 else rng.choice(words) * rng.randint(1, 30)) for _ in range(5000)),
}
strategies = {"default": zlib.Z_DEFAULT_STRATEGY, "filtered": zlib.Z_FILTERED, "huffman": zlib.Z_HUFFMAN_ONLY, "rle": zlib.Z_RLE, "fixed": zlib.Z_FIXED}
for name, data in inputs.items():
    for strategy, value in strategies.items():
        for level in (0, 1, 6, 9):
            if level == 0 and strategy != "default":
                continue
            compressor = zlib.compressobj(level, zlib.DEFLATED, -15, 9, value)
            # A full flush midway puts a stored block and a byte boundary in the middle of the stream.
            half = len(data) // 2
            stream = compressor.compress(data[:half]) + compressor.flush(zlib.Z_FULL_FLUSH) + compressor.compress(data[half:]) + compressor.flush()
            assert zlib.decompress(stream, -15) == data
            base = os.path.join(out, "%s-%s-%d" % (name, strategy, level))
            open(base + ".plain", "wb").write(data)
            open(base + ".deflate", "wb").write(stream)
"""#

    /// The streams, made once for every test of the suite: python3 writing 128 streams costs more than
    /// most of the checks that read them, and the files are only read.
    static let sharedCases = Result { try makeZlibCases() }

    static func zlibCases() throws -> [Case] { try sharedCases.get() }

    static func makeZlibCases() throws -> [Case] {
        let directory = try makeTestDirectory("inflate")
        defer { try? FileManager.default.removeItem(at: directory) }
        let python = try ExternalTool.require("python3")
        let made = try ExternalTool.run(python, ["-c", script, directory.path])
        try #require(made.status == 0, "\(made.output)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".deflate") }.sorted()
        return try names.map { file in
            let name = String(file.dropLast(".deflate".count))
            return Case(name: name,
                        plain: [UInt8](try Data(contentsOf: directory.appendingPathComponent(name + ".plain"))),
                        deflated: [UInt8](try Data(contentsOf: directory.appendingPathComponent(file))))
        }
    }

    @Test(.enabled(if: ExternalTool.available("python3")))
    func everyZlibStrategyAndBlockTypeInflatesExactly() throws {
        let cases = try Self.zlibCases()
        #expect(cases.count == 8 * 16)
        for item in cases {
            let inflated = try Inflate.decompress(item.deflated, from: 0, to: item.deflated.count, limit: item.plain.count)
            #expect(inflated == item.plain, "\(item.name)")
        }
    }

    @Test(.enabled(if: ExternalTool.available("python3")))
    func streamsInTheMiddleOfOtherBytesInflateExactly() throws {
        // PBF blobs and zip entries sit inside larger buffers: the decoder must stop at `end`, not at the array's end.
        for item in try Self.zlibCases() where item.name.hasPrefix("mixed") || item.name.hasPrefix("one") {
            let framed = [UInt8](repeating: 0xFF, count: 5) + item.deflated + [UInt8](repeating: 0xFF, count: 11)
            let inflated = try Inflate.decompress(framed, from: 5, to: 5 + item.deflated.count, limit: item.plain.count)
            #expect(inflated == item.plain, "\(item.name)")
        }
    }

    @Test(.enabled(if: ExternalTool.available("python3")))
    func aLimitOneByteShortIsRefused() throws {
        for item in try Self.zlibCases() where !item.plain.isEmpty {
            #expect(throws: Inflate.Failure.self, "\(item.name)") {
                try Inflate.decompress(item.deflated, from: 0, to: item.deflated.count, limit: item.plain.count - 1)
            }
        }
    }

    @Test(.enabled(if: ExternalTool.available("python3")))
    func everyCutStreamIsRefused() throws {
        for item in try Self.zlibCases() {
            // Every cut in the first and last 40 bytes, and 60 cuts between.
            let size = item.deflated.count
            var cuts = Set(0..<min(size, 40)).union(max(0, size - 40)..<size)
            if size > 80 { cuts.formUnion(stride(from: 40, to: size - 40, by: max(1, (size - 80) / 60))) }
            for cut in cuts.sorted() {
                let result = Result { try Inflate.decompress(item.deflated, from: 0, to: cut, limit: item.plain.count) }
                #expect(throws: Inflate.Failure.self, "\(item.name) cut at \(cut) of \(size)") { try result.get() }
            }
        }
    }

    @Test func corruptBlocksAreRefused() {
        // Block type 3 is reserved; a stored block whose length and complement disagree; a dynamic block
        // whose code-length code is over-subscribed (every one of 19 code lengths 1 bit long).
        let reserved: [UInt8] = [0x07]
        let badStored: [UInt8] = [0x01, 0x05, 0x00, 0x00, 0x00, 1, 2, 3, 4, 5]
        let overSubscribed: [UInt8] = [0x05, 0xE0, 0x93, 0x24, 0x49, 0x92, 0x24, 0x49, 0x92, 0x00]
        for stream in [reserved, badStored, overSubscribed] {
            #expect(throws: Inflate.Failure.self) { try Inflate.decompress(stream, from: 0, to: stream.count, limit: 1000) }
        }
    }
}
