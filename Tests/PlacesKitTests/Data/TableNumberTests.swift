import Testing
@testable import PlacesCore
@testable import PlacesGeo

/// The table readers' short ways (``SortedTable/number(at:)``'s plain-decimal path, the eight-byte
/// separator search) give what the general ways give: the same double, bit for bit, and the same offsets.
@Suite struct TableNumberTests {
    /// The offset of the first tab or newline at or after `offset`, a byte at a time.
    static func separator(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != 9, bytes[index] != 10 { index += 1 }
        return index
    }

    /// Field `index` of the line at `offset`, a byte at a time.
    static func field(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, ofLineAt offset: Int) -> Int {
        var position = offset, remaining = index
        while remaining > 0, position < bytes.count {
            if bytes[position] == 9 { remaining -= 1 } else if bytes[position] == 10 { return position }
            position += 1
        }
        return position
    }

    @Test func everyCoordinateOfThePlacesTableReadsAsTheGeneralReaderReadsIt() {
        let places = GazetteerData.places
        var offset = 0, lines = 0, general = 0
        while offset < places.count {
            let latitudeStart = places.field(.latitude, ofLineAt: offset)
            let longitudeStart = places.field(.longitude, ofLineAt: offset)
            for start in [latitudeStart, longitudeStart] {
                let fast = places.number(at: start), slow = places.numberInGeneral(at: start)
                if fast.value.bitPattern != slow.value.bitPattern || fast.end != slow.end {
                    Issue.record("line at \(offset): \(places.text(field: 0, ofLineAt: start)) reads \(fast) and \(slow)")
                }
                if fast.end == slow.end, places.base[fast.end] != 9 { general += 1 }
            }
            lines += 1
            offset = places.nextLine(after: offset)
        }
        #expect(lines > 240_000, "\(lines) lines")
        #expect(general == 0, "\(general) coordinates not followed by a tab")
    }

    @Test func everyFieldOfTheGazetteerTablesReadsAsTheGeneralReaderReadsIt() {
        for table in [GazetteerData.places, GazetteerData.regions, GazetteerData.counties] {
            var offset = 0, fields = 0
            while offset < table.count {
                var start = offset
                while start < table.count {
                    let fast = table.number(at: start), slow = table.numberInGeneral(at: start)
                    if fast.value.bitPattern != slow.value.bitPattern || fast.end != slow.end {
                        Issue.record("field at \(start) reads \(fast) and \(slow)")
                    }
                    fields += 1
                    let end = table.fieldEnd(from: start)
                    if end >= table.count || table.base[end] == 10 { break }
                    start = end + 1
                }
                offset = table.nextLine(after: offset)
            }
            #expect(fields > table.count / 200, "\(fields) fields")
        }
    }

    @Test func unusualNumbersReadAsTheGeneralReaderReadsThem() {
        let cases = ["+7.25", "1.5e-05", "2E3", "-", "", ".", "-.5", ".5", "5.", "-0", "-0.0", "0", "007.50",
                     "123456789012345678", "1234567890123456789", "0.123456789012345678", "0.1234567890123456789",
                     "12345678901234567890.5", "-179.99999", "89.999999999999999999", "9007199254740993",
                     "1.7976931348623157e308", "abc", "-x", "4\t5", "3.14\n"]
        // Alone (read a byte at a time), and followed by more of a line (read eight bytes at a time).
        for text in cases + cases.map({ $0 + "\tBerlin\tDE\t16\t3644826\n" }) + ["12345678.5\t" + String(repeating: "x", count: 16)] {
            // A byte past the table's end, so that an empty table has an address too (it is never read).
            let bytes = Array(text.utf8) + [0x31]
            bytes.withUnsafeBufferPointer { buffer in
                let table = SortedTable(base: buffer.baseAddress!, count: buffer.count - 1)
                let fast = table.number(at: 0), slow = table.numberInGeneral(at: 0)
                #expect(fast.value.bitPattern == slow.value.bitPattern && fast.end == slow.end, "\(text): \(fast) and \(slow)")
            }
        }
        // Every length of whole part and fraction, and bytes just outside the digits.
        for whole in ["", "7", "42", "180", "1234", "99999", "123456", "1234567", "12345678", "123456789"] {
            for fraction in [nil, "", "5", "05", "123", "99999", "000001", "1234567", "12345678", "123456789"] {
                for after in ["\t", "\n", "/", ":", "e5", "E", "\u{FA}", "x", "9"] {
                    let text = "-" + whole + (fraction.map { "." + $0 } ?? "") + after + "\t" + String(repeating: "x", count: 20)
                    let bytes = Array(text.utf8)
                    bytes.withUnsafeBufferPointer { buffer in
                        let table = SortedTable(base: buffer.baseAddress!, count: buffer.count)
                        for start in [0, 1] {
                            let fast = table.number(at: start), slow = table.numberInGeneral(at: start)
                            if fast.value.bitPattern != slow.value.bitPattern || fast.end != slow.end {
                                Issue.record("\(text) at \(start): \(fast) and \(slow)")
                            }
                        }
                    }
                }
            }
        }
        let table = Array("51.5\t-0.125\n".utf8)
        table.withUnsafeBufferPointer { buffer in
            let sorted = SortedTable(base: buffer.baseAddress!, count: buffer.count)
            #expect(sorted.number(at: 0) == (51.5, 4))
            #expect(sorted.number(at: 5) == (-0.125, 11))
        }
    }

    /// Separators at every place around the eight-byte steps and the table's end.
    @Test func fieldsAndFieldEndsAreFoundAsAByteScanFindsThem() {
        var seed: UInt64 = 9
        var text: [UInt8] = []
        for _ in 0..<4_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let pick = Int(seed >> 59)
            // Mostly letters, some tabs and newlines, and bytes that differ from them by one bit or a borrow.
            text.append(pick < 3 ? 9 : pick < 5 ? 10 : pick == 5 ? 8 : pick == 6 ? 11 : pick == 7 ? 0x89 : pick == 8 ? 0x0A | 0x80 : 0x61 + UInt8(pick))
        }
        text.withUnsafeBufferPointer { bytes in
            for end in [bytes.count, bytes.count - 3, 7, 1] {
                let part = UnsafeBufferPointer(rebasing: bytes[0..<end])
                let table = SortedTable(base: part.baseAddress!, count: part.count)
                for offset in 0...part.count {
                    if table.fieldEnd(from: offset) != Self.separator(part, from: offset) {
                        Issue.record("field end from \(offset) of \(end)")
                    }
                    for index in 0..<4 where table.field(index, ofLineAt: offset) != Self.field(part, index, ofLineAt: offset) {
                        Issue.record("field \(index) from \(offset) of \(end)")
                    }
                }
            }
        }
        let places = GazetteerData.places
        let bytes = places.bytes
        var offset = 0
        while offset < places.count {
            for index in 0..<16 where places.field(index, ofLineAt: offset) != Self.field(bytes, index, ofLineAt: offset) {
                Issue.record("field \(index) of the line at \(offset)")
            }
            offset = places.nextLine(after: offset)
        }
    }

    /// ``SortedTable/fields(at:)`` splits a line as a split on the tab character does: empty fields kept, a
    /// line's last field without its newline, letters of any script whole.
    @Test func fieldsAreTheLineSplitOnTabs() {
        let text = "a\tb\t\tc\n\t\n\nÉvian-les-Bains\t1\t\t\nlast\tline"
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let table = SortedTable(base: buffer.baseAddress!, count: buffer.count)
            var offset = 0, lines = 0
            while offset < table.count {
                let line = String(decoding: buffer[offset..<min(table.nextLine(after: offset) - 1, buffer.count)], as: UTF8.self)
                #expect(table.fields(at: offset) == line.split(separator: "\t", omittingEmptySubsequences: false), "\(line)")
                offset = table.nextLine(after: offset)
                lines += 1
            }
            #expect(lines == 5)
            #expect(table.fields(at: 0) == ["a", "b", "", "c"])
        }
    }
}
