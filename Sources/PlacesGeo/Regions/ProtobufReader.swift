/// Reads the protocol-buffer wire format (varints, zigzag, length-delimited fields) from a byte range,
/// as the OSM PBF format needs it: no schema, no generated code, every read bounds-checked.
struct ProtobufReader {
    struct Failure: Error {
        let reason: String
    }

    /// A field's wire type.
    enum WireType: Int {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    let base: UnsafePointer<UInt8>
    private(set) var index: Int
    let end: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil) {
        base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        index = start
        self.end = end ?? buffer.count
    }

    init(base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        self.base = base
        index = start
        self.end = end
    }

    var atEnd: Bool { index >= end }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < end else { throw Failure(reason: "a number runs past the end of its message") }
            let byte = base[index]
            index += 1
            guard shift < 64 else { throw Failure(reason: "a number is longer than 10 bytes") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    mutating func signed() throws -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// The next field's number and wire type; `nil` at the end of the message.
    mutating func field() throws -> (number: Int, type: WireType)? {
        guard index < end else { return nil }
        let key = try varint()
        guard let type = WireType(rawValue: Int(key & 7)) else {
            throw Failure(reason: "field \(key >> 3) has wire type \(key & 7), which the format does not use")
        }
        guard key >> 3 > 0, key >> 3 < 1 << 29 else { throw Failure(reason: "a field number of \(key >> 3)") }
        return (Int(key >> 3), type)
    }

    /// The byte range of a length-delimited field's contents; the reader moves past it.
    mutating func bytes() throws -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - index) else { throw Failure(reason: "a field of \(length) bytes runs past the end of its message") }
        let start = index
        index += Int(length)
        return start..<index
    }

    mutating func skip(_ type: WireType) throws {
        switch type {
        case .varint: _ = try varint()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        case .lengthDelimited: _ = try bytes()
        }
    }

    private mutating func advance(_ count: Int) throws {
        guard end - index >= count else { throw Failure(reason: "a field runs past the end of its message") }
        index += count
    }

    /// A reader over a sub-range (a nested message or a packed field).
    func sub(_ range: Range<Int>) -> ProtobufReader {
        ProtobufReader(base: base, from: range.lowerBound, to: range.upperBound)
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// The values of a packed repeated varint field (or one unpacked value).
    mutating func packedVarints(_ type: WireType, into values: inout [UInt64]) throws {
        if type == .varint { values.append(try varint()); return }
        guard type == .lengthDelimited else { throw Failure(reason: "a packed list with wire type \(type.rawValue)") }
        var inner = sub(try bytes())
        // Each value takes a byte at least: one allocation for the list, not one each time it doubles.
        values.reserveCapacity(values.count + (inner.end - inner.index))
        while !inner.atEnd { values.append(try inner.varint()) }
    }

    /// The values of a packed repeated zigzag field (`sint64`).
    mutating func packedSigned(_ type: WireType, into values: inout [Int64]) throws {
        if type == .varint { values.append(try signed()); return }
        guard type == .lengthDelimited else { throw Failure(reason: "a packed list with wire type \(type.rawValue)") }
        var inner = sub(try bytes())
        values.reserveCapacity(values.count + (inner.end - inner.index))
        while !inner.atEnd { values.append(try inner.signed()) }
    }
}
